"""The minimal turn loop the fast path is measured against: NumPy's dice, real turns."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from racerbile.engine.outcome import SimSpec
from racerbile.games.racerbile.fast.baseline import minimal_turns, pcg64_next, pcg64_start
from racerbile.games.racerbile.fast.seeding import MAX_WORDS, entropy_words


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(1, 50))
def test_the_dice_stream_is_numpys_pcg64(seed: int, n: int) -> None:
    words = np.zeros(MAX_WORDS, np.uint64)
    n_words = entropy_words(np.array([seed], np.uint64), 1, words)
    state = np.zeros(4, np.uint64)
    pcg64_start(words, n_words, state)
    drawn = [pcg64_next(state) for _ in range(n)]
    assert drawn == np.random.default_rng(seed).random(n).tolist()


def _spec(laps: int, seats: int) -> SimSpec:
    players = [{"name": f"stalin {seat + 1}"} for seat in range(seats)]
    setup = {"players": players, "track": "oval", "rule_set": "racerbile", "laps": laps}
    return SimSpec("racerbile", setup, ("stalin",) * seats, 3)


def test_the_loop_plays_whole_rounds_and_longer_races_take_more_turns() -> None:
    one, three = minimal_turns(_spec(1, 4), range(20)), minimal_turns(_spec(3, 4), range(20))
    assert one > 0 and one % 4 == 0 and three % 4 == 0
    assert three > 2 * one
    assert minimal_turns(_spec(1, 4), range(20)) == one  # seeded: the same every time
