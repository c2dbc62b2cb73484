"""The relay game through the server's HTTP API: a bot seat, a judge's penalty stored
with who sent it, a void that restores the state before it, the baton's event clock, and
the game's board module served from its folder."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

SETUP = {"players": [{"name": "Ann"}, {"name": "Bot"}], "judges": ["Judy"], "target": 100}


def _auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def _act(client: TestClient, gid: str, token: str, action: dict[str, Any], seq: int) -> Any:
    body = {"action": action, "seq": seq}
    return client.post(f"/api/games/{gid}/actions", json=body, headers=_auth(token))


def _void(client: TestClient, gid: str, token: str, actions: list[int], seq: int) -> Any:
    body = {"actions": actions, "seq": seq}
    return client.post(f"/api/games/{gid}/void", json=body, headers=_auth(token))


def _state(client: TestClient, gid: str, token: str | None = None) -> Any:
    response = client.get(f"/api/games/{gid}", headers=_auth(token))
    assert response.status_code == 200, response.text
    return response.json()


def _settled(client: TestClient, gid: str) -> Any:
    """Returns the state once the bot seat has played (it plays after a short wait)."""
    deadline = time.monotonic() + 20
    while (seen := _state(client, gid))["to_act"] != "chance" and time.monotonic() < deadline:
        time.sleep(0.05)
    return seen


def _created(client: TestClient) -> dict[str, Any]:
    body = {"game": "relay", "setup": SETUP, "bots": {"1": "steady"}, "dice": "real", "seed": 3}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_the_lobby_lists_relay_with_its_bots(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/meta/games").json()}
    assert games["relay"]["bots"] == ["steady", "timid"]


def test_a_judges_penalty_is_stored_with_its_sender_and_a_void_restores_the_state(
    client: TestClient,
) -> None:
    created = _created(client)
    gid, host = created["id"], created["host_token"]
    ann, judy = created["seats"][0]["token"], created["judges"][0]["token"]
    assert _act(client, gid, ann, {"kind": "roll"}, 0).status_code == 200
    assert _act(client, gid, ann, {"kind": "die", "value": 5}, 1).status_code == 200
    assert _act(client, gid, ann, {"kind": "hand"}, 2).json()["view"]["scores"] == [5, 0]
    waiting = _settled(client, gid)  # the bot has rolled; its real dice are due
    assert (waiting["to_act"], waiting["roller"]) == ("chance", 1)
    seq = waiting["seq"]

    penalty = {"kind": "penalty", "seat": 0, "points": 2, "judge": 0}
    docked = _act(client, gid, judy, penalty, seq)
    assert docked.status_code == 200, docked.text
    assert docked.json()["view"]["scores"] == [3, 0]
    assert any("judge 1 docks Ann 2" in e["text"] for e in docked.json()["log"])
    rows = client.app.state.services.store.actions(gid)  # type: ignore[attr-defined]
    assert (rows[-1].action, rows[-1].actor) == (penalty, "judge:0")

    refused = _void(client, gid, ann, [seq + 1], seq + 1)
    assert (refused.status_code, refused.json()["code"]) == (403, "void/forbidden")
    not_a_penalty = _void(client, gid, host, [3], seq + 1)
    assert "only a penalty" in not_a_penalty.json()["reason"]
    undone = _void(client, gid, host, [seq + 1], seq + 1)
    assert undone.status_code == 200, undone.text
    assert undone.json()["view"]["scores"] == [5, 0]
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["actions"][seq:] == [penalty, {"void": [seq + 1]}]


def test_the_baton_countdown_starts_at_the_handover(client: TestClient) -> None:
    created = _created(client)
    gid, ann = created["id"], created["seats"][0]["token"]
    fresh = _state(client, gid)
    assert [(t["kind"], t["since"], t["seconds"]) for t in fresh["timers"]] == [
        ("hand", "event", 60.0)
    ]
    _act(client, gid, ann, {"kind": "roll"}, 0)
    carrying = _act(client, gid, ann, {"kind": "die", "value": 4}, 1).json()
    assert carrying["timers"] == []  # a runner who has rolled has no countdown


def test_the_board_module_is_served_from_the_game_folder(client: TestClient) -> None:
    folder = Path(__file__).resolve().parent / "relay" / "web"
    served = client.get("/games/relay/static/board.js")
    assert served.status_code == 200
    assert served.text == (folder / "board.js").read_text()
    assert client.get("/games/relay/static/strings.js").text == (folder / "strings.js").read_text()
    moved = client.get("/games/relay/board.js", follow_redirects=False)
    assert moved.headers["location"] == "/games/relay/static/board.js"
