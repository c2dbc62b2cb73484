# mypy: disallow-untyped-defs=False
"""The move-help memo (:class:`.movehelp.Memo`) of a track: built once, kept on disk.

:func:`build_memo` runs the move help for every start with no other car in the way:
about a second on Le Mans, the same every run, so :func:`memo_for` keeps it in the
data cache (:mod:`racerbile.games.racerbile.datacache`) keyed by the track's content
and the code that builds it, and checks a stored memo against the track's tables
before the kernel reads it: compiled code does not check indices, so a damaged file
must never reach it.

The compiled part is one function per fork combination; the arrays are allocated
and grown by NumPy in Python, so little is compiled that a run with a stored memo
would not need anyway.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
from numba import njit

from .. import datacache
from ..track import Track
from .cache import sources_digest
from .entrypoints import entry, first_call
from .movehelp import (
    FAST,
    MAX_OPTIONS,
    MAX_STEPS,
    NOT_TABLED,
    OPTION,
    TOTALS,
    TURN_OK,
    Memo,
    entry_count,
    entry_index,
    entry_word,
    move_options,
    new_options,
    new_scratch,
    roll_mode,
    start_word,
    step_kinds,
)
from .tables import Tables, track_tables

KIND = "movehelp"
_GAME = Path(__file__).parent.parent
_CODE = datacache.code_digest(_GAME / "track.py", _GAME / "rules" / "moves.py")


@cache
def memo_for(track: Track) -> Memo:
    """The move help of every unobstructed start on ``track`` (once per process; from
    the data cache when it holds a valid one)."""
    tables = track_tables(track)
    found = datacache.entry(KIND, [datacache.track_digest(track)], [sources_digest(), _CODE])
    stored = datacache.load(found, lambda arrays: valid_memo(arrays, tables))
    if stored is not None:
        return Memo(stored["entries"], stored["options"], stored["reach"])
    memo = build_memo(tables)
    datacache.save(found, memo._asdict())
    return memo


def _entries(t: Tables) -> int:
    """How many entries the memo of a track with tables ``t`` has."""
    return entry_count(t.closed.shape[0], t.nb.shape[0])


def build_memo(t: Tables) -> Memo:
    """Runs the move help for every start with no car in the way, at the start of the
    move and after one step straight on from the cell behind (see :class:`Memo`)."""
    n_cells, n_combos = t.nb.shape[0], t.closed.shape[0]
    s = new_scratch(n_cells, int(t.is_track.sum()))
    entries = np.full(_entries(t), NOT_TABLED, np.int64)
    reach = np.zeros((entries.shape[0], (n_cells + 63) // 64), np.uint64)
    work = np.zeros((2, n_cells, 7), np.bool_)
    # The path so far and the blocked cells, of the turn's types: one compiled move help
    # serves both (made here: nothing compiled allocates).
    prefix, blocked = np.zeros(2, np.int64), np.zeros(1, np.int64)
    store = new_options(4096)
    used = 0
    for moved in range(2):
        for combo in range(n_combos):
            while True:  # a combination that overflows the store runs again in a bigger one
                with first_call(_memo_rows):
                    done = _memo_rows(t, s, np.int64(moved), np.int64(combo), np.int64(used),
                                      entries, reach, work, prefix, blocked, store)  # fmt: skip
                if done >= 0:
                    used = int(done)
                    break
                store = _grown(store, used)
    return Memo(entries, store[:used].copy(), reach)


def _grown(store: np.ndarray, used: int) -> np.ndarray:
    """The store twice as big, its first ``used`` rows kept."""
    grown = new_options(2 * store.shape[0])
    grown[:used] = store[:used]
    return grown


@entry
def _memo_rows(t, s, moved, combo, used, entries, reach, work, prefix, blocked, store) -> int:
    """Fills the memo's entries of ``moved`` and ``combo`` (see :func:`build_memo`), the
    options from row ``used`` of ``store`` on; returns the rows then used, or -1 when
    ``store`` is too small."""
    closed = t.closed[combo]
    n_combos, n_cells = t.closed.shape[0], t.nb.shape[0]
    no_blocked, no_brake = np.int64(0), np.bool_(False)
    out = s.out
    for cell in range(n_cells):
        if not t.is_track[cell] or closed[cell]:
            continue
        for heading in range(-1, 6):
            if moved == 0:
                prefix[0] = cell
            elif heading < 0 or t.nb[cell, (heading + 3) % 6] < 0:
                continue  # after a step the car has a heading and a cell behind
            else:
                prefix[0], prefix[1] = t.nb[cell, (heading + 3) % 6], cell
            for total in range(1 + moved, TOTALS):
                mode, left = roll_mode(total), total - moved
                n = move_options(
                    t, s, closed, cell, heading, left, moved, mode, prefix, moved + 1, blocked,
                    no_blocked, no_brake, out,
                )  # fmt: skip
                if n > MAX_OPTIONS:
                    continue  # not tabled: played live
                if used + n > store.shape[0]:
                    return -1
                step_kinds(
                    t.nb, t.open_, closed, cell, heading, mode, prefix, moved + 1, prefix,
                    no_blocked, blocked, no_blocked, s.kinds,
                )  # fmt: skip
                e = entry_index(moved, combo, cell, heading + 1, total, n_combos, n_cells)
                entries[e] = entry_word(used, n, start_word(s.kinds))
                _reach(t, closed, cell, heading, left, mode, work[0], work[1], reach[e])
                for i in range(n):
                    store[used + i] = out[i]
                used += n
    return used


@njit(cache=True, inline="always")
def _reach(t, closed, start, heading, total, mode, here, ahead, bits) -> None:
    """Sets in ``bits`` every track cell a move of ``total`` steps may try to step onto.

    Walks every heading-legal step (no self-avoidance, no pruning), so it covers every
    cell :func:`move_options` checks against the blocked cells: when no blocked cell
    is among them, the move help is the unobstructed one stored in the memo.
    ``here`` and ``ahead`` are work arrays ``bool[C, 7]`` (all False on entry and exit).
    """
    for i in range(bits.shape[0]):  # loops, not slice assignments: see .kernel._reset
        bits[i] = 0
    here[start, heading + 1] = True
    for _ in range(total):
        for cell in range(here.shape[0]):
            for h in range(-1, 6):
                if not here[cell, h + 1]:
                    continue
                here[cell, h + 1] = False
                for d in range(6):
                    if h >= 0 and ((mode == FAST and d != h) or not TURN_OK[h, d]):
                        continue
                    target = t.nb[cell, d]
                    if t.open_[cell, d] and not closed[target]:
                        bits[target >> 6] |= np.uint64(1) << np.uint64(target & 63)
                        ahead[target, d + 1] = True
        here, ahead = ahead, here
    for cell in range(here.shape[0]):
        for h in range(here.shape[1]):
            here[cell, h] = False


def valid_memo(arrays: datacache.Arrays, tables: Tables) -> bool:
    """Tells whether ``arrays`` are a memo of a track with ``tables``: every shape and
    type, and every index the kernel follows, within bounds."""
    n_cells = tables.nb.shape[0]
    entries, options = arrays["entries"], arrays["options"]
    n = options.shape[0] if isinstance(options, np.ndarray) else -1
    shapes_ok = (
        datacache.matches(entries, np.int64, (_entries(tables),))
        and datacache.matches(options, OPTION, (n,))
        and datacache.matches(arrays["reach"], np.uint64, (_entries(tables), (n_cells + 63) // 64))
    )
    if not shapes_ok:
        return False
    tabled = entries[entries != NOT_TABLED]
    first, count, start = tabled & 0xFFFFFFFF, (tabled >> 32) & MAX_OPTIONS, tabled >> 44
    steps = options["steps"].astype(np.int64)
    shifts = 3 * np.arange(MAX_STEPS, dtype=np.uint64)
    dirs = (options["dirs"][:, None] >> shifts) & np.uint64(7)
    taken = np.arange(MAX_STEPS) < steps[:, None]
    return bool(
        (tabled >= 0).all()
        and (first + count <= n).all()
        and _valid_starts(start)
        and ((options["cell"] >= 0) & (options["cell"] < n_cells)).all()
        and ((steps >= 0) & (steps <= MAX_STEPS)).all()
        and (dirs[taken] < 6).all()
    )


def _valid_starts(start: np.ndarray) -> bool:
    """Tells whether every start word is one :func:`.movehelp.start_word` makes: each
    kind a step kind, the legal count and the first legal direction those of the kinds
    (the kernel steps in that direction)."""
    kinds = (start[:, None] >> (2 * np.arange(6))) & 3
    legal = kinds != 0
    first = np.where(legal.any(axis=1), legal.argmax(axis=1) + 1, 0)
    return bool(
        (kinds <= 2).all()
        and ((start >> 12) & 7 == legal.sum(axis=1)).all()
        and ((start >> 15) == first << 1).all()
    )
