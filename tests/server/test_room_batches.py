"""An action and the dice and bot actions after it are stored in one transaction; what
callers see is built once per change and shared; the log is told incrementally."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverkit import InlineBots, act, auth, create
from sqlalchemy import event
from starlette.testclient import TestClient

from racerbile.engine.contract import plain_json
from racerbile.server import Settings, create_app
from racerbile.server.access import HOST, SPECTATOR, Caller
from racerbile.server.hub import Subscriber
from racerbile.server.room import Room
from racerbile.server.roomlog import LONGEST_RUNS
from racerbile.store import Store


@pytest.fixture
def inline(tmp_path: Path) -> Iterator[TestClient]:
    """An app whose bots decide at once, with a short log (so old events drop out)."""
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    settings = Settings(join_limit=None, create_limit=None, log_size=7)
    with TestClient(create_app(settings, store, InlineBots())) as client:
        yield client
    store.close()


def _room(client: TestClient, game_id: str) -> Room:
    room: Room = client.portal.call(client.app.state.services.rooms.get, game_id)  # type: ignore[attr-defined,union-attr]
    return room


def _counted_commits(client: TestClient) -> list[int]:
    """Returns a counter of the store's committed transactions from now on."""
    commits = [0]
    engine = client.app.state.services.store.engine  # type: ignore[attr-defined]
    event.listen(engine, "commit", lambda _conn: commits.__setitem__(0, commits[0] + 1))
    return commits


def test_an_action_and_the_dice_and_bot_actions_after_it_cost_one_commit(
    inline: TestClient,
) -> None:
    game = create(inline, bots={"1": "mover"})
    game_id, host = game["id"], game["host_token"]
    commits = _counted_commits(inline)
    seq, followed = 0, []
    while True:
        seen = inline.get(f"/api/games/{game_id}", headers=auth(host)).json()
        if seen["finished"]:
            break
        before = commits[0]
        answer = act(inline, game_id, host, seen["legal_actions"][0], seen["seq"])
        assert answer.status_code == 200, answer.text
        assert commits[0] - before == 1, "one transaction per action and what follows it"
        followed.append(answer.json()["seq"] - seq - 1)
        seq = answer.json()["seq"]
    assert max(followed) >= 3  # the bot's roll, its die and its move after a person's move
    store = inline.app.state.services.store  # type: ignore[attr-defined]
    assert [row.seq for row in store.actions(game_id)] == list(range(1, seq + 1))  # gapless
    assert game_id not in store.unfinished()  # the end went into the last transaction
    actors = [row.actor for row in store.actions(game_id)][:6]
    assert actors == ["host:0", "dice", "host:0", "bot:1", "dice", "bot:1"]


def test_callers_who_see_the_same_share_one_view_until_the_game_changes(
    inline: TestClient,
) -> None:
    game = create(inline)
    room = _room(inline, game["id"])
    first = room.public(SPECTATOR, "en")
    assert room.public(SPECTATOR, "en") is first
    assert room.public(SPECTATOR, "da") is not first  # another language, another log
    anna = Caller("seat", 0)
    assert room.public(HOST)["view"] is room.public(anna)["view"]  # the host sees seat 0
    assert room.public(HOST)["legal_actions"] is room.public(anna)["legal_actions"]
    assert room.public(HOST)["log"] is first["log"]  # one language, one log for all

    async def watch() -> tuple[Subscriber, Subscriber]:
        hub = inline.app.state.services.hub  # type: ignore[attr-defined]
        pair = Subscriber(SPECTATOR, "en"), Subscriber(SPECTATOR, "en")
        for subscriber in pair:
            hub.join(room, subscriber)
        return pair

    one, two = inline.portal.call(watch)  # type: ignore[union-attr]
    act(inline, game["id"], game["host_token"], {"kind": "roll"}, 0)
    pushes = [_last(one), _last(two)]
    assert pushes[0] is pushes[1] and pushes[0]["seq"] == 2
    changed = room.public(SPECTATOR, "en")
    assert changed is not first and (first["seq"], changed["seq"]) == (0, 2)
    assert changed["view"]["phase"] == "choose" and first["view"]["phase"] == "turn"


def _last(subscriber: Subscriber) -> dict[str, Any]:
    push = None
    while not subscriber.queue.empty():
        push = subscriber.queue.get_nowait()
    assert push is not None
    assert json.loads(push.text) == push.message  # what the connections are sent
    return push.message


def _described(room: Room, lang: str) -> list[dict[str, Any]]:
    """Returns the log told from scratch, all of it at once."""
    names = room.game.seat_names(room.state)
    lines = room.game.narrate(list(room.log), lang, names)
    if lines is not None:
        return [plain_json(line) for line in lines]  # as the server turns them into JSON
    return [
        {"seq": seq, "kind": e.kind, "text": room.game.describe(e, lang, names)}
        for seq, e in room.log
    ]


def _assert_told_whole(room: Room, lang: str) -> None:
    told, whole = room.public(SPECTATOR, lang)["log"], _described(room, lang)
    assert whole and [{k: line[k] for k in whole[0]} for line in told] == whole


def _played_log_matches(client: TestClient, game: dict[str, Any], moves: int) -> int:
    """Plays seeded random actions by the host; after each, the room's log in both
    languages equals the whole log told at once. Returns the longest log seen."""
    game_id, host = game["id"], game["host_token"]
    rng, longest = random.Random(3), 0
    room = _room(client, game_id)
    opening = None
    for _ in range(moves):
        seen = client.get(f"/api/games/{game_id}", headers=auth(host)).json()
        if seen["finished"]:
            break
        act(client, game_id, host, rng.choice(seen["legal_actions"]), seen["seq"])
        for lang in ("en", "da"):
            _assert_told_whole(room, lang)
        longest = max(longest, len(room.log))
        first = next(iter(room.log), None)
        opening = opening or first
        if first is not opening:  # the oldest events dropped: whole lines only
            assert first is not None and first[1].kind in room.game.narration_breaks
    return longest


def test_racerbile_log_told_move_by_move_equals_the_whole_log_told_at_once(
    inline: TestClient,
) -> None:
    players = {"players": [{"name": "Anna"}, {"name": "Bo"}], "laps": 1}
    game = create(inline, game="racerbile", setup=players)
    # the bounded log drops old events, whole moves at a time
    assert 7 < _played_log_matches(inline, game, 14) <= 7 * LONGEST_RUNS


def test_vectrace_log_told_move_by_move_equals_the_whole_log_told_at_once(
    inline: TestClient,
) -> None:
    setup = {"players": [{"name": "Anna"}, {"name": "Bo"}], "options": {"setback": True}}
    game = create(inline, game="vectrace", setup={**setup, "track": "grand_tour"})
    # the bounded log drops old events, whole moves at a time
    assert 7 < _played_log_matches(inline, game, 30) <= 7 * LONGEST_RUNS


def test_log_told_event_by_event_equals_the_whole_log_after_an_undo(
    inline: TestClient,
) -> None:
    game = create(inline, setup={"players": [{"name": "Anna"}, {"name": "Bo"}], "target": 40})
    _played_log_matches(inline, game, 6)
    seq = inline.get(f"/api/games/{game['id']}").json()["seq"]
    voided = inline.post(
        f"/api/games/{game['id']}/void",
        json={"actions": [seq], "seq": seq},
        headers=auth(game["host_token"]),
    )
    assert voided.status_code == 200, voided.text
    room = _room(inline, game["id"])
    _assert_told_whole(room, "en")  # the undo rebuilt the log: it is told anew
    _played_log_matches(inline, game, 6)
