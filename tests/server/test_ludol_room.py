"""A Ludøl room through the API: the referee's inputs from the host and a line judge,
refused from a player's token (LD-REF-1), and illegal choices refused (LD-MOVE-1)."""

from __future__ import annotations

from typing import Any

from serverkit import act, snapshot, state, token
from starlette.testclient import TestClient

SETUP = {"players": [{"name": "Anna"}, {"name": "Bo"}], "first": 0, "line_judges": ["Jo"]}


def _create(client: TestClient) -> dict[str, Any]:
    payload = {"game": "ludol", "setup": SETUP, "seed": 3, "dice": "real"}
    response = client.post("/api/games", json=payload)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_ld_ref_1_players_cannot_send_referee_inputs_the_host_and_judge_can(
    client: TestClient,
) -> None:
    created = _create(client)
    gid, host, judge = created["id"], created["host_token"], created["judges"][0]["token"]
    seen = state(client, gid, host)
    penalty = {"kind": "penalty", "participant": 1, "beers": 1, "reason": "spilt"}
    before = snapshot(client, gid)
    for seat in (0, 1):
        response = act(client, gid, token(created, seat), penalty, seen["seq"])
        assert response.status_code == 403 and response.json()["code"] == "referee/forbidden"
    assert snapshot(client, gid) == before
    response = act(client, gid, host, penalty, seen["seq"])
    assert response.status_code == 200, response.text
    response = act(client, gid, judge, {**penalty, "reason": "again"}, response.json()["seq"])
    assert response.status_code == 200, response.text
    view = response.json()["view"]
    assert view["drinks"][1]["penalty_referee"] == 2
    assert [(e["judge"], e["reason"]) for e in view["audit"]] == [(None, "spilt"), (0, "again")]
    store = client.app.state.services.store  # type: ignore[attr-defined]
    assert [a.actor for a in store.actions(gid)][-2:] == ["referee", "judge:0"]


def test_ld_move_1_an_illegal_choice_is_refused_with_its_rule(client: TestClient) -> None:
    created = _create(client)
    gid, anna = created["id"], token(created, 0)
    seen = state(client, gid, anna)
    response = act(client, gid, anna, {"kind": "throw", "top": 1}, seen["seq"])
    assert response.status_code == 200, response.text
    seen = response.json()
    before = snapshot(client, gid)
    wrong = {"kind": "move", "colour": "A", "frm": -1, "value": 1}
    response = act(client, gid, anna, wrong, seen["seq"])
    assert response.status_code in (400, 409, 422), response.text
    assert response.json()["rule_id"] == "LD-ENTER-1"
    assert snapshot(client, gid) == before
