"""The fast path's generators are NumPy's, bit for bit: the runner's per-game dice seed,
PCG64's doubles and ``Generator.integers`` on its buffered 32-bit draws
(:mod:`racerbile.games.ludol.fast.jit.pcg`)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from racerbile.games.ludol.fast.jit.pcg import (
    GEN_SIZE,
    MAX_WORDS,
    game_seed,
    integers,
    next_double,
    seed_generator,
)
from racerbile.sim.runner import bot_rng
from racerbile.sim.runner import game_seed as runner_game_seed

entropy = st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=3)
# small ranges as the bots use them, and ranges near 2**32 where Lemire rejects often
ranges = st.lists(st.integers(1, 9) | st.integers(2**31, 2**32 - 1), min_size=1, max_size=80)


def _generator(values: list[int]) -> np.ndarray:
    gen = np.zeros(GEN_SIZE, np.uint64)
    seed_generator(np.array(values, np.uint64), np.zeros(MAX_WORDS, np.uint64), gen)
    return gen


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**40))
def test_game_seed_is_the_runners(master: int, index: int) -> None:
    key = np.array([master, index], np.uint64)
    assert int(game_seed(key, np.zeros(MAX_WORDS, np.uint64))) == runner_game_seed(master, index)


@settings(max_examples=100, deadline=None)
@given(entropy, st.integers(1, 200))
def test_doubles_are_numpys(values: list[int], n: int) -> None:
    gen = _generator(values)
    mine = [next_double(gen) for _ in range(n)]
    assert mine == np.random.default_rng(values).random(n).tolist()


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**40), st.integers(0, 2**20), st.integers(0, 3), ranges)
def test_integers_are_a_bots_draws(master: int, index: int, seat: int, ns: list[int]) -> None:
    """``integers(1)`` draws nothing and the kept 32-bit half carries over, as in NumPy."""
    gen = _generator([master, index, seat])
    rng = bot_rng(master, index, seat)
    assert [integers(gen, n) for n in ns] == [int(rng.integers(n)) for n in ns]
