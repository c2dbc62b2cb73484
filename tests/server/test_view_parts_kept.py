"""Parts of a view kept from one change to the next: the referee's buttons while the
game lists the same ones, and the decoded entries the undo buttons read. Whatever is
kept, every envelope equals what building it from nothing gives."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverkit import act, auth, create
from starlette.testclient import TestClient

from racerbile.engine.referee import admitted, referee_buttons, referee_options
from racerbile.server import Settings, create_app
from racerbile.server import undo as undo_module
from racerbile.server.access import HOST, Caller
from racerbile.server.room import Room
from racerbile.store import Store

TWO = {"players": [{"name": "Anna"}, {"name": "Bo"}]}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    with TestClient(create_app(Settings(join_limit=None, create_limit=None), store)) as client:
        yield client
    store.close()


def _room(client: TestClient, game_id: str) -> Room:
    room: Room = client.portal.call(client.app.state.services.rooms.get, game_id)  # type: ignore[attr-defined,union-attr]
    return room


def _referee_from_nothing(room: Room, caller: Caller) -> list[dict[str, Any]]:
    if room.to_act is None or caller.role not in ("host", "judge"):
        return []
    options = referee_options(room.game, room.state)
    buttons = referee_buttons(room.game, room.state)
    return [b.to_json() for b in buttons if admitted(options, b, "host")]


def _play(client: TestClient, game: dict[str, Any], moves: int, seed: int) -> Iterator[Room]:
    """Plays seeded random actions by the host; yields the room after each."""
    game_id, host = game["id"], game["host_token"]
    rng, room = random.Random(seed), _room(client, game["id"])
    for _ in range(moves):
        seen = client.get(f"/api/games/{game_id}", headers=auth(host)).json()
        if seen["finished"]:
            return
        act(client, game_id, host, rng.choice(seen["legal_actions"]), seen["seq"])
        yield room


def test_rb_ref_2_the_referee_buttons_are_made_again_only_when_the_game_lists_others(
    client: TestClient,
) -> None:
    # RB-OPT-4 adds the upside-down call during a move only: the buttons change.
    game = create(client, game="racerbile", setup={**TWO, "upside_down": True})
    kept, changed, earlier = 0, 0, None
    for room in _play(client, game, 60, seed=5):
        buttons = room.public(HOST)["referee_actions"]
        assert buttons == _referee_from_nothing(room, HOST)
        if earlier is not None:
            kept += buttons is earlier
            changed += buttons != earlier
        earlier = buttons
    assert kept > 10 and changed > 2


def test_the_undo_buttons_read_kept_entries_and_follow_a_replaced_record(
    client: TestClient,
) -> None:
    # Crashed cars are set back, so random moves keep the race going; the host may take
    # back any move.
    setup = {**TWO, "track": "grand_tour", "options": {"setback": True}}
    game = create(client, game="vectrace", setup=setup)
    room = None
    for room in _play(client, game, 30, seed=2):
        offered = room.public(HOST)["undo"]
        undo_module._DECODED.pop(room, None)  # decoded from nothing, as before any was kept
        assert undo_module.undo_options(room, HOST) == offered
    assert room is not None and len(room.public(HOST)["undo"]) > 10
    newest = room.public(HOST)["undo"][0]["position"]
    voided = client.post(
        f"/api/games/{game['id']}/void",
        json={"actions": [newest], "seq": room.seq},
        headers=auth(game["host_token"]),
    )
    assert voided.status_code == 200, voided.text
    offered = room.public(HOST)["undo"]
    assert newest not in [o["position"] for o in offered]
    undo_module._DECODED.pop(room, None)
    assert undo_module.undo_options(room, HOST) == offered
    # A record replaced whole (a room reloaded after another server wrote first) is
    # decoded anew, though its positions are the same.
    newest = offered[0]["position"]  # decoded for the undo buttons just now
    entries = list(room.actions)
    entries[newest - 1] = next(e for e in entries if e != entries[newest - 1])
    room.actions = entries
    assert undo_module._decoded(room, newest) == room.codec.decode(entries[newest - 1])
