"""Helpers for the server tests: a toy game's creation, actions and snapshots, and a
real ``racerbile serve`` process."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import httpx
from starlette.testclient import TestClient

from racerbile.engine import Action
from racerbile.engine.codec import record_codec
from racerbile.server.rooms import Rooms
from racerbile.server.workers import BotPool, Decision, _decide
from racerbile.store import GameRow, SeatRow, now

T = TypeVar("T")
PLAYERS = {"players": [{"name": "Anna"}, {"name": "Bo"}]}
ANNA_AND_BOT = (SeatRow(0, "Anna", "a" * 64), SeatRow(1, "Bo", None, bot="mover"))


def game_row(
    game_id: str = "g1", code: str = "ABCDEF", seats: tuple[SeatRow, ...] = ANNA_AND_BOT
) -> GameRow:
    """A stored toy game for the store's own tests: Anna's seat and a bot's by default."""
    return GameRow(
        id=game_id,
        game="toy",
        rules_version=1,
        setup={"players": [{"name": s.name} for s in seats], "target": 10},
        seed=2**62 - 1,
        dice="digital",
        host_token_hash="h" * 64,
        join_code=code,
        seats=seats,
        created=now(),
    )


HERE = Path(__file__).resolve().parent
# Runs the real command line with the toy game registered first (Racerbile is built in).
TOY_LAUNCHER = (
    "from racerbile.games import REGISTRY; REGISTRY['toy'] = 'toygame'; "
    "from racerbile.cli import main; main()"
)
UP_S = 180  # a start imports everything and resumes the games: slow on a busy machine


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


def run_on_own_loop(main: Coroutine[Any, Any, T]) -> T:
    """Runs ``main`` on a new event loop in a thread of its own: a browser test in this
    process may leave an event loop running in the main thread, where asyncio.run fails."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, main).result()


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


@contextlib.contextmanager
def serve_process(db_url: str, log: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Runs ``racerbile serve`` (the toy game registered) on ``db_url`` until the block
    ends, its output appended to ``log``; yields its address and process."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]),
    }
    port = free_port()
    with log.open("ab") as output:
        process = subprocess.Popen(
            [sys.executable, "-c", TOY_LAUNCHER, "serve", "--port", str(port), "--db", db_url],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_up(base, process, log)
        yield base, process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


def _wait_up(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + UP_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited:\n{log.read_text()[-3000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/api/meta/health", timeout=5).status_code == 200:
                return
        time.sleep(0.05)
    raise AssertionError(f"the server did not come up within {UP_S} s:\n{log.read_text()[-3000:]}")
