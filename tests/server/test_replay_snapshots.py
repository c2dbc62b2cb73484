"""Replay snapshots: a room reloads from its latest snapshot and replays only the actions
after it, with the same view as a replay from the start; a snapshot that does not apply
(other code, damaged, undone) is passed over and the record replays whole."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from serverkit import act, auth, create, finish_resuming, rooms_of, state
from sqlalchemy import update
from starlette.testclient import TestClient

from racerbile.server.room import Room
from racerbile.store import ActionRow, GameRow, SnapshotRow, Store, now
from racerbile.store.tables import snapshots

EVERY = 10
LONG = {"players": [{"name": "Anna"}, {"name": "Bo"}], "target": 10_000}


@pytest.fixture
def replayed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Records how many stored entries each room replay is given (a resumed room that
    waits for nothing leaves memory and loads again when asked for)."""
    counts: list[int] = []
    original = Room.replay

    def counting(room: Room, rows: list[ActionRow]) -> None:
        counts.append(len(rows))
        original(room, rows)

    monkeypatch.setattr(Room, "replay", counting)
    yield counts


def play(client: TestClient, created: dict[str, Any], turns: int, dice: str = "digital") -> None:
    """Plays ``turns`` turns by the host: a roll, the dice (the host's, or digital ones
    that follow), then a move."""
    gid, host = created["id"], created["host_token"]
    for _ in range((2 if dice == "digital" else 3) * turns):
        seen = state(client, gid, host)
        assert act(client, gid, host, seen["legal_actions"][0], seen["seq"]).status_code == 200


def views(client: TestClient, created: dict[str, Any]) -> list[Any]:
    """What the host, a seat and a spectator see, in English and Danish, and the record."""
    gid = created["id"]
    tokens = [created["host_token"], created["seats"][1]["token"], None]
    seen = [state(client, gid, tok, lang=lang) for tok in tokens for lang in ("en", "da")]
    record = client.get(f"/api/games/{gid}/record", headers=auth(created["host_token"]))
    return [*seen, record.json()]


def drain(client: TestClient) -> None:
    snapshotting = rooms_of(client).snapshots
    assert snapshotting is not None
    client.portal.call(snapshotting.drain)  # type: ignore[union-attr]


def long_game(
    client: TestClient, turns: int = 12, dice: str = "digital"
) -> tuple[dict[str, Any], list[Any]]:
    created = create(client, setup=LONG, dice=dice)
    views(client, created)  # seat 1's token claims its seat, which every view then shows
    play(client, created, turns, dice)
    drain(client)
    return created, views(client, created)


def stored(db_url: str, game_id: str) -> SnapshotRow | None:
    store = Store(db_url)
    try:
        return store.snapshot(game_id)
    finally:
        store.close()


def test_a_restarted_server_loads_the_snapshot_and_shows_the_same(
    open_client: Callable[..., TestClient], any_db_url: str, replayed: list[int]
) -> None:
    created, before = long_game(open_client(any_db_url, snapshot_every=EVERY))
    snap = stored(any_db_url, created["id"])
    assert snap is not None and snap.seq >= 3 * EVERY  # 12 turns of 3 entries
    entries = before[0]["seq"]
    replayed.clear()
    again = open_client(any_db_url, snapshot_every=EVERY)
    finish_resuming(again)
    assert views(again, created) == before
    assert set(replayed) == {entries - snap.seq}  # only the entries after the snapshot
    # It plays on as a room replayed from the start would.
    play(again, created, 4)
    drain(again)
    later = views(again, created)
    whole = open_client(any_db_url, snapshot_every=None)
    finish_resuming(whole)
    assert views(whole, created) == later


def test_a_snapshot_of_other_code_is_passed_over(
    open_client: Callable[..., TestClient], db_url: str, replayed: list[int]
) -> None:
    created, before = long_game(open_client(snapshot_every=EVERY))
    _change(db_url, created["id"], fingerprint="written-by-other-code")
    replayed.clear()
    again = open_client(snapshot_every=EVERY)
    finish_resuming(again)
    assert views(again, created) == before
    assert set(replayed) == {before[0]["seq"]}  # the whole record


def test_a_damaged_snapshot_is_passed_over_with_a_warning(
    open_client: Callable[..., TestClient],
    db_url: str,
    replayed: list[int],
    caplog: pytest.LogCaptureFixture,
) -> None:
    created, before = long_game(open_client(snapshot_every=EVERY))
    snap = stored(db_url, created["id"])
    assert snap is not None
    _change(db_url, created["id"], data={**snap.data, "makers": [[0, False]]})
    replayed.clear()
    again = open_client(snapshot_every=EVERY)
    finish_resuming(again)
    assert views(again, created) == before
    assert set(replayed) == {before[0]["seq"]}
    assert "replays from its start" in caplog.text


def test_an_undo_reaching_before_the_snapshot_replays_the_whole_record(
    open_client: Callable[..., TestClient], db_url: str, replayed: list[int]
) -> None:
    client = open_client(snapshot_every=EVERY)
    created, _ = long_game(client, dice="real")  # real dice may be undone
    snap = stored(db_url, created["id"])
    assert snap is not None
    gid, host = created["id"], created["host_token"]
    seq = state(client, gid, host)["seq"]
    back = list(range((snap.seq - 1) // 3 * 3 + 1, seq + 1))  # from the snapshot's turn on
    assert back[0] <= snap.seq
    undone = client.post(
        f"/api/games/{gid}/void", json={"actions": back, "seq": seq}, headers=auth(host)
    )
    assert undone.status_code == 200, undone.text
    before = views(client, created)
    replayed.clear()
    again = open_client(snapshot_every=EVERY)
    finish_resuming(again)
    assert views(again, created) == before
    assert set(replayed) == {before[0]["seq"]}


def test_the_store_keeps_the_newest_snapshot(any_db_url: str) -> None:
    store = Store(any_db_url)
    try:
        assert store.snapshot("nosuchgame") is None
        store.create_game(GameRow("g1", "toy", 1, {}, 1, "digital", "h" * 64, "CODE1", (), now()))
        assert store.save_snapshot("g1", SnapshotRow(20, "f", {"at": 20}))
        assert not store.save_snapshot("g1", SnapshotRow(10, "f", {"at": 10}))  # older
        assert not store.save_snapshot("g1", SnapshotRow(20, "f", {"at": 21}))  # as new
        assert store.snapshot("g1") == SnapshotRow(20, "f", {"at": 20})
        assert store.save_snapshot("g1", SnapshotRow(30, "g", {"at": 30}))
        assert store.snapshot("g1") == SnapshotRow(30, "g", {"at": 30})
    finally:
        store.close()


def _change(db_url: str, game_id: str, **values: Any) -> None:
    store = Store(db_url)
    try:
        with store.engine.begin() as conn:
            conn.execute(update(snapshots).where(snapshots.c.game_id == game_id).values(**values))
    finally:
        store.close()
