"""Undo in Rallyman through the server: a driver takes back a face typed wrong and their
own die, never another driver's action or a stop; the host takes back the stop."""

from __future__ import annotations

from typing import Any

from serverkit import act, auth, create, snapshot, state, token
from starlette.testclient import TestClient

from racerbile.engine import Record, replay
from racerbile.games import get_game

SETUP = {"players": [{"name": "Anna"}, {"name": "Bo"}], "rally": "ss-kalkbrud"}
ROLL = {"kind": "roll", "die": "1", "to": "t0:s01", "secured": False}


def _void(client: TestClient, gid: str, tok: str, positions: list[int], seq: int) -> Any:
    return client.post(
        f"/api/games/{gid}/void", json={"actions": positions, "seq": seq}, headers=auth(tok)
    )


def test_a_driver_fixes_a_typed_face_and_a_stop_stands_but_for_the_host(
    client: TestClient,
) -> None:
    created = create(client, game="rallyman", setup=SETUP, dice="real")
    gid, host, anna, bo = created["id"], created["host_token"], token(created, 0), token(created, 1)
    act(client, gid, anna, {"kind": "tyres", "tyres": "asphalt"}, 0)
    act(client, gid, bo, {"kind": "tyres", "tyres": "asphalt"}, 1)
    act(client, gid, anna, ROLL, 2)
    typed = act(client, gid, anna, {"kind": "face", "hazard": True}, 3).json()
    assert typed["view"]["turn"]["hazards"] == 1
    assert [u["position"] for u in typed["undo"]] == [4, 3]  # the face, then the die
    assert state(client, gid, bo)["undo"] == []  # nothing of Bo's is on top
    unchanged = snapshot(client, gid)
    refused = _void(client, gid, bo, [4], 4)
    assert refused.status_code == 403 and snapshot(client, gid) == unchanged
    fixed = _void(client, gid, anna, [4], 4)
    assert fixed.status_code == 200, fixed.text
    assert fixed.json()["to_act"] == "chance"
    clean = act(client, gid, anna, {"kind": "face", "hazard": False}, 5).json()
    assert clean["view"]["turn"]["hazards"] == 0
    act(client, gid, anna, {"kind": "stop"}, 6)
    assert state(client, gid, anna)["undo"] == []  # the stop on top stands
    stands = _void(client, gid, anna, [7], 7)
    assert stands.status_code == 403 and "a stop stands" in stands.json()["reason"]
    back = _void(client, gid, host, [7], 7)
    assert back.status_code == 200 and back.json()["view"] == clean["view"]
    record = Record.model_validate(client.get(f"/api/games/{gid}/record").json())
    assert record.actions[4:] == [
        {"void": [4]},
        {"kind": "face", "hazard": False},
        {"kind": "stop"},
        {"void": [7]},
    ]
    rebuilt = replay(get_game("rallyman"), record).state
    assert rebuilt.turn is not None and rebuilt.turn.seat == 0
