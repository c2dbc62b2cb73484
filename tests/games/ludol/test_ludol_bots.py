"""The bots of spec §4.3 (glasses on one square count once) and the strong bot."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

from racerbile.engine import CHANCE, DiceStream, step
from racerbile.games.ludol import GAME, LudolSetup
from racerbile.games.ludol.actions import Declare, Move
from racerbile.games.ludol.bots import BOTS, evaluate
from racerbile.games.ludol.state import YARD

from .helpers import position, throw


def _pick(bot: str, state, seed: int = 0):
    return BOTS[bot](state, np.random.default_rng(seed))


def test_fast_moves_the_most_advanced_glass_with_the_larger_value() -> None:
    state, _ = throw(position({"A": [10, 30, YARD], "B": [1]}), 2)
    assert _pick("fast", state) == Move("A", 30, 5)


def test_aggressive_captures_else_enters_else_fast() -> None:
    state, _ = throw(position({"A": [10, 30, YARD], "B": [1]}), 4)  # B@1 = track 14
    assert _pick("aggressive", state) == Move("A", 10, 4)
    state, _ = throw(position({"A": [10, 30, YARD], "B": [40]}), 6)
    assert _pick("aggressive", state) == Move("A", YARD, 6)
    state, _ = throw(position({"A": [10, 30], "B": [40]}), 3)
    assert _pick("aggressive", state) == Move("A", 30, 4)


def test_random_larger_picks_a_square_uniformly_then_its_largest_value() -> None:
    state, _ = throw(position({"A": [10, 10, 10, 30]}), 2)  # three glasses on one square
    picks = Counter(_pick("random_larger", state, seed) for seed in range(400))
    assert set(picks) == {Move("A", 10, 5), Move("A", 30, 5)}
    assert 150 < picks[Move("A", 10, 5)] < 250


def test_random_is_uniform_over_distinct_square_value_moves() -> None:
    state, _ = throw(position({"A": [10, 10, 10, 30]}), 2)
    picks = Counter(_pick("random", state, seed) for seed in range(400))
    assert set(picks) == set(GAME.legal_actions(state)) and len(picks) == 4


def test_bots_declare_a_six_when_nothing_moves() -> None:
    state, _ = throw(position({"A": [17], "B": [5, 5]}), 6)
    for bot in ("fast", "aggressive", "random_larger", "strong"):
        assert _pick(bot, state) == Declare(True)


def test_strong_takes_the_win_and_a_free_capture() -> None:
    state, _ = throw(position({"A": [52, 20], "B": [30]}), 4)
    assert _pick("strong", state) == Move("A", 52, 4)
    state, _ = throw(position({"A": [10, 30], "B": [1, 45]}), 4)  # B@1 = track 14
    assert _pick("strong", state) == Move("A", 10, 4)
    assert evaluate(GAME.apply(state, Move("A", 10, 4)).state, 0) > evaluate(state, 0)


def _play(lineup: list[str], seed: int, profile: str = "ludol"):
    players = [{"name": f"P{i}"} for i in range(len(lineup))]
    state = GAME.start(LudolSetup.model_validate({"players": players, "profile": profile}))
    dice, rng = DiceStream(seed), np.random.default_rng(seed)
    while GAME.to_act(state) is not None:
        seat = GAME.to_act(state)
        if seat is CHANCE:
            action = dice.choose(GAME.chance_outcomes(state))
        else:
            action = BOTS[lineup[seat]](state, rng)
        state = step(GAME, state, action).state
    return state


def _wilson_low(wins: float, n: int, z: float = 1.96) -> float:
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("profile", "lineup", "turns", "sd"),
    [("ludol", "random", 319.1, 55.0), ("norsk", "random", 326.7, 53.9)],
)
def test_four_random_bots_match_the_mean_turns_of_4_3(
    profile: str, lineup: str, turns: float, sd: float
) -> None:
    n = 60
    mean = sum(_play([lineup] * 4, seed, profile).turns for seed in range(n)) / n
    assert abs(mean - turns) < 3 * sd / math.sqrt(n)


@pytest.mark.slow
def test_strong_beats_aggressive_head_to_head() -> None:
    n, wins = 40, 0.0
    for seed in range(n):
        lineup = ["strong", "aggressive"] if seed % 2 == 0 else ["aggressive", "strong"]
        state = _play(lineup, seed)
        strong_seat = lineup.index("strong")
        assert state.ending is not None
        if strong_seat in state.ending.winners:
            wins += 1 / len(state.ending.winners)
    assert _wilson_low(wins, n) > 0.5, f"strong won {wins} of {n}"
