"""A bot takes over a person's seat that has sent nothing for the takeover time."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from serverkit import act, auth, create, state, token
from starlette.testclient import TestClient


def _wait_for(check: Callable[[], Any], timeout: float = 60.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("the condition did not come true in time")


def _actors(client: TestClient, game_id: str) -> list[str]:
    store = client.app.state.services.store  # type: ignore[attr-defined]
    return [row.actor for row in store.actions(game_id)]


def test_a_silent_seat_is_played_by_the_default_bot(client: TestClient) -> None:
    created = create(client, takeover_after_s=1)
    gid = created["id"]
    assert state(client, gid, token(created, 0))["takeover_after_s"] == 1
    # Nobody acts: the toy game's bot rolls for seat 0, the dice fall, it moves.
    _wait_for(lambda: state(client, gid)["seq"] >= 3)
    actors = _actors(client, gid)
    assert actors[:3] == ["takeover:0", "dice", "takeover:0"]
    # Taken-over actions are ordinary actions: they are in the record and replay.
    record = client.get(f"/api/games/{gid}/record").json()
    assert [a["kind"] for a in record["actions"][:3]] == ["roll", "die", "move"]


def test_acting_in_time_keeps_the_seat(client: TestClient) -> None:
    created = create(client, takeover_after_s=1.2)
    gid = created["id"]
    for _ in range(3):  # each action restarts the timer
        time.sleep(0.6)
        seen = state(client, gid, created["host_token"])
        response = act(client, gid, created["host_token"], {"kind": "pass"}, seen["seq"])
        assert response.status_code == 200, response.text
    assert "takeover" not in " ".join(_actors(client, gid))
    _wait_for(lambda: any(a.startswith("takeover:") for a in _actors(client, gid)))


def test_without_a_takeover_time_nothing_happens(client: TestClient) -> None:
    created = create(client)
    time.sleep(0.3)
    seen = state(client, created["id"], token(created, 0))
    assert (seen["seq"], seen["takeover_after_s"]) == (0, None)


def test_bot_seats_and_real_dice_are_not_timed(client: TestClient) -> None:
    created = create(client, dice="real", takeover_after_s=1, bots={"1": "mover"})
    gid = created["id"]
    # seat 0 is taken over; then the real dice wait for a person, which no bot replaces
    _wait_for(lambda: state(client, gid)["to_act"] == "chance")
    time.sleep(0.3)
    seen = state(client, gid)
    assert (seen["seq"], seen["to_act"]) == (1, "chance")


def test_takeover_time_is_validated(client: TestClient) -> None:
    body = {"game": "toy", "setup": {"players": [{"name": "A"}, {"name": "B"}]}}
    for bad in (0, 0.999, 1e-300, 86_401, 1e308, -1, "soon"):
        response = client.post("/api/games", json={**body, "takeover_after_s": bad})
        assert response.status_code == 422 and "takeover_after_s" in response.text, bad
    for good in (1, 86_400):
        response = client.post("/api/games", json={**body, "takeover_after_s": good})
        assert response.status_code == 201, response.text


def test_join_code_and_log_seat_in_the_state(client: TestClient) -> None:
    created = create(client)
    gid = created["id"]
    for tok in (created["host_token"], token(created, 1)):
        seen = client.get(f"/api/games/{gid}", headers=auth(tok)).json()
        assert seen["join_code"] == created["join_code"]
        assert seen["join_url"] == f"/join/{created['join_code']}"
    spectator = state(client, gid)
    assert (spectator["join_code"], spectator["join_url"]) == (None, None)
    act(client, gid, created["host_token"], {"kind": "roll"}, 0)
    log = state(client, gid)["log"]
    assert log and all(entry["seat"] == 0 for entry in log)


def test_takeover_time_survives_a_restart(open_client: Callable[..., TestClient]) -> None:
    first = open_client()
    created = create(first, takeover_after_s=30)
    first.__exit__(None, None, None)
    again = open_client()
    assert state(again, created["id"], token(created, 0))["takeover_after_s"] == 30
