"""Bots: optimal follows the solver, cautious stays slow, random never crashes needlessly."""

from __future__ import annotations

import numpy as np
import pytest

from racerbile.engine import step
from racerbile.games.vectrace import GAME, TRACKS
from racerbile.games.vectrace.actions import Move
from racerbile.games.vectrace.bots import BOTS
from racerbile.games.vectrace.rules import preview, target_points
from racerbile.games.vectrace.solver import solve
from racerbile.games.vectrace.state import State


def race(track: str, bots: list[str], seed: int = 0, **options: object) -> State:
    setup = GAME.Setup.model_validate(
        {
            "players": [{"name": b} for b in bots],
            "track": track,
            "options": {"max_rounds": 200, **options},
        }
    )
    state = GAME.start(setup)
    rng = np.random.default_rng(seed)
    while (seat := GAME.to_act(state)) is not None:
        action = BOTS[bots[seat]](state, rng)
        assert action in GAME.legal_actions(state)
        state = step(GAME, state, action, seat).state
    return state


@pytest.mark.parametrize("track_id", ["sprint", "chicane", "hairpin"])
def test_optimal_alone_matches_the_solver(track_id: str) -> None:
    state = race(track_id, ["optimal"])
    best = solve(TRACKS.load(track_id))
    car = state.cars[0]
    assert car.status == "finished"
    assert (car.moves, car.time) == (best.moves, best.time)


def test_optimal_bots_replan_around_each_other() -> None:
    for seed in range(3):
        state = race("sprint", ["optimal"] * 4, seed)
        assert all(c.status != "crashed" for c in state.cars), seed
        assert any(c.status == "finished" for c in state.cars), seed


def test_cautious_finishes_slowly() -> None:
    state = race("chicane", ["cautious"])
    car = state.cars[0]
    assert car.status == "finished"
    steps = zip(car.trail, car.trail[1:-1], strict=False)
    assert all(max(abs(b[0] - a[0]), abs(b[1] - a[1])) <= 2 for a, b in steps)
    assert car.moves > (solve(TRACKS.load("chicane")).moves or 0)


def test_random_never_crashes_when_a_safe_move_exists() -> None:
    for seed in range(5):
        state = race("sprint", ["random", "random"], seed, max_rounds=40)
        assert all(c.status != "crashed" for c in state.cars), seed


def test_random_crashes_only_without_a_safe_move() -> None:
    setup = GAME.Setup.model_validate(
        {
            "players": [{"name": "r"}],
            "track_text": "#####\n#S..F\n#####\n",
            "options": {},
        }
    )
    state = step(GAME, GAME.start(setup), GAME.legal_actions(GAME.start(setup))[0]).state
    state = step(GAME, state, GAME.legal_actions(state)[0]).state
    rng = np.random.default_rng(0)
    action = BOTS["random"](state, rng)
    assert isinstance(action, Move) and preview(state, (action.x, action.y)) != "crash"
    assert any(preview(state, p) == "crash" for p in target_points(state.cars[0]))
