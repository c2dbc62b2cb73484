"""The view envelope is the platform's: for every registered game, every answer of
GET /api/games/{id} (host, each seat, a spectator) validates against its schema,
``GamePublic``, with no field the schema lacks, at every step of a seeded game."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from serverkit import act, state
from starlette.testclient import TestClient

from racerbile.games import available_games, get_game
from racerbile.server.schemas import GamePublic

STEPS = 30
"""Actions each game plays (the automatic dice and bots in between are free)."""


def _setup(game_id: str) -> dict[str, Any]:
    """The game's first golden playthrough setup, or two named players."""
    playthroughs = get_game(game_id).playthroughs
    if playthroughs:
        return next(iter(playthroughs.values()))[0]
    return {"players": [{"name": "Anna"}, {"name": "Bo"}]}


def _valid(envelope: dict[str, Any], who: str) -> GamePublic:
    parsed = GamePublic.model_validate(envelope)
    extra = set(envelope) - set(GamePublic.model_fields)
    assert not extra, f"{who}: fields outside the envelope schema: {sorted(extra)}"
    return parsed


@pytest.mark.parametrize("game_id", available_games())
def test_every_envelope_of_every_game_validates(client: TestClient, game_id: str) -> None:
    payload = {"game": game_id, "setup": _setup(game_id), "seed": 5, "dice": "digital"}
    response = client.post("/api/games", json=payload)
    assert response.status_code == 201, response.text
    created = response.json()
    gid, host = created["id"], created["host_token"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    rng = np.random.default_rng(5)
    for _ in range(STEPS):
        seen = _valid(state(client, gid, host), "host")
        _valid(state(client, gid), "spectator")
        for seat, tok in tokens.items():
            _valid(state(client, gid, tok), f"seat {seat}")
        if seen.finished or not isinstance(seen.to_act, int) or not seen.legal_actions:
            break
        choice = seen.legal_actions[int(rng.integers(len(seen.legal_actions)))]
        response = act(client, gid, tokens[seen.to_act], choice, seen.seq)
        assert response.status_code == 200, response.text
        _valid(response.json(), "the answer to an action")
