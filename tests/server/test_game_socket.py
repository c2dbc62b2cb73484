"""The websocket: per-seat pushes, actions, errors, and reconnecting with a token."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from serverkit import act, create, snapshot, token
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

ROLL = {"kind": "roll"}


@contextmanager
def _ws(
    client: TestClient, game_id: str, tok: str | None = None, lang: str = "en"
) -> Iterator[Any]:
    """Opens the socket and authenticates by the first message (a spectator: no token)."""
    with client.websocket_connect(f"/api/games/{game_id}/ws?lang={lang}") as ws:
        ws.send_json({"type": "auth", "token": tok})
        yield ws


def _past_claims(ws: Any) -> Any:
    """Returns the first push after the seat claims (those come at move 0)."""
    while (push := ws.receive_json())["seq"] == 0:
        pass
    return push


def test_socket_pushes_each_seat_its_own_view(client: TestClient) -> None:
    created = create(client)
    gid = created["id"]
    with (
        _ws(client, gid, token(created, 0)) as anna,
        _ws(client, gid, token(created, 1)) as bo,
        _ws(client, gid) as fan,
    ):
        assert [w.receive_json()["seq"] for w in (anna, bo, fan)] == [0, 0, 0]
        # Bo's link took his seat when he connected: Anna's screen was told at once
        assert anna.receive_json()["seats"][1]["claimed"] is True
        act(client, gid, token(created, 0), ROLL, 0)
        # one push per stored batch: Anna's roll and the dice that follow it (before
        # it, a screen may still hear of Bo's claim)
        last = {name: _past_claims(w) for name, w in (("anna", anna), ("bo", bo), ("fan", fan))}
    assert [p["seq"] for p in last.values()] == [2, 2, 2]
    assert {p["type"] for p in last.values()} == {"state"}
    assert (last["anna"]["seat"], last["bo"]["seat"], last["fan"]["seat"]) == (0, 1, None)
    assert last["anna"]["legal_actions"] == [{"kind": "move"}, {"kind": "stay"}]
    assert last["bo"]["legal_actions"] == [] and last["fan"]["legal_actions"] == []
    assert last["bo"]["view"]["you"] == 1


def test_socket_action_and_errors(client: TestClient) -> None:
    created = create(client)
    gid = created["id"]
    with _ws(client, gid, token(created, 0)) as anna:
        anna.receive_json()
        anna.send_json({"type": "action", "action": ROLL, "seq": 0})
        assert anna.receive_json()["seq"] == 2  # the roll and its dice: one push
        before = snapshot(client, gid)
        refusals = [
            ({"type": "action", "action": ROLL, "seq": 0}, "action/stale"),
            ({"type": "action", "action": ROLL, "seq": 2}, "action/illegal"),
            ({"type": "action", "action": ROLL, "seq": 2, "seat": 1}, "seat/not_yours"),
            ({"type": "dance"}, "request/invalid"),
            (
                {"type": "action", "action": {"kind": "move", "pad": "x" * 70_000}, "seq": 2},
                "request/too_large",
            ),
        ]
        for message, code in refusals:
            anna.send_json(message)
            reply = anna.receive_json()
            assert (reply["type"], reply["code"]) == ("error", code), reply
            assert reply["reason"]
        anna.send_text("{not json")
        reply = anna.receive_json()
        assert reply["code"] == "request/malformed" and "not valid JSON" in reply["reason"]
        anna.send_bytes(json.dumps({"type": "ping"}).encode())
        assert anna.receive_json() == {"type": "pong"}
        assert snapshot(client, gid) == before


def test_socket_spectator_cannot_act(client: TestClient) -> None:
    created = create(client)
    with _ws(client, created["id"]) as fan:
        fan.receive_json()
        fan.send_json({"type": "action", "action": ROLL, "seq": 0})
        assert fan.receive_json()["code"] == "auth/missing"
    assert snapshot(client, created["id"])[0] == 0


def test_socket_unknown_token_or_game_is_refused(client: TestClient) -> None:
    created = create(client)
    for game_id, tok, code in (
        (created["id"], "forged", "auth/unknown"),
        ("nope", None, "not_found"),
    ):
        with _ws(client, game_id, tok) as ws:
            assert ws.receive_json()["code"] == code
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()


def test_socket_reconnect_gets_seat_and_current_state(client: TestClient) -> None:
    created = create(client)
    gid, bo = created["id"], token(created, 1)
    with _ws(client, gid, bo) as first:
        assert first.receive_json()["seat"] == 1
    act(client, gid, token(created, 0), ROLL, 0)
    act(client, gid, token(created, 0), {"kind": "move"}, 2)
    with _ws(client, gid, bo, lang="da") as again:
        hello = again.receive_json()
    assert (hello["type"], hello["seat"], hello["role"], hello["seq"], hello["to_act"]) == (
        "state",
        1,
        "seat",
        3,
        1,
    )
    assert hello["legal_actions"] == [ROLL, {"kind": "pass"}]
    assert "rykker" in hello["log"][-1]["text"]


def test_socket_authenticates_by_the_authorization_header(client: TestClient) -> None:
    created = create(client)
    headers = {"Authorization": f"Bearer {token(created, 1)}"}
    with client.websocket_connect(f"/api/games/{created['id']}/ws", headers=headers) as bo:
        hello = bo.receive_json()
    assert (hello["type"], hello["role"], hello["seat"]) == ("state", "seat", 1)


def test_socket_first_message_must_authenticate(client: TestClient) -> None:
    created = create(client)
    with client.websocket_connect(f"/api/games/{created['id']}/ws") as ws:
        ws.send_json({"type": "action", "action": ROLL, "seq": 0})
        reply = ws.receive_json()
        assert (reply["type"], reply["code"]) == ("error", "auth/first")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4401
    assert snapshot(client, created["id"])[0] == 0


def test_socket_refuses_a_token_in_the_url(client: TestClient) -> None:
    created = create(client)
    url = f"/api/games/{created['id']}/ws?token={token(created, 0)}"
    with client.websocket_connect(url) as ws:
        assert ws.receive_json()["code"] == "auth/in_url"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_socket_that_never_authenticates_is_closed(open_client: Any) -> None:
    client = open_client(ws_auth_timeout_s=0.2)
    created = create(client)
    with client.websocket_connect(f"/api/games/{created['id']}/ws") as ws:
        assert ws.receive_json()["code"] == "auth/timeout"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4408
