# mypy: disallow-untyped-defs=False
"""The move help of :func:`racerbile.games.racerbile.rules.moves.move_options`, compiled.

Same dynamic programme over ``(cell, heading)``, same order of work, same ties:
the frontier is visited in insertion order, each key keeps its three cheapest paths
(stable sort), and an end cell keeps the first path found at its lowest cost. The
options come out sorted by ``(sips, cell number)``, which is the reference's
``(sips, Hex)`` order because cells are numbered in Hex order (:mod:`.tables`).

:func:`.memo.build_memo` runs the programme once per start (cell, heading, roll total
and fork combination) with no other car in the way; the kernel uses that table
(:class:`Memo`) for every move that starts with no blocked cell within reach, and
runs the programme live otherwise.

ONE SIGNATURE: a jitted function is compiled once per distinct argument types, and
a literal (``0``, ``False``) or a variable that starts as one is a type of its own.
Every call of :func:`move_options` (the memo's and the turn's live run) passes
int64 cell arrays and counts and a boolean brake, and counters start as
``int(np.int64(0))`` (an int64 value, not a literal), so each function compiles once.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from ..rules.moves import TURN_OK as _TURN_OK
from .race import ONE, ZERO, apart_called

NO, ON, OFF = 0, 1, 2
NORMAL, RECKLESS, FAST = 0, 1, 2
MAX_STEPS = 12
TURN_OK = np.array(_TURN_OK, np.bool_)


class Scratch(NamedTuple):
    """Work arrays for one thread: two path pools, the frontier, the best ends."""

    cost: np.ndarray  # int32[2, P]
    length: np.ndarray  # int32[2, P]
    n_paths: np.ndarray  # int32[1] paths written into the next pool so far
    dirs: np.ndarray  # int8[2, P, 12]
    cells: np.ndarray  # int32[2, P, 12]
    f_cell: np.ndarray  # int32[K]
    f_head: np.ndarray  # int32[K]
    f_count: np.ndarray  # int32[K]
    f_paths: np.ndarray  # int32[K, 3]
    g_key: np.ndarray  # int32[K]
    g_count: np.ndarray  # int32[K]
    g_paths: np.ndarray  # int32[K, 16]
    slot: np.ndarray  # int32[C * 7] grown key -> row, -1 when unused
    best_sips: np.ndarray  # int32[C], -1 when no path ends there yet
    best_off: np.ndarray  # bool[C]
    best_len: np.ndarray  # int32[C]
    best_dirs: np.ndarray  # int8[C, 12]
    touched: np.ndarray  # int32[C]
    moves: np.ndarray  # int32[2, 6] directions and kinds of one extension
    kinds: np.ndarray  # int32[6] the step kind per direction from one cell
    out: np.ndarray  # OPTION[C] the options of the last live run


# A move option, one 16-byte record (one cache line holds four): it ends on ``cell``
# (off the track when ``off``) after ``steps`` steps, their directions three bits each
# in ``dirs`` (see :func:`step_of`), costs ``sips`` and crosses the line ``laps`` times
# walking every step (as ``bots.plans`` counts).
OPTION = np.dtype([("cell", np.int32), ("sips", np.int8), ("off", np.bool_), ("steps", np.int8),
                   ("laps", np.int8), ("dirs", np.uint64)])  # fmt: skip


def new_options(size: int) -> np.ndarray:
    """Returns room for ``size`` options."""
    return np.zeros(size, OPTION)


@njit(cache=True, inline="always")
def step_of(dirs, j) -> int:
    """The direction of step ``j`` of a path packed as an option's ``dirs`` (signed, as
    every direction is)."""
    return int(np.int64((dirs >> np.uint64(3 * j)) & np.uint64(7)))


def new_scratch(n_cells: int, n_track: int) -> Scratch:
    """Returns work arrays big enough for any move on a track of ``n_track`` cells
    (allocated by NumPy: nothing to compile)."""
    keys = n_track * 6 + 8
    pool = keys * 3 * 6 + 64
    return Scratch(
        np.zeros((2, pool), np.int32),
        np.zeros((2, pool), np.int32),
        np.zeros(1, np.int32),
        np.zeros((2, pool, MAX_STEPS), np.int8),
        np.zeros((2, pool, MAX_STEPS), np.int32),
        np.zeros(keys, np.int32),
        np.zeros(keys, np.int32),
        np.zeros(keys, np.int32),
        np.zeros((keys, 3), np.int32),
        np.zeros(keys, np.int32),
        np.zeros(keys, np.int32),
        np.zeros((keys, 16), np.int32),
        np.full(n_cells * 7, -1, np.int32),
        np.full(n_cells, -1, np.int32),
        np.zeros(n_cells, np.bool_),
        np.zeros(n_cells, np.int32),
        np.zeros((n_cells, MAX_STEPS), np.int8),
        np.zeros(n_cells, np.int32),
        np.zeros((2, 6), np.int32),
        np.zeros(6, np.int32),
        new_options(n_cells),
    )


@njit(cache=True, inline="always")
def roll_mode(total: int) -> int:
    """RB-DICE-6/7: 10-12 too fast, 7-9 reckless, else normal."""
    return FAST if total >= 10 else RECKLESS if total >= 7 else NORMAL


@njit(cache=True, inline="always")
def step_kinds(
    nb, open_, closed, cell, heading, mode, prefix, n_prefix, own, n_own, blocked, n_blocked, kinds
) -> None:
    """:func:`racerbile.games.racerbile.rules.moves.step_kind` over numbered cells, for all
    six directions at once into ``kinds`` (one call per cell: every array passed to a
    compiled helper costs a reference count).

    ``heading`` -1 is the free first step; the path is ``prefix`` then ``own``.
    """
    for d in range(kinds.shape[0]):  # not range(6): unrolled, its code grows sixfold
        kinds[d] = NO
        if heading >= 0 and (d != heading if mode == FAST else not TURN_OK[heading, d]):
            continue
        target = nb[cell, d]
        if not open_[cell, d] or closed[target]:
            if mode == FAST and heading >= 0:
                kinds[d] = OFF
            continue
        taken = among(blocked, n_blocked, target) or among(prefix, n_prefix, target)
        if not (taken or among(own, n_own, target)):
            kinds[d] = ON


@njit(cache=True, inline="always")
def among(cells, n, cell) -> bool:
    """Tells whether ``cell`` is among ``cells[:n]``. It stops at the first match: a
    loop without an exit is vectorised (and its copies at every level of the race's
    compile optimised and emitted again) for lists of a few cells."""
    for i in range(n):  # noqa: SIM110 (any() of a generator does not compile)
        if cells[i] == cell:
            return True
    return False


@njit(cache=True, inline="always")
def _offer(s, pool, pid, cell, unmoved, off, n_touched) -> int:
    """Keeps the path if it is the first or strictly cheapest way to ``cell``."""
    sips = s.cost[pool, pid] + unmoved
    old = s.best_sips[cell]
    if old >= 0 and sips >= old:
        return n_touched
    if old < 0:
        s.touched[n_touched] = cell
        n_touched += 1
    s.best_sips[cell] = sips
    s.best_off[cell] = off
    length = s.length[pool, pid]
    s.best_len[cell] = length
    for i in range(length):
        s.best_dirs[cell, i] = s.dirs[pool, pid, i]
    return n_touched


@njit(cache=True, inline="always")
def _extend(t, s, closed, pool, pid, cell, heading, mode, prefix, n_prefix, blocked, n_blocked):
    """Fills ``s.moves`` with the legal steps of one path; returns how many."""
    kinds = s.kinds
    step_kinds(
        t.nb, t.open_, closed, cell, heading, mode, prefix, n_prefix, s.cells[pool, pid],
        s.length[pool, pid], blocked, n_blocked, kinds,
    )  # fmt: skip
    count = ZERO
    for d in range(6):
        if kinds[d] != NO:
            s.moves[0, count] = d
            s.moves[1, count] = kinds[d]
            count += 1
    return count


@njit(cache=True, inline="always")
def _grow(t, s, cur, pid, cell, heading, d, mode) -> int:
    """Writes the path extended by one step into the other pool; returns its id there."""
    nxt = 1 - cur
    c = s.n_paths[0]
    s.n_paths[0] = c + 1
    length = s.length[cur, pid]
    squeal = 1 if (mode == RECKLESS and heading >= 0 and d != heading) else 0
    s.cost[nxt, c] = s.cost[cur, pid] + squeal
    s.length[nxt, c] = length + 1
    for i in range(length):  # element by element: no overlap check, no slice views
        s.dirs[nxt, c, i] = s.dirs[cur, pid, i]
        s.cells[nxt, c, i] = s.cells[cur, pid, i]
    s.dirs[nxt, c, length] = d
    s.cells[nxt, c, length] = t.nb[cell, d]
    return c


@apart_called
def move_options(
    t, s, closed, start, heading, remaining, moved, mode, prefix, n_prefix, blocked, n_blocked,
    brake, out,
) -> int:  # fmt: skip
    """Writes every reachable end of the roll into ``out``, cheapest first; returns the count.

    ``prefix`` holds the cells of the move so far (the car's cell last), ``moved`` the
    steps taken, ``remaining`` the steps left; ``closed`` is the closed-cell row;
    ``brake``: the way ahead is blocked at the start, so the car may stop at once.
    """
    cur = ZERO
    s.length[0, 0] = 0
    s.cost[0, 0] = 0
    s.f_cell[0] = start
    s.f_head[0] = heading
    s.f_count[0] = 1
    s.f_paths[0, 0] = 0
    n_front = ONE
    n_touched = int(np.int64(0))  # an int64 value, not a literal: see ONE SIGNATURE
    for k in range(remaining + 1):
        nxt = 1 - cur
        s.n_paths[0] = 0
        n_grown = int(np.int64(0))
        for fi in range(n_front):
            cell = s.f_cell[fi]
            head = s.f_head[fi]
            for pj in range(s.f_count[fi]):
                pid = s.f_paths[fi, pj]
                n_moves = ZERO
                if k < remaining:
                    n_moves = _extend(
                        t, s, closed, cur, pid, cell, head, mode, prefix, n_prefix, blocked,
                        n_blocked,
                    )  # fmt: skip
                can_stop = (mode != FAST and moved + k >= 1) or (k < remaining and n_moves == 0)
                can_stop |= brake and k == 0
                if k == remaining:
                    n_touched = _offer(s, cur, pid, cell, 0, False, n_touched)
                elif can_stop:
                    n_touched = _offer(s, cur, pid, cell, remaining - k, False, n_touched)
                for m in range(n_moves):
                    d = s.moves[0, m]
                    kind = s.moves[1, m]
                    c = _grow(t, s, cur, pid, cell, head, d, mode)
                    target = t.nb[cell, d]
                    if kind == OFF:
                        n_touched = _offer(s, nxt, c, target, remaining - k, True, n_touched)
                        continue
                    key = target * 7 + d + 1
                    g = s.slot[key]
                    if g < 0:
                        g = n_grown
                        n_grown += 1
                        s.slot[key] = g
                        s.g_key[g] = key
                        s.g_count[g] = 0
                    s.g_paths[g, s.g_count[g]] = c
                    s.g_count[g] += 1
        n_front = _keep_cheapest(s, nxt, n_grown)
        cur = nxt
        if n_front == 0:
            break
    return _write_options(t, s, start, n_touched, out)


@njit(cache=True, inline="always")
def _keep_cheapest(s, pool, n_grown) -> int:
    """The next frontier: each grown key's paths sorted stably by cost, three kept."""
    for g in range(n_grown):
        count = s.g_count[g]
        paths = s.g_paths[g]
        for i in range(1, count):  # insertion sort: stable
            p = paths[i]
            j = i - 1
            while j >= 0 and s.cost[pool, paths[j]] > s.cost[pool, p]:
                paths[j + 1] = paths[j]
                j -= 1
            paths[j + 1] = p
        key = s.g_key[g]
        s.slot[key] = -1
        s.f_cell[g] = key // 7
        s.f_head[g] = key % 7 - 1
        kept = min(count, 3)
        s.f_count[g] = kept
        for i in range(kept):  # element by element: no shape check to compile
            s.f_paths[g, i] = paths[i]
    return n_grown


@njit(cache=True, inline="always")
def _write_options(t, s, start, n_touched, out) -> int:
    """Copies the best ends out sorted by (sips, cell) and clears them for the next run."""
    cells = s.touched[:n_touched]
    for i in range(1, n_touched):
        c = cells[i]
        j = i - 1
        while j >= 0 and (
            s.best_sips[cells[j]] > s.best_sips[c]
            or (s.best_sips[cells[j]] == s.best_sips[c] and cells[j] > c)
        ):
            cells[j + 1] = cells[j]
            j -= 1
        cells[j + 1] = c
    for i in range(n_touched):
        c = cells[i]
        length = s.best_len[c]
        option = out[i]
        option.cell = c
        option.sips = s.best_sips[c]
        option.off = s.best_off[c]
        option.steps = length
        laps, dirs = ZERO, np.uint64(0)
        here = start
        for j in range(length):
            d = s.best_dirs[c, j]
            dirs |= np.uint64(d) << np.uint64(3 * j)
            laps += t.finish[here, d]
            here = t.nb[here, d]
        option.dirs = dirs
        option.laps = laps
        s.best_sips[c] = -1
    return n_touched


@njit(cache=True, inline="always")
def start_word(kinds) -> int:
    """The step kinds of a move start packed in one number: two bits per direction
    (bits 0-11), how many are legal (bits 12-14), the first legal direction + 1, or 0
    for none (bits 16-18)."""
    word, n, first = ZERO, ZERO, ZERO
    for d in range(6):
        word |= kinds[d] << (2 * d)
        if kinds[d] != NO:
            n += 1
            if first == 0:
                first = d + 1
    return word | (n << 12) | (first << 16)


class Memo(NamedTuple):
    """The move help of every unobstructed start, by entry: the start ``(moved, combo,
    cell, heading + 1, total)`` (see :func:`entry_index`).

    ``moved`` 0 is the start of the move; ``moved`` 1 is the first decision after one
    forced step, the move so far being the cell behind and the cell (a first step that
    is the only legal one is taken without a decision, so most plans start there).
    An entry is one number (the kernel reads it in one load): -1 when not tabled, else
    its first option's row in ``options`` (bits 0-31), how many options follow (bits
    32-43) and the start's legal steps (bits 44-62, :func:`start_word`).
    """

    entries: np.ndarray  # int64[2 * K * C * 7 * 13]
    options: np.ndarray  # OPTION[N]
    reach: np.ndarray  # uint64[2 * K * C * 7 * 13, W] bit per cell the move help may step onto


MAX_OPTIONS = 0xFFF  # options an entry may hold (bits 32-43)
NOT_TABLED = -1


HEADINGS, TOTALS = 7, 13  # heading + 1 (0: none), and rolls 0-12


def entry_count(n_combos: int, n_cells: int) -> int:
    """How many entries a memo has (:func:`entry_index` of each start)."""
    return 2 * n_combos * n_cells * HEADINGS * TOTALS


@njit(cache=True, inline="always")
def entry_index(moved, combo, cell, h, total, n_combos, n_cells) -> int:
    """The index in :attr:`Memo.entries` of the start (``h``: heading + 1)."""
    return (((moved * n_combos + combo) * n_cells + cell) * HEADINGS + h) * TOTALS + total


@njit(cache=True, inline="always")
def entry_word(first, count, start) -> int:
    """A tabled entry (see :class:`Memo`)."""
    return first | (count << 32) | (start << 44)
