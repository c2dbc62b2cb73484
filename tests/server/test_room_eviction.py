"""Rooms leave memory when idle or past the cap, and reload from the store with the same view."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from serverkit import act, auth, create, rooms_of, state, token
from starlette.testclient import TestClient

from racerbile.server import Settings, create_app
from racerbile.server.workers import BotPool
from racerbile.store import Store

IDLE_S = 60.0


@pytest.fixture
def ticking(db_url: str, bot_pool: BotPool) -> Iterator[tuple[TestClient, list[float]]]:
    """An app whose clock (of idle rooms) the test moves by hand."""
    now = [1000.0]
    store = Store(db_url)
    settings = Settings(join_limit=None, create_limit=None, room_idle_s=IDLE_S)
    with TestClient(create_app(settings, store, bot_pool, clock=lambda: now[0])) as client:
        yield client, now
    store.close()


def evict_idle(client: TestClient) -> int:
    dropped: int = client.portal.call(rooms_of(client).evict_idle)  # type: ignore[union-attr]
    return dropped


def played(client: TestClient) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """Creates a game and rolls once; returns it, seat 0's token and its view then."""
    created = create(client, dice="digital")
    tok = token(created, 0)
    assert act(client, created["id"], tok, {"kind": "roll"}, 0).status_code == 200
    return created, tok, state(client, created["id"], tok)


def test_past_the_cap_the_least_recently_used_room_leaves_and_reloads_the_same(
    open_client: Callable[..., TestClient],
) -> None:
    client = open_client(max_rooms=10)
    oldest, tok, before = played(client)
    others = [create(client) for _ in range(10)]
    assert client.get("/api/meta/health").json() == {"games": 10}
    assert state(client, oldest["id"], tok) == before  # reloaded from the store
    assert client.get("/api/meta/health").json() == {"games": 10}  # another one left
    assert state(client, others[-1]["id"])["seq"] == 0


def test_an_idle_room_leaves_unless_watched_or_waiting_on_a_timer(
    ticking: tuple[TestClient, list[float]],
) -> None:
    client, now = ticking
    idle, tok, before = played(client)
    watched = create(client, dice="real")  # the roll alone: one push
    timed = create(client, setup={"players": [{"name": "Anna"}, {"name": "Bo"}], "stall_s": 600})
    with client.websocket_connect(f"/api/games/{watched['id']}/ws") as socket:
        socket.send_json({"type": "auth", "token": None})
        assert socket.receive_json()["type"] == "state"
        now[0] += IDLE_S - 1
        assert evict_idle(client) == 0  # not idle long enough yet
        now[0] += 2
        assert evict_idle(client) == 1
        assert client.get("/api/meta/health").json() == {"games": 2}
        assert state(client, idle["id"], tok) == before
        move = act(client, watched["id"], token(watched, 0), {"kind": "roll"}, 0)
        assert move.status_code == 200
        pushed = [socket.receive_json()["seq"] for _ in range(2)]  # seat 0 taken, then the roll
        assert pushed == [0, 1]  # the watched room still pushes
    assert state(client, timed["id"], None)["timers"][0]["kind"] == "pass"
    assert client.get(f"/api/games/{idle['id']}/record", headers=auth(tok)).status_code == 200
