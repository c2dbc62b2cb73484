# mypy: disallow-untyped-defs=False
"""Live move help, remembered: the options of a move start that another car obstructs.

The move-help memo (:class:`.movehelp.Memo`) serves every start with no blocked cell
within reach; the others run the move help live, about twenty times the work of a
whole turn. Those starts repeat from race to race (the cars leave the same grid and
block each other the same way, race after race: seven in ten live runs of the
benchmark races have been run before), so each thread keeps the latest run of each
start in a small table, its slot chosen by a hash of everything the move help reads:
the track (``rules.track``), the fork combination, the cell, heading, roll and
steps taken, the path so far, the blocked cells and whether the car may brake. A
hit is checked against the whole key, so a table entry is used only for the start
it was made for, and the options are the same as a live run's.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from .movehelp import move_options, new_options
from .race import u

SLOTS = 1024  # a power of two
KEPT_OPTIONS = 32  # a run with more options is not kept
KEPT_CELLS = 16  # most blocked cells, and most cells of the path so far, of a kept run
# A key: track, combination, cell, heading, total, steps taken, brake, blocked count,
# path length, then the blocked cells and the path, each in KEPT_CELLS columns.
HEAD = 9
KEY = HEAD + 2 * KEPT_CELLS


class LiveCache(NamedTuple):
    """One thread's remembered live runs: slot ``i`` holds a run's key, its option
    count (-1: empty) and its options."""

    keys: np.ndarray  # int64[SLOTS, KEY]
    counts: np.ndarray  # int64[SLOTS]
    options: np.ndarray  # OPTION[SLOTS, KEPT_OPTIONS]


def new_live_cache() -> LiveCache:
    """Returns an empty table."""
    return LiveCache(
        np.zeros((SLOTS, KEY), np.int64),
        np.full(SLOTS, -1, np.int64),
        new_options(SLOTS * KEPT_OPTIONS).reshape(SLOTS, KEPT_OPTIONS),
    )


@njit(cache=True, inline="always")
def live_options(
    t, s, lc, track, k, cell, heading, remaining, moved, mode, path, n_path, blocked,
    n_blocked, brake, out,
) -> int:  # fmt: skip
    """:func:`.movehelp.move_options` of the move so far ``path[:n_path]`` (the car's cell
    last) into ``out``, from table ``lc`` when it holds this start, else run and kept;
    returns the count."""
    keep = n_path <= KEPT_CELLS and n_blocked <= KEPT_CELLS
    slot = 0
    if keep:
        slot = _slot(track, k, cell, heading, remaining, moved, brake, path, n_path, blocked,
                     n_blocked)  # fmt: skip
        if _holds(lc, slot, track, k, cell, heading, remaining, moved, brake, path, n_path,
                  blocked, n_blocked):  # fmt: skip
            count = lc.counts[u(slot)]
            for i in range(count):
                out[i] = lc.options[u(slot), i]
            return count
    count = move_options(
        t, s, t.closed[u(k)], cell, heading, remaining, moved, mode, path, n_path, blocked,
        n_blocked, brake, out,
    )  # fmt: skip
    if keep and count <= KEPT_OPTIONS:
        _keep(lc, slot, track, k, cell, heading, remaining, moved, brake, path, n_path, blocked,
              n_blocked, out, count)  # fmt: skip
    return count


@njit(cache=True, inline="always")
def _slot(track, k, cell, heading, remaining, moved, brake, path, n_path, blocked, n_blocked):
    """The table slot of a start: a multiplicative hash of its key."""
    h = np.uint64(track)
    for v in (k, cell, heading, remaining, moved, np.int64(brake)):
        h = (h ^ np.uint64(v)) * np.uint64(0x9E3779B97F4A7C15)
    for i in range(n_path):
        h = (h ^ np.uint64(path[i])) * np.uint64(0x9E3779B97F4A7C15)
    for i in range(n_blocked):
        h = (h ^ np.uint64(blocked[i] + 0x10000)) * np.uint64(0x9E3779B97F4A7C15)
    return np.int64((h >> np.uint64(40)) & np.uint64(SLOTS - 1))


@njit(cache=True, inline="always")
def _holds(lc, slot, track, k, cell, heading, remaining, moved, brake, path, n_path, blocked,
           n_blocked) -> bool:  # fmt: skip
    """Tells whether ``slot`` holds the run of exactly this start."""
    if lc.counts[u(slot)] < 0:
        return False
    key = lc.keys[u(slot)]
    same = (
        key[0] == track and key[1] == k and key[2] == cell and key[3] == heading
        and key[4] == remaining and key[5] == moved and key[6] == brake
        and key[7] == n_blocked and key[8] == n_path
    )  # fmt: skip
    if not same:
        return False
    for i in range(n_blocked):
        if key[HEAD + i] != blocked[i]:
            return False
    for i in range(n_path):  # noqa: SIM110 (all() of a generator does not compile)
        if key[HEAD + KEPT_CELLS + i] != path[i]:
            return False
    return True


@njit(cache=True, inline="always")
def _keep(lc, slot, track, k, cell, heading, remaining, moved, brake, path, n_path, blocked,
          n_blocked, out, count) -> None:  # fmt: skip
    """Writes a live run's key and options into ``slot`` (replacing what it held)."""
    key = lc.keys[u(slot)]
    key[0], key[1], key[2], key[3], key[4] = track, k, cell, heading, remaining
    key[5], key[6], key[7], key[8] = moved, brake, n_blocked, n_path
    for i in range(n_blocked):
        key[HEAD + i] = blocked[i]
    for i in range(n_path):
        key[HEAD + KEPT_CELLS + i] = path[i]
    for i in range(count):
        lc.options[u(slot), i] = out[i]
    lc.counts[u(slot)] = count
