"""Bots decide in worker processes within a time budget: a slow bot never delays another room."""

from __future__ import annotations

import time
from collections.abc import Callable

import toygame
from serverkit import PLAYERS, act, create, state
from starlette.testclient import TestClient

from racerbile.server.workers import Decision, _state_at

BUDGET_S = 8.0
"""Long against a few requests, even on a loaded machine: while the bot thinks, the
other room must get through :data:`TOY_ACTIONS` actions."""
TOY_ACTIONS = 5


def open_field(side: int) -> str:
    """Returns a Vectrace track: an open ``side`` x ``side`` field (solving it takes hours)."""
    inner = side - 4
    rows = ["#" * side, *(("#S" if i < 2 else "#.") + "." * inner + ".#" for i in range(side - 2))]
    rows[1] = "#S" + "." * inner + "F#"
    rows[2] = "#S" + "." * inner + "F#"
    return "\n".join([*rows, "#" * side]) + "\n"


def _actors(client: TestClient, game_id: str) -> list[str]:
    store = client.app.state.services.store  # type: ignore[attr-defined]
    return [row.actor for row in store.actions(game_id)]


def test_a_slow_bot_does_not_delay_another_room(open_client: Callable[..., TestClient]) -> None:
    client = open_client(bot_budget_s=BUDGET_S)
    heavy = client.post(
        "/api/games",
        json={
            "game": "vectrace",
            "setup": {
                "players": [{"name": "A"}, {"name": "B"}],
                "track_text": open_field(200),
            },
            "bots": {"0": "optimal", "1": "optimal"},
        },
    )
    assert heavy.status_code == 201, heavy.text
    heavy_id = heavy.json()["id"]
    toy = create(client)
    seq = 0
    while seq < TOY_ACTIONS:
        assert client.get("/api/meta/health").status_code == 200
        seen = state(client, toy["id"], toy["host_token"])  # the host acts for each seat
        action = seen["legal_actions"][0]
        response = act(client, toy["id"], toy["host_token"], action, seen["seq"])
        assert response.status_code == 200, response.text
        seq = response.json()["seq"]
    # Had the server waited for the bot, these answers would have come after its fallback.
    assert "fallback:0" not in _actors(client, heavy_id), "the other room waited for the slow bot"
    deadline = time.monotonic() + 60 + BUDGET_S
    while "fallback:0" not in _actors(client, heavy_id) and time.monotonic() < deadline:
        time.sleep(0.1)
    # The slow bot ran out of time: its seat played a random legal action, recorded as usual.
    actors = _actors(client, heavy_id)
    assert "fallback:0" in actors, actors
    assert seq > 0
    record = client.get(f"/api/games/{heavy_id}/record").json()
    assert len(record["actions"]) >= len(actors)  # the room plays on meanwhile


def test_a_worker_replays_only_the_actions_that_stand() -> None:
    """A worker rebuilds the state from the record; an undo makes it skip the voided
    actions (its kept state no longer matches, so it replays from the start)."""
    played = [{"kind": "roll"}, {"kind": "die", "value": 3}, {"kind": "move"}]
    first = _state_at(Decision(toygame.GAME, "room", PLAYERS, played, "mover", 1))
    assert first.positions == (3, 0)
    undone = _state_at(
        Decision(toygame.GAME, "room", PLAYERS, [*played, {"void": [3]}], "mover", 1)
    )
    assert (undone.positions, undone.phase) == ((0, 0), "choose")
