"""Racerbile bots: always legal, deterministic given their generator, true to their style."""

from __future__ import annotations

import numpy as np
import pytest

from racerbile.engine import CHANCE, DiceStream, step
from racerbile.games.racerbile import GAME, Setup
from racerbile.games.racerbile.actions import Shift, StepTo
from racerbile.games.racerbile.bots import BOTS, plans
from racerbile.games.racerbile.gears import totals
from racerbile.games.racerbile.policy import policy_for
from racerbile.games.racerbile.setup import load_track
from racerbile.games.racerbile.state import State
from racerbile.hexgrid import direction_between

STYLES = sorted(BOTS)


def _setup(rule_set: str, n: int = 4, laps: int = 1) -> Setup:
    players = [{"name": f"p{k}"} for k in range(n)]
    return Setup.model_validate({"players": players, "rule_set": rule_set, "laps": laps})


def _states(rule_set: str, seed: int, players: tuple[str, ...]) -> list[State]:
    """Returns every state where a seat decides in one game played by ``players``."""
    state = GAME.start(_setup(rule_set, len(players)))
    dice = DiceStream(seed)
    rngs = [np.random.default_rng([seed, k]) for k in range(len(players))]
    seen = []
    while (actor := GAME.to_act(state)) is not None:
        if actor is CHANCE:
            action = dice.choose(GAME.chance_outcomes(state))
        else:
            seen.append(state)
            action = BOTS[players[actor]](state, rngs[actor])
        state = step(GAME, state, action, actor).state
        assert len(seen) < 5000, "the race does not end"
    return seen


@pytest.mark.parametrize("rule_set", ["babybile", "racerbile"])
def test_every_bot_answers_every_state_with_a_legal_action(rule_set: str) -> None:
    states = _states(rule_set, 7, ("random", "stalin", "drinker", "greedy"))
    assert len(states) > 50
    for number, state in enumerate(states[::3]):
        legal = GAME.legal_actions(state)
        for name in STYLES:
            action = BOTS[name](state, np.random.default_rng(number))
            assert action in legal, f"{name} chose {action!r} in {state!r}"


@pytest.mark.parametrize("name", STYLES)
def test_bots_are_deterministic_given_the_generator(name: str) -> None:
    states = _states("racerbile", 3, ("random", "greedy"))[::7]
    first = [BOTS[name](s, np.random.default_rng(5)) for s in states]
    again = [BOTS[name](s, np.random.default_rng(5)) for s in states]
    assert first == again


def test_rb_opt_3_stalin_always_shifts_up_when_allowed() -> None:
    states = _states("babybile", 11, ("stalin", "random"))
    ups = [s for s in states if Shift("up") in GAME.legal_actions(s)]
    assert ups
    for state in ups:
        assert BOTS["stalin"](state, np.random.default_rng(0)) == Shift("up")


def test_rb_opt_3_stalin_leaves_the_track_when_it_can() -> None:
    states = _states("racerbile", 2, ("stalin", "stalin", "greedy"))
    moves = [s for s in states if s.turn is not None and s.turn.phase == "move"]
    chances = [s for s in moves if any(p.off_track for p in plans(s))]
    assert chances
    for state in chances:
        assert state.turn is not None
        car = state.cars[state.turn.seat]
        leaving = {
            p.option.directions[0]
            if p.option.directions
            else direction_between(car.cell, p.option.cell)
            for p in plans(state)
            if p.off_track
        }
        action = BOTS["stalin"](state, np.random.default_rng(0))
        assert isinstance(action, StepTo) and action.direction in leaving


def test_cautious_never_leaves_second_gear() -> None:
    for state in _states("babybile", 5, ("cautious", "cautious")):
        assert all(car.gear <= 2 for car in state.cars)


def test_dice_totals_are_exact() -> None:
    # RB-DICE-6/7 figures from the rules: P(total >= 10) = 10/64 with three dice.
    three = dict(totals(3))
    assert sum(three.values()) == 1
    assert sum(p for t, p in three.items() if t >= 10) * 64 == 10
    assert sum(p for t, p in three.items() if 7 <= t <= 9) * 64 == 34


def test_optimal_policy_is_cached_and_finite_from_the_grid() -> None:
    track = load_track("oval")
    policy = policy_for(track, True, True, 2)
    assert policy_for(track, True, True, 2) is policy
    slot = track.grid[0]
    one_lap = policy.turns((slot.at, slot.facing or 0), 1, True, 2)
    assert 2 < one_lap < 20
    # Faster gears never make the expected race longer from a standing start here.
    assert policy.gear_turns((slot.at, slot.facing or 0), 1, 2) >= one_lap - 1
