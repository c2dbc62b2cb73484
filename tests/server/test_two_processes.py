"""Two real ``racerbile serve`` processes on one PostgreSQL database: every client sees
the same game from either, a seat token replaced on one is refused on the other, and a
websocket on one hears what was played on the other (LISTEN/NOTIFY between processes)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import PLAYERS, auth, serve_process
from websockets.sync.client import connect

pytestmark = pytest.mark.timeout(600)


@pytest.fixture
def two_processes(postgres_url: str, tmp_path: Path) -> Iterator[tuple[httpx.Client, ...]]:
    log = tmp_path / "servers.log"
    with (
        serve_process(postgres_url, log) as (first, _),
        serve_process(postgres_url, log) as (second, _),
        httpx.Client(base_url=first, timeout=30) as a,
        httpx.Client(base_url=second, timeout=30) as b,
    ):
        yield a, b


def _state(http: httpx.Client, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = http.get(f"/api/games/{game_id}", headers=auth(token))
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    body.pop("join_link", None)  # each process names its own address
    return body


def _act(http: httpx.Client, game_id: str, token: str, kind: str, seq: int) -> dict[str, Any]:
    body = {"action": {"kind": kind}, "seq": seq}
    response = http.post(f"/api/games/{game_id}/actions", json=body, headers=auth(token))
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    answer.pop("join_link", None)
    return answer


def test_two_processes_show_one_game_and_refuse_a_replaced_token(
    two_processes: tuple[httpx.Client, ...],
) -> None:
    a, b = two_processes
    created = a.post("/api/games", json={"game": "toy", "setup": PLAYERS, "seed": 7}).json()
    game_id, anna, link = created["id"], created["seats"][0]["token"], created["seats"][1]["token"]
    assert _state(b, game_id)["seq"] == 0  # the second process holds the game now
    rolled = _act(a, game_id, anna, "roll", 0)
    assert _state(b, game_id, anna) == rolled
    moved = _act(b, game_id, anna, "move", rolled["seq"])
    assert _state(a, game_id, anna) == moved
    assert _state(a, game_id)["view"] == _state(b, game_id)["view"]

    claim = a.post(f"/api/join/{created['join_code']}/claim", json={"seat": 1})
    assert claim.status_code == 200, claim.text
    for http in (a, b):
        refused = http.get(f"/api/games/{game_id}", headers=auth(link))
        assert (refused.status_code, refused.json()["code"]) == (401, "auth/unknown")
    seen = _state(b, game_id, claim.json()["token"])
    assert (seen["role"], seen["seat"]) == ("seat", 1)


def test_a_websocket_on_one_process_hears_an_action_on_the_other(
    two_processes: tuple[httpx.Client, ...],
) -> None:
    a, b = two_processes
    created = b.post("/api/games", json={"game": "toy", "setup": PLAYERS, "seed": 7}).json()
    game_id, anna = created["id"], created["seats"][0]["token"]
    url = str(a.base_url).replace("http://", "ws://") + f"/api/games/{game_id}/ws"
    with connect(url, open_timeout=30) as socket:
        socket.send(json.dumps({"type": "auth", "token": None}))
        assert json.loads(socket.recv(timeout=30))["seq"] == 0
        rolled = _act(b, game_id, anna, "roll", 0)
        pushed = json.loads(socket.recv(timeout=30))
        while pushed["seq"] < rolled["seq"]:  # the seat's claim, the roll, then its die
            pushed = json.loads(socket.recv(timeout=30))
        assert (pushed["seq"], pushed["view"]) == (rolled["seq"], _state(b, game_id)["view"])
