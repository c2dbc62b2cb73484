"""Broken input in a Ludøl room gets one clear error and changes nothing: an illegal
choice (with its rule), a referee or clock input from a player (LD-REF-1), a player's
action from a line judge or another seat, malformed actions and out-of-range values."""

from __future__ import annotations

from typing import Any

import pytest
from serverkit import act, snapshot, token
from starlette.testclient import TestClient

SETUP = {"players": [{"name": "Anna"}, {"name": "Bo"}], "first": 0, "line_judges": ["Jo"]}


@pytest.fixture
def game(client: TestClient) -> dict[str, Any]:
    """A game where Anna has thrown a 6 and must choose (seq 1)."""
    payload = {"game": "ludol", "setup": SETUP, "seed": 3, "dice": "real"}
    created: dict[str, Any] = client.post("/api/games", json=payload).json()
    thrown = act(client, created["id"], token(created, 0), {"kind": "throw", "top": 6}, 0)
    assert thrown.status_code == 200, thrown.text
    return created


def _sender(created: dict[str, Any], who: str) -> str | None:
    tokens = {
        "anna": token(created, 0),
        "bo": token(created, 1),
        "host": created["host_token"],
        "judge": created["judges"][0]["token"],
    }
    return tokens.get(who)


CASES = [
    # an illegal choice names its rule
    ("anna", {"kind": "move", "colour": "A", "frm": -1, "value": 1}, 422, "LD-ENTER-1", "6"),
    ("anna", {"kind": "move", "colour": "A", "frm": 5, "value": 6}, 422, "LD-MOVE-1", "on 5"),
    ("anna", {"kind": "declare", "six": True}, 422, "LD-SIX-3", "declaration"),
    ("anna", {"kind": "throw", "top": 4}, 422, "LD-MOVE-1", "moved before"),
    ("anna", {"kind": "move", "colour": "B", "frm": 3, "value": 6}, 422, "LD-REF-3", "on 3"),
    # a referee's or the clock's input from a player
    ("anna", {"kind": "penalty", "participant": 1, "beers": 1}, 403, "referee/forbidden", ""),
    (
        "bo",
        {"kind": "place_glass", "colour": "A", "glass": 0, "progress": 9},
        403,
        "referee/forbidden",
        "",
    ),
    ("anna", {"kind": "idle_count", "turn": 1}, 403, "referee/forbidden", ""),
    ("anna", {"kind": "chug_time_up", "chug": 0}, 403, "referee/forbidden", ""),
    # a player's action from someone else
    ("bo", {"kind": "move", "colour": "A", "frm": -1, "value": 6}, 403, "seat/not_yours", "Anna"),
    (
        "judge",
        {"kind": "move", "colour": "A", "frm": -1, "value": 6},
        403,
        "judge/referee_only",
        "move",
    ),
    ("nobody", {"kind": "move", "colour": "A", "frm": -1, "value": 6}, 401, "auth/missing", ""),
    # malformed actions
    ("anna", {"kind": "jump"}, 422, "action/invalid", "jump"),
    ("anna", {"kind": "move", "colour": "A", "frm": -1}, 422, "action/invalid", "value"),
    (
        "anna",
        {"kind": "move", "colour": "A", "frm": "yard", "value": 6},
        422,
        "action/invalid",
        "frm",
    ),
    (
        "anna",
        {"kind": "move", "colour": "A", "frm": -1, "value": 6, "x": 1},
        422,
        "action/invalid",
        "x",
    ),
    (
        "host",
        {"kind": "penalty", "participant": 1, "reason": "r" * 201},
        422,
        "action/invalid",
        "200 characters",
    ),
    # referee inputs with values out of range
    ("host", {"kind": "penalty", "participant": 1, "beers": 10**30}, 422, "LD-REF-3", "1 to 20"),
    ("host", {"kind": "penalty", "participant": 1, "beers": -1}, 422, "LD-REF-3", "undoing"),
    ("host", {"kind": "penalty", "participant": 7}, 422, "LD-SEAT-1", "participant 7"),
    ("host", {"kind": "penalty", "participant": 1, "judge": 3}, 422, "LD-REF-1", "judge 3"),
    ("judge", {"kind": "penalty", "participant": 1, "judge": 3}, 403, "judge/not_yours", "judge 3"),
    ("host", {"kind": "confirm_flag", "flag": 0}, 422, "LD-REF-3", "flag 0"),
    ("host", {"kind": "chug_result", "chug": 0, "ok": True}, 422, "LD-HIT-1", "chug 0"),
    (
        "host",
        {"kind": "place_glass", "colour": "A", "glass": 4, "progress": 9},
        422,
        "LD-REF-2",
        "0 to 3",
    ),
    ("host", {"kind": "set_turn", "colour": "F"}, 422, "LD-SEAT-1", "'F'"),
]


@pytest.mark.rule("LD-REF-1")
@pytest.mark.rule("LD-MOVE-1")
@pytest.mark.parametrize(("who", "action", "status", "code", "words"), CASES)
def test_broken_input_gets_one_clear_error_and_changes_nothing(
    client: TestClient,
    game: dict[str, Any],
    who: str,
    action: dict[str, Any],
    status: int,
    code: str,
    words: str,
) -> None:
    gid = game["id"]
    before = snapshot(client, gid)
    response = act(client, gid, _sender(game, who), action, before[0])
    body = response.json()
    assert response.status_code == status, body
    assert code in (body["code"], body.get("rule_id")) and words in body["reason"]
    assert "Traceback" not in response.text
    assert snapshot(client, gid) == before
