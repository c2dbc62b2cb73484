"""The game's clock: a Racerbile stall timer stalls a seat that lets it run out (RB-NOL-1)."""

from __future__ import annotations

import time

from starlette.testclient import TestClient


def _create(client: TestClient, stall_timer: float | None) -> dict:  # type: ignore[type-arg]
    setup = {"players": [{"name": "Anna"}, {"name": "Bo"}], "stall_timer": stall_timer}
    response = client.post("/api/games", json={"game": "racerbile", "setup": setup, "seed": 3})
    assert response.status_code == 201 or response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def _record(client: TestClient, game_id: str) -> list[dict]:  # type: ignore[type-arg]
    return client.get(f"/api/games/{game_id}/record").json()["actions"]  # type: ignore[no-any-return]


def test_rb_nol_1_stall_timer_stalls_the_seat_to_act(client: TestClient) -> None:
    created = _create(client, stall_timer=1)
    gid = created["id"]
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        stalls = [a for a in _record(client, gid) if a["kind"] == "stall"]
        if stalls:
            break
        time.sleep(0.05)
    assert stalls, "the stall timer never ran out"
    seat = stalls[0]["seat"]
    view = client.get(f"/api/games/{gid}").json()
    drinks = {row["seat"]: row["sips"] for row in view["view"]["drinks"]}
    assert drinks[seat] >= 1
    assert any("stall" in entry["kind"] for entry in view["log"])
    store = client.app.state.services.store  # type: ignore[attr-defined]
    assert "clock" in [row.actor for row in store.actions(gid)]


def test_without_a_stall_timer_nobody_is_stalled(client: TestClient) -> None:
    created = _create(client, stall_timer=None)
    time.sleep(0.4)
    assert not [a for a in _record(client, created["id"]) if a["kind"] == "stall"]
