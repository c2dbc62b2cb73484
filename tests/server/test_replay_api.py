"""The replay API: a finished game or an uploaded record stepped through action by
action, with voided actions skipped, and one clear error for a bad record."""

from __future__ import annotations

from typing import Any

from serverkit import act, create, token
from starlette.testclient import TestClient

SETUP = {"players": [{"name": "Anna"}, {"name": "Bo"}], "target": 1}


def _finished(client: TestClient) -> tuple[str, dict[str, Any]]:
    """A toy race won at the first move (target 1): roll, die, move."""
    created = create(client, setup=SETUP, dice="real")
    gid, anna = created["id"], token(created, 0)
    act(client, gid, anna, {"kind": "roll"}, 0)
    act(client, gid, anna, {"kind": "die", "value": 2}, 1)
    host = created["host_token"]
    client.post(
        f"/api/games/{gid}/void",
        json={"actions": [2], "seq": 2},
        headers={"Authorization": f"Bearer {host}"},
    )
    act(client, gid, anna, {"kind": "die", "value": 4}, 3)
    assert act(client, gid, anna, {"kind": "move"}, 4).json()["finished"]
    record: dict[str, Any] = client.get(f"/api/games/{gid}/record").json()
    return gid, record


def test_a_finished_game_steps_move_by_move_without_its_voided_die(client: TestClient) -> None:
    gid, record = _finished(client)
    assert record["actions"][1:3] == [{"kind": "die", "value": 2}, {"void": [2]}]
    start = client.get(f"/api/games/{gid}/replay", params={"step": 0}).json()
    assert (start["steps"], start["step"], start["action"]) == (3, 0, None)
    assert start["envelope"]["view"]["positions"] == [0, 0]
    second = client.get(f"/api/games/{gid}/replay", params={"step": 2}).json()
    assert second["action"] == {"kind": "die", "value": 4}
    assert second["envelope"]["view"]["die"] == 4
    end = client.get(f"/api/games/{gid}/replay", params={"step": 3, "lang": "da"}).json()
    assert end["envelope"]["finished"] and end["envelope"]["view"]["positions"] == [4, 0]
    assert [line["text"] for line in end["envelope"]["log"]][-1] == "seat 0 vinder"


def test_an_uploaded_record_replays_and_a_step_past_the_end_shows_the_end(
    client: TestClient,
) -> None:
    _, record = _finished(client)
    shown = client.post("/api/replay", json={"record": record, "step": 99}).json()
    assert (shown["step"], shown["envelope"]["finished"]) == (3, True)


def test_a_running_game_is_not_replayed(client: TestClient) -> None:
    created = create(client, setup=SETUP)
    refused = client.get(f"/api/games/{created['id']}/replay")
    assert (refused.status_code, refused.json()["code"]) == (409, "game/running")


def test_bad_records_get_one_clear_error(client: TestClient) -> None:
    _, record = _finished(client)
    cases = [
        ({**record, "game": "chess"}, "field game"),
        ({**record, "rules_version": 9}, "rules version 9"),
        ({**record, "setup": {"players": []}}, "setup: field players"),
        ({**record, "actions": [{"kind": "die", "value": 3}]}, "action 1"),
        ({k: v for k, v in record.items() if k != "setup"}, "record: field setup"),
    ]
    for bad, words in cases:
        answer = client.post("/api/replay", json={"record": bad, "step": 0})  # checked whole
        assert (answer.status_code, answer.json()["code"]) == (422, "record/invalid"), bad
        assert words in answer.json()["reason"]
    huge = {"record": {**record, "actions": [{"kind": "roll"}] * 40_000}}
    assert client.post("/api/replay", json=huge).status_code == 413  # the body limit
