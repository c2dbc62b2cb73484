"""Helpers for the server tests: a toy game's creation, actions and snapshots."""

from __future__ import annotations

import socket
from typing import Any

from starlette.testclient import TestClient

from racerbile.engine import Action
from racerbile.engine.codec import record_codec
from racerbile.server.rooms import Rooms
from racerbile.server.workers import BotPool, Decision, _decide

PLAYERS = {"players": [{"name": "Anna"}, {"name": "Bo"}]}


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    payload = {"game": "toy", "setup": PLAYERS, "seed": 7, **body}
    response = client.post("/api/games", json=payload)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def token(created: dict[str, Any], seat: int) -> str:
    value: str = created["seats"][seat]["token"]
    return value


def act(
    client: TestClient,
    game_id: str,
    tok: str | None,
    action: dict[str, Any],
    seq: int,
    seat: int | None = None,
) -> Any:
    body: dict[str, Any] = {"action": action, "seq": seq}
    if seat is not None:
        body["seat"] = seat
    return client.post(f"/api/games/{game_id}/actions", json=body, headers=auth(tok))


def state(client: TestClient, game_id: str, tok: str | None = None, **params: str) -> Any:
    response = client.get(f"/api/games/{game_id}", headers=auth(tok), params=params)
    assert response.status_code == 200, response.text
    return response.json()


def snapshot(client: TestClient, game_id: str) -> tuple[int, list[dict[str, Any]], Any]:
    """Returns what must not change on a refused action: seq, record actions, view."""
    record = client.get(f"/api/games/{game_id}/record").json()
    seen = state(client, game_id)
    return seen["seq"], record["actions"], seen["view"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def rooms_of(client: TestClient) -> Rooms:
    rooms: Rooms = client.app.state.services.rooms  # type: ignore[attr-defined]
    return rooms


def finish_resuming(client: TestClient) -> int:
    """Waits for the background resume of ``client``'s app; returns how many it loaded."""
    task = rooms_of(client).resuming
    assert task is not None

    async def wait() -> int:
        return await task

    loaded: int = client.portal.call(wait)  # type: ignore[union-attr]
    return loaded


class InlineBots(BotPool):
    """Bots that decide on the event loop, at once: a test of the room's batches counts
    on each decision arriving within the wait, which worker processes cannot promise."""

    def __init__(self) -> None:
        super().__init__(workers=1, memory_mb=None)

    async def decide(self, decision: Decision, budget_s: float) -> Action | None:
        return record_codec(decision.game).decode(_decide(decision))
