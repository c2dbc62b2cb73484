"""The fast path draws NumPy's doubles bit for bit: SeedSequence, PCG64 and the
runner's per-game and per-bot generators, compiled
(:mod:`racerbile.games.racerbile.fast.seeding`)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from racerbile.games.racerbile.fast.race import RANDOM
from racerbile.games.racerbile.fast.seeding import (
    MAX_WORDS,
    draw_game,
    entropy_words,
    pcg64_doubles,
    seed_state,
)
from racerbile.sim.runner import bot_rng, game_seed

entropy = st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=4)


def _words(values: list[int]) -> tuple[np.ndarray, int]:
    words = np.zeros(MAX_WORDS, np.uint64)
    return words, entropy_words(np.array(values, np.uint64), len(values), words)


@settings(max_examples=200, deadline=None)
@given(entropy, st.integers(1, 6))
def test_seed_state_is_numpys_seed_sequence(values: list[int], n: int) -> None:
    words, n_words = _words(values)
    out = np.zeros(n, np.uint64)
    seed_state(words, n_words, out)
    assert out.tolist() == np.random.SeedSequence(values).generate_state(n, np.uint64).tolist()


@settings(max_examples=200, deadline=None)
@given(entropy, st.integers(1, 300))
def test_doubles_are_numpys_pcg64(values: list[int], n: int) -> None:
    words, n_words = _words(values)
    out = np.zeros(n)
    pcg64_doubles(words, n_words, out)
    assert out.tolist() == np.random.default_rng(values).random(n).tolist()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**62), st.integers(0, 2**40))
def test_a_game_draws_what_the_runner_draws(master: int, index: int) -> None:
    bots = np.array([RANDOM, RANDOM + 1, RANDOM], np.int64)
    words, dice, draws = np.zeros(MAX_WORDS, np.uint64), np.zeros(64), np.zeros((3, 20))
    seed = draw_game(np.uint64(master), np.uint64(index), bots, RANDOM, words, dice, draws)
    assert int(seed) == game_seed(master, index)
    assert dice.tolist() == np.random.default_rng(int(seed)).random(64).tolist()
    assert draws[0].tolist() == bot_rng(master, index, 0).random(20).tolist()
    assert draws[2].tolist() == bot_rng(master, index, 2).random(20).tolist()
    assert not draws[1].any()  # only the random bot draws
