"""A restart answers at once: games are replayed on first use, and the unfinished ones
are resumed in the background (their bots and clocks go on)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from serverkit import act, create, finish_resuming, rooms_of, state, token
from sqlalchemy import insert, select
from starlette.testclient import TestClient

from racerbile.server.room import Room
from racerbile.server.rooms import Rooms
from racerbile.store import Store
from racerbile.store.tables import actions, games, seats

COPIES = 2000


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Counts the games replayed from the store (one entry per room built by replay)."""
    seen: list[str] = []
    original = Room.replay

    def counted(room: Room, rows: Any) -> None:
        seen.append(room.id)
        original(room, rows)

    monkeypatch.setattr(Room, "replay", counted)
    return seen


@pytest.fixture
def held_resume(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Holds the background resume back until the event is set (or the test ends)."""
    gate = threading.Event()
    original = Rooms.resume

    async def gated(rooms: Rooms) -> int:
        await asyncio.to_thread(gate.wait)
        return await original(rooms)

    monkeypatch.setattr(Rooms, "resume", gated)
    yield gate
    gate.set()


def copy_game(url: str, game_id: str, copies: int) -> None:
    """Stores ``copies`` more unfinished games like ``game_id`` (its seats and actions),
    in one transaction."""
    store = Store(url)
    with store.engine.begin() as conn:
        game = dict(conn.execute(select(games).where(games.c.id == game_id)).mappings().one())
        seat_rows = [
            dict(r)
            for r in conn.execute(select(seats).where(seats.c.game_id == game_id)).mappings()
        ]
        action_rows = [
            dict(r)
            for r in conn.execute(select(actions).where(actions.c.game_id == game_id)).mappings()
        ]
        ids = [f"copy{n:05d}" for n in range(copies)]
        conn.execute(insert(games), [{**game, "id": i, "join_code": i.upper()} for i in ids])
        conn.execute(insert(seats), [{**s, "game_id": i} for i in ids for s in seat_rows])
        if action_rows:
            conn.execute(insert(actions), [{**a, "game_id": i} for i in ids for a in action_rows])
    store.close()


def test_restart_with_thousands_of_unfinished_games_replays_only_the_one_asked_for(
    open_client: Callable[..., TestClient],
    db_url: str,
    replays: list[str],
    held_resume: threading.Event,
) -> None:
    first = open_client()
    created = create(first, dice="digital")
    tok = token(created, 0)
    assert act(first, created["id"], tok, {"kind": "roll"}, 0).status_code == 200
    before = state(first, created["id"], tok)
    assert before["seq"] == 2  # the roll and the digital die
    copy_game(db_url, created["id"], COPIES)

    restarted = open_client()
    assert restarted.get("/api/meta/health").json() == {"games": 0}
    assert replays == []  # the start replayed none of the thousands
    assert state(restarted, created["id"], tok) == before
    assert state(restarted, "copy01234", tok)["view"] == before["view"]
    assert replays == [created["id"], "copy01234"]
    assert restarted.get("/api/meta/health").json() == {"games": 2}


def test_the_resume_rolls_due_dice_keeps_a_clock_and_drops_the_rest(
    open_client: Callable[..., TestClient], db_url: str, held_resume: threading.Event
) -> None:
    first = open_client()
    rolled = create(first, dice="digital")
    clocked = create(first, setup={"players": [{"name": "Anna"}, {"name": "Bo"}], "stall_s": 600})
    plain = create(first)
    store = Store(db_url)  # the roll stored as if the server died before its die fell
    store.append_action(rolled["id"], 1, {"kind": "roll"}, "seat:0")

    restarted = open_client()
    held_resume.set()
    assert finish_resuming(restarted) == 3
    assert rooms_of(restarted).count() == 1  # the clock waits in memory; the others, nothing
    assert [row.actor for row in store.actions(rolled["id"])] == ["seat:0", "dice"]
    assert state(restarted, rolled["id"])["to_act"] == 0
    assert state(restarted, clocked["id"])["timers"][0]["kind"] == "pass"
    assert state(restarted, plain["id"])["seq"] == 0
    store.close()
