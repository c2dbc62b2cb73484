"""Real-dice mode: the seat that acted last (or the host) types what the dice show."""

from __future__ import annotations

from serverkit import act, create, snapshot, state, token
from starlette.testclient import TestClient

ROLL = {"kind": "roll"}


def test_real_dice_wait_for_the_roller(client: TestClient) -> None:
    created = create(client, dice="real")
    gid, anna, bo = created["id"], token(created, 0), token(created, 1)
    waiting = act(client, gid, anna, ROLL, 0).json()
    assert (waiting["seq"], waiting["to_act"], waiting["roller"], waiting["dice"]) == (
        1,
        "chance",
        0,
        "real",
    )
    assert waiting["legal_actions"] == [{"kind": "die", "value": v} for v in range(1, 7)]
    assert state(client, gid, bo)["legal_actions"] == []
    before = snapshot(client, gid)
    refused = act(client, gid, bo, {"kind": "die", "value": 6}, 1)
    assert (refused.status_code, refused.json()["code"]) == (403, "seat/not_yours")
    assert "Anna" in refused.json()["reason"]
    illegal = act(client, gid, anna, {"kind": "die", "value": 7}, 1)
    assert (illegal.status_code, illegal.json()["rule_id"]) == (422, "TOY-1")
    assert snapshot(client, gid) == before
    rolled = act(client, gid, anna, {"kind": "die", "value": 5}, 1).json()
    assert (rolled["seq"], rolled["to_act"], rolled["view"]["die"]) == (2, 0, 5)


def test_real_dice_host_may_roll_for_anyone(client: TestClient) -> None:
    created = create(client, dice="real")
    gid, host = created["id"], created["host_token"]
    act(client, gid, token(created, 0), ROLL, 0)
    assert state(client, gid, host)["legal_actions"][0] == {"kind": "die", "value": 1}
    assert act(client, gid, host, {"kind": "die", "value": 3}, 1).json()["view"]["die"] == 3
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["seed"] is None and record["actions"][-1] == {"kind": "die", "value": 3}


def test_digital_dice_refuse_typed_values(client: TestClient) -> None:
    created = create(client)
    gid = created["id"]
    act(client, gid, token(created, 0), ROLL, 0)
    refused = act(client, gid, created["host_token"], {"kind": "die", "value": 6}, 2)
    assert refused.status_code == 422  # the dice already fell; a die is not legal now
    assert snapshot(client, gid)[0] == 2
