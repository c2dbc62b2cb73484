"""The fast path draws NumPy's doubles bit for bit: SeedSequence, PCG64 and the
runner's per-game and per-bot generators, compiled and drawn one double at a time
(:mod:`racerbile.games.racerbile.fast.seeding`)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from racerbile.games.racerbile.fast.race import RANDOM
from racerbile.games.racerbile.fast.seeding import (
    MAX_WORDS,
    ROOM,
    entropy_words,
    pcg64_next,
    pcg64_start,
    seed_game,
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
    seed_state(words, n_words, out, np.zeros(ROOM, np.uint64)[8:12])
    assert out.tolist() == np.random.SeedSequence(values).generate_state(n, np.uint64).tolist()


def _drawn(rngs: np.ndarray, row: int, n: int) -> list[float]:
    return [pcg64_next(rngs, row) for _ in range(n)]


@settings(max_examples=200, deadline=None)
@given(entropy, st.integers(1, 300))
def test_doubles_are_numpys_pcg64(values: list[int], n: int) -> None:
    words, n_words = _words(values)
    rngs = np.zeros((2, 4), np.uint64)
    pcg64_start(words, n_words, rngs, 1, np.zeros(ROOM, np.uint64))
    assert _drawn(rngs, 1, n) == np.random.default_rng(values).random(n).tolist()
    assert not rngs[0].any()  # only the row asked for


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**62), st.integers(0, 2**40))
def test_a_game_seeds_what_the_runner_seeds(master: int, index: int) -> None:
    bots = np.array([RANDOM, RANDOM + 1, RANDOM], np.int64)
    words, rngs = np.zeros(MAX_WORDS, np.uint64), np.zeros((4, 4), np.uint64)
    room = np.zeros(ROOM, np.uint64)
    seed = seed_game(np.uint64(master), np.uint64(index), bots, RANDOM, words, rngs, room)
    assert int(seed) == game_seed(master, index)
    assert _drawn(rngs, 3, 64) == np.random.default_rng(int(seed)).random(64).tolist()
    assert _drawn(rngs, 0, 20) == bot_rng(master, index, 0).random(20).tolist()
    assert _drawn(rngs, 2, 20) == bot_rng(master, index, 2).random(20).tolist()
    assert not rngs[1].any()  # only the random bot draws
