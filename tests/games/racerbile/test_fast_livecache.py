"""The fast path's table of live move-help runs (:mod:`.fast.livecache`) gives exactly
the options a live run gives: on a hit, after another start took its slot, and never
another track's."""

from __future__ import annotations

import random

import numpy as np
from numba import njit
from rb_helpers import ring

from racerbile.games.racerbile.fast import livecache
from racerbile.games.racerbile.fast.movehelp import (
    move_options,
    new_options,
    new_scratch,
    roll_mode,
)
from racerbile.games.racerbile.fast.tables import track_tables

# The move help is called with int64 values as the kernel calls it (literals would
# compile it a second time: see test_fast_signatures).
ZERO, ONE = np.int64(0), np.int64(1)


@njit
def _cached(t, s, lc, track, cell, heading, total, path, blocked, n_blocked, brake, out):
    return livecache.live_options(
        t, s, lc, track, ZERO, cell, heading, total, ZERO, roll_mode(total), path, ONE,
        blocked, n_blocked, brake, out,
    )  # fmt: skip


@njit
def _live(t, s, cell, heading, total, path, blocked, n_blocked, brake, out):
    return move_options(
        t, s, t.closed[0], cell, heading, total, ZERO, roll_mode(total), path, ONE, blocked,
        n_blocked, brake, out,
    )  # fmt: skip


@njit
def _slot(track, cell, heading, total, path, blocked, n_blocked, brake):
    return livecache._slot(track, 0, cell, heading, total, 0, brake, path, 1, blocked, n_blocked)


class Starts:
    """Obstructed move starts on a ring, each run live and from a table."""

    def __init__(self) -> None:
        self.t = track_tables(ring())
        self.scratch = new_scratch(self.t.nb.shape[0], int(self.t.is_track.sum()))
        self.table = livecache.new_live_cache()
        self.cells = np.flatnonzero(self.t.is_track)

    def start(self, rng: random.Random) -> tuple[object, ...]:
        cell = int(rng.choice(self.cells))
        others = [int(c) for c in self.cells if c != cell]
        blocked = np.array(rng.sample(others, 2), np.int64)
        path = np.array([cell], np.int64)
        return (cell, rng.randrange(-1, 6), rng.randrange(1, 13), path, blocked,
                rng.randrange(3), rng.random() < 0.2)  # fmt: skip

    def live(self, start: tuple[object, ...]) -> np.ndarray:
        out = new_options(self.t.nb.shape[0])
        return out[: _live(self.t, self.scratch, *start, out)].copy()

    def cached(self, start: tuple[object, ...], track: int = 1) -> np.ndarray:
        out = new_options(self.t.nb.shape[0])
        n = _cached(self.t, self.scratch, self.table, track, *start, out)
        return out[:n].copy()


def test_a_kept_run_gives_the_options_of_a_live_run() -> None:
    starts, rng = Starts(), random.Random(5)
    cases = [starts.start(rng) for _ in range(300)]
    for start in cases + cases:  # the second time round, mostly from the table
        np.testing.assert_array_equal(starts.cached(start), starts.live(start))
    assert (starts.table.counts >= 0).sum() > 100


def _sharing_a_slot(
    starts: Starts, rng: random.Random, vary: str
) -> tuple[tuple[object, ...], tuple[object, ...], int]:
    """Two starts with different options whose runs take the same slot: any two
    (``vary`` "start"), or two alike but for their blocked cells ("blocked") or whether
    the car may brake ("brake")."""
    first = starts.start(rng)
    first = (*first[:5], 2, first[6])
    by_slot: dict[int, tuple[object, ...]] = {}
    while True:
        start = starts.start(rng)
        if vary == "blocked":
            start = (*first[:4], start[4], *first[5:])
        elif vary == "brake":
            by_slot = {_slot(1, *start[:6], not start[6]): (*start[:6], not start[6])}
        slot = _slot(1, *start)
        kept = by_slot.get(slot)
        if kept is not None and not np.array_equal(starts.live(kept), starts.live(start)):
            return kept, start, slot
        by_slot[slot] = start


def test_a_start_whose_slot_another_took_is_run_again() -> None:
    starts, rng = Starts(), random.Random(8)
    for vary in ("start", "blocked", "brake"):
        first, second, slot = _sharing_a_slot(starts, rng, vary)
        for start in (first, second, first, second):
            np.testing.assert_array_equal(starts.cached(start), starts.live(start))
        assert starts.table.keys[slot, 2] == second[0]  # the latest run holds the slot


def test_another_track_never_reads_a_kept_run() -> None:
    starts, rng = Starts(), random.Random(2)
    start = starts.start(rng)
    while starts.live(start).shape[0] == 0:
        start = starts.start(rng)
    slot = _slot(1, *start)
    starts.cached(start, track=1)
    starts.table.counts[slot] = 0  # were it read, it would give no options at all
    assert starts.cached(start, track=1).shape[0] == 0  # read back: the same track
    np.testing.assert_array_equal(starts.cached(start, track=2), starts.live(start))
