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
from .movehelp import FAST, MAX_STEPS, TURN_OK, Memo, Options, move_options, new_scratch, roll_mode
from .tables import Tables, track_tables

KIND = "movehelp"
_GAME = Path(__file__).parent.parent
_CODE = datacache.code_digest(_GAME / "track.py", _GAME / "rules" / "moves.py")
OPTION_TYPES = {"cell": np.int32, "sips": np.int32, "off": np.bool_, "steps": np.int8,
                "laps": np.int8}  # fmt: skip


@cache
def memo_for(track: Track) -> Memo:
    """The move help of every unobstructed start on ``track`` (once per process; from
    the data cache when it holds a valid one)."""
    tables = track_tables(track)
    found = datacache.entry(KIND, [datacache.track_digest(track)], [sources_digest(), _CODE])
    stored = datacache.load(found, lambda arrays: valid_memo(arrays, tables))
    if stored is not None:
        options = Options(*(stored[name] for name in Options._fields))
        return Memo(stored["firsts"], stored["counts"], options, stored["reach"])
    memo = build_memo(tables)
    datacache.save(found, {
        "firsts": memo.firsts, "counts": memo.counts, "reach": memo.reach,
        **memo.options._asdict(),
    })  # fmt: skip
    return memo


def build_memo(t: Tables) -> Memo:
    """Runs the move help for every start with no car in the way, at the start of the
    move and after one step straight on from the cell behind (see :class:`Memo`)."""
    n_cells, n_combos = t.nb.shape[0], t.closed.shape[0]
    s = new_scratch(n_cells, int(t.is_track.sum()))
    table = (2, n_combos, n_cells, 7, 13)
    firsts = np.full(table, -1, np.int32)
    counts = np.zeros(table, np.int32)
    reach = np.zeros((*table, (n_cells + 63) // 64), np.uint64)
    work = np.zeros((2, n_cells, 7), np.bool_)
    store = _options(4096)
    used = 0
    for moved in range(2):
        for combo in range(n_combos):
            while True:  # a combination that overflows the store runs again in a bigger one
                done = _memo_rows(t, s, np.int64(moved), np.int64(combo), np.int64(used),
                                  firsts, counts, reach, work, store)  # fmt: skip
                if done >= 0:
                    used = int(done)
                    break
                store = _grown(store, used)
    return Memo(firsts, counts, _options(used, store), reach)


def _options(size: int, old: Options | None = None) -> Options:
    """Options arrays of ``size`` rows, the first rows copied from ``old`` if given."""
    new = Options(*(np.zeros((size, *a.shape[1:]), a.dtype) for a in _TEMPLATE))
    if old is not None:
        rows = min(size, old.cell.shape[0])
        for a, b in zip(new, old, strict=True):
            a[:rows] = b[:rows]
    return new


_TEMPLATE = Options(
    np.zeros(0, np.int32), np.zeros(0, np.int32), np.zeros(0, np.bool_), np.zeros(0, np.int8),
    np.zeros((0, MAX_STEPS), np.int8), np.zeros(0, np.int8),
)  # fmt: skip


def _grown(store: Options, used: int) -> Options:
    """The store twice as big, its first ``used`` rows kept."""
    return _options(2 * store.cell.shape[0], Options(*(a[:used] for a in store)))


@njit(cache=True)
def _memo_rows(t, s, moved, combo, used, firsts, counts, reach, work, store) -> int:
    """Fills the memo's rows of ``moved`` and ``combo`` (see :func:`build_memo`), the
    options from row ``used`` of ``store`` on; returns the rows then used, or -1 when
    ``store`` is too small."""
    closed = t.closed[combo]
    prefix = np.zeros(2, np.int64)  # the turn's types: one compiled move help serves both
    blocked = np.zeros(1, np.int64)
    no_blocked, no_brake = np.int64(0), np.bool_(False)
    out = s.out
    for cell in range(t.nb.shape[0]):
        if not t.is_track[cell] or closed[cell]:
            continue
        for heading in range(-1, 6):
            if moved == 0:
                prefix[0] = cell
            elif heading < 0 or t.nb[cell, (heading + 3) % 6] < 0:
                continue  # after a step the car has a heading and a cell behind
            else:
                prefix[0], prefix[1] = t.nb[cell, (heading + 3) % 6], cell
            for total in range(1 + moved, 13):
                mode, left = roll_mode(total), total - moved
                n = move_options(
                    t, s, closed, cell, heading, left, moved, mode, prefix, moved + 1, blocked,
                    no_blocked, no_brake, out,
                )  # fmt: skip
                if used + n > store.cell.shape[0]:
                    return -1
                key = (moved, combo, cell, heading + 1, total)
                firsts[key] = used
                counts[key] = n
                _reach(t, closed, cell, heading, left, mode, work[0], work[1], reach[key])
                for i in range(n):
                    store.cell[used + i] = out.cell[i]
                    store.sips[used + i] = out.sips[i]
                    store.off[used + i] = out.off[i]
                    store.steps[used + i] = out.steps[i]
                    store.laps[used + i] = out.laps[i]
                    for j in range(MAX_STEPS):
                        store.dirs[used + i, j] = out.dirs[i, j]
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
    bits[:] = 0
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
    here[:] = False


def valid_memo(arrays: datacache.Arrays, tables: Tables) -> bool:
    """Tells whether ``arrays`` are a memo of a track with ``tables``: every shape and
    type, and every index the kernel follows, within bounds."""
    n_cells, n_combos = tables.nb.shape[0], tables.closed.shape[0]
    table = (2, n_combos, n_cells, 7, 13)
    firsts, counts = arrays["firsts"], arrays["counts"]
    n = arrays["cell"].shape[0] if isinstance(arrays["cell"], np.ndarray) else -1
    shapes_ok = (
        datacache.matches(firsts, np.int32, table)
        and datacache.matches(counts, np.int32, table)
        and datacache.matches(arrays["reach"], np.uint64, (*table, (n_cells + 63) // 64))
        and datacache.matches(arrays["dirs"], np.int8, (n, MAX_STEPS))
        and all(datacache.matches(arrays[k], t, (n,)) for k, t in OPTION_TYPES.items())
    )
    if not shapes_ok:
        return False
    used = firsts >= 0
    return bool(
        (firsts >= -1).all()
        and (counts >= 0).all()
        and (firsts[used] + counts[used] <= n).all()
        and ((arrays["cell"] >= 0) & (arrays["cell"] < n_cells)).all()
        and ((arrays["steps"] >= 0) & (arrays["steps"] <= MAX_STEPS)).all()
        and ((arrays["dirs"] >= 0) & (arrays["dirs"] < 6)).all()
    )
