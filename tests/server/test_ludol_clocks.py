"""Ludøl's clocks through the server: the chug countdown (LD-HIT-1) and the turn-idle
count (LD-REF-4) run from their events, and a restarted server counts them from the
stored action times rather than from the restart."""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any

import pytest
from serverkit import act, state, token
from starlette.testclient import TestClient

from racerbile.server.timers import aware

SETUP = {"players": [{"name": "Anna"}, {"name": "Bo"}], "first": 0}


def _knock_home(client: TestClient) -> tuple[str, dict[str, Any]]:
    """Anna enters a glass, the referee puts Bo's glass on B@40 (track 1), and Anna's
    1 knocks it home."""
    payload = {"game": "ludol", "setup": SETUP, "seed": 3, "dice": "real"}
    created = client.post("/api/games", json=payload).json()
    gid, host, anna = created["id"], created["host_token"], token(created, 0)
    script = [
        (anna, {"kind": "throw", "top": 6}),
        (anna, {"kind": "move", "colour": "A", "frm": -1, "value": 6}),
        (host, {"kind": "place_glass", "colour": "B", "glass": 0, "progress": 40}),
        (anna, {"kind": "throw", "top": 1}),
        (anna, {"kind": "move", "colour": "A", "frm": 0, "value": 1}),
    ]
    seq = 0
    for tok, action in script:
        response = act(client, gid, tok, action, seq)
        assert response.status_code == 200, response.text
        seq = response.json()["seq"]
    return gid, state(client, gid)


def _ends(seen: dict[str, Any]) -> dict[str, datetime]:
    return {t["kind"]: datetime.fromisoformat(t["ends_at"]) for t in seen["timers"]}


@pytest.mark.rule("LD-HIT-1")
@pytest.mark.rule("LD-REF-4")
def test_ludol_clocks_run_from_their_events_and_survive_a_restart(open_client: Any) -> None:
    first = open_client()
    gid, seen = _knock_home(first)
    assert seen["view"]["chugs"][0]["status"] == "running"
    assert sorted((t["kind"], t["since"], t["seconds"]) for t in seen["timers"]) == [
        ("chug_time_up", "event", 10.0),
        ("idle_count", "event", 60.0),
    ]
    rows = first.app.state.services.store.actions(gid)  # type: ignore[attr-defined]
    knocked_at = aware(rows[4].at)
    ends = _ends(seen)
    assert abs((ends["chug_time_up"] - knocked_at).total_seconds() - 10) < 1
    first.__exit__(None, None, None)
    time.sleep(1.5)  # a restart later: the countdowns must not start again from it
    again = state(open_client(), gid)
    assert again["seq"] == seen["seq"] and again["view"] == seen["view"]
    for kind, end in _ends(again).items():
        assert abs((end - ends[kind]).total_seconds()) < 0.5, kind
