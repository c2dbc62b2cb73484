"""Per-track tables for the fast Racerbile path: everything the kernel reads, as arrays.

The reference rules look cells up in dictionaries of :class:`~racerbile.hexgrid.Hex`;
the kernel needs plain integers. Cells are numbered in ``Hex`` order (``q``, then
``r``) over the track cells *and* their lattice neighbours, so a car off the track
has a number too, and sorting by number sorts exactly as the move help sorts hexes.
Everything that depends on the fork choices (closed cells, the distance field of
RB-TRACK-6, the shortest lap) is tabled once per combination of choices.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple, cast

import numpy as np

from ....hexgrid import Hex
from ..gears import gear_value
from ..policy import policy_for
from ..rules.moves import geometry
from ..state import State
from ..track import CellKind, Track
from .movehelp import TURN_OK

FAR = 10_000  # the distance of a cell that cannot reach the line (as ranking.py)
KINDS = {CellKind.normal: 0, CellKind.downshift: 1, CellKind.block: 2, CellKind.midway: 3}
DOWNSHIFT, BLOCK = KINDS[CellKind.downshift], KINDS[CellKind.block]
MAX_COMBOS = 256


class Tables(NamedTuple):
    """One track's geometry as arrays (``C`` numbered cells, ``K`` fork combinations)."""

    q: np.ndarray  # int32[C] axial coordinates
    r: np.ndarray  # int32[C]
    is_track: np.ndarray  # bool[C]
    nb: np.ndarray  # int32[C, 6] neighbour number, -1 outside the numbered cells
    open_: np.ndarray  # bool[C, 6] a track step (walls, one-way), forks ignored
    finish: np.ndarray  # int8[C, 6] RB-TRACK-7 signed crossing
    midway: np.ndarray  # int8[C, 6] RB-CELL-4 signed crossing
    kind: np.ndarray  # int8[C] cell kind (KINDS), -1 off the track
    branch_fork: np.ndarray  # int32[C] fork index of a branch cell, else -1
    branch_choice: np.ndarray  # int32[C] 1 + branch index within its fork
    radix: np.ndarray  # int32[F] combination = sum(choice[f] * radix[f])
    closed: np.ndarray  # bool[K, C] cells of branches not chosen
    dist: np.ndarray  # int32[K, C] RB-TRACK-6 distance to the line (FAR if none)
    lap_length: np.ndarray  # int32[K] shortest lap
    grid_cell: np.ndarray  # int32[S] RB-START-2 slots
    grid_facing: np.ndarray  # int32[S] slot heading, -1 if none
    straight: np.ndarray  # int8[K, C, 7] track cells straight ahead per heading + 1
    can_turn: np.ndarray  # bool[K, C, 6] an open step within a turn of the heading
    marks: np.ndarray  # int8[C, 6] what a step passes: the line 1, midway 2, a branch 4


class Numbering(NamedTuple):
    """The numbering of a track's cells, both ways."""

    cells: list[Hex]
    number: dict[Hex, int]


def numbering(track: Track) -> Numbering:
    """Returns the cells numbered in Hex order: track cells and their neighbours."""
    cells = set(track.cells)
    for cell in track.cells:
        cells.update(cell.neighbor(d) for d in range(6))
    ordered = sorted(cells)
    return Numbering(ordered, {h: i for i, h in enumerate(ordered)})


@cache
def track_tables(track: Track) -> Tables:
    """Returns the tables of ``track`` (once per loaded track object)."""
    numbers = numbering(track)
    cells, index = numbers.cells, numbers.number
    n = len(cells)
    geo = geometry(track)
    nb = np.full((n, 6), -1, np.int32)
    open_ = np.zeros((n, 6), np.bool_)
    finish = np.zeros((n, 6), np.int8)
    midway = np.zeros((n, 6), np.int8)
    kind = np.full(n, -1, np.int8)
    for i, cell in enumerate(cells):
        for d in range(6):
            nb[i, d] = index.get(cell.neighbor(d), -1)
        if cell in track.cells:
            kind[i] = KINDS[track.cells[cell]]
            open_[i] = geo.open[cell]
            finish[i] = geo.finish[cell]
            midway[i] = geo.midway[cell]
    branch_fork, branch_choice, radix, closed, dist, laps = _fork_tables(track, index)
    straight, can_turn = _heading_tables(nb, open_, kind >= 0, closed)
    return Tables(
        q=np.array([h.q for h in cells], np.int32),
        r=np.array([h.r for h in cells], np.int32),
        is_track=kind >= 0,
        nb=nb,
        open_=open_,
        finish=finish,
        midway=midway,
        kind=kind,
        branch_fork=branch_fork,
        branch_choice=branch_choice,
        radix=radix,
        closed=closed,
        dist=dist,
        lap_length=laps,
        grid_cell=np.array([index[s.at] for s in track.grid], np.int32),
        grid_facing=np.array([-1 if s.facing is None else s.facing for s in track.grid], np.int32),
        straight=straight,
        can_turn=can_turn,
        marks=_marks(nb, finish, midway, branch_fork),
    )


def _marks(
    nb: np.ndarray, finish: np.ndarray, midway: np.ndarray, branch_fork: np.ndarray
) -> np.ndarray:
    """Per cell and direction, what the step passes that a move must look at: the
    finish line (1), the midway line (2), or a fork's branch it enters (4); mostly
    nothing, so a step looks once."""
    into_branch = (nb >= 0) & (branch_fork[np.where(nb >= 0, nb, 0)] >= 0)
    return ((finish != 0) | (midway > 0) << 1 | into_branch << 2).astype(np.int8)


def _heading_tables(
    nb: np.ndarray, open_: np.ndarray, is_track: np.ndarray, closed: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per fork combination, cell and heading: the track cells straight ahead, at most
    12 (``gears.straight_run``; heading -1, in column 0, takes the best heading), and
    whether a step within a turn of the heading is open (``moving._start_heading``)."""
    combos, n = closed.shape
    straight = np.zeros((combos, n, 7), np.int8)
    can_turn = np.zeros((combos, n, 6), np.bool_)
    cells = np.arange(n)
    for k in range(combos):
        # A step is open when the track allows it and its cell is not a closed branch.
        free = open_ & ~closed[k][np.where(nb >= 0, nb, 0)]
        for h in range(6):
            here, alive = cells, is_track.copy()
            for _ in range(12):
                alive &= is_track[here] & open_[here, h]
                ahead = np.where(alive, nb[here, h], here)
                alive &= ~closed[k][ahead]
                straight[k, :, h + 1] += alive
                here = np.where(alive, ahead, here)
            can_turn[k, :, h] = (free & TURN_OK[h]).any(axis=1)
        straight[k, :, 0] = straight[k, :, 1:].max(axis=1)
    return straight, can_turn


def fork_combinations(track: Track) -> int:
    """Returns how many combinations of fork choices (none chosen included) there are."""
    count = 1
    for fork in track.forks:
        count *= len(fork.branches) + 1
    return count


def _fork_tables(track: Track, index: dict[Hex, int]) -> tuple[np.ndarray, ...]:
    """Branch membership, and closed cells, distances and lap length per combination."""
    n = len(index)
    branch_fork = np.full(n, -1, np.int32)
    branch_choice = np.zeros(n, np.int32)
    radix = np.zeros(len(track.forks), np.int32)
    step = 1
    for f, fork in enumerate(track.forks):
        radix[f] = step
        step *= len(fork.branches) + 1
        for b, cells in enumerate(fork.branches.values()):
            for cell in cells:
                branch_fork[index[cell]] = f
                branch_choice[index[cell]] = b + 1
    combos = fork_combinations(track)
    closed = np.zeros((combos, n), np.bool_)
    dist = np.full((combos, n), FAR, np.int32)
    laps = np.zeros(combos, np.int32)
    for k in range(combos):
        shut = track.closed_cells(_choices(track, k))
        for cell in shut:
            closed[k, index[cell]] = True
        for cell, d in track.distances(shut).items():
            dist[k, index[cell]] = d
        laps[k] = track.lap_length(shut)
    return branch_fork, branch_choice, radix, closed, dist, laps


def _choices(track: Track, combo: int) -> dict[str, str]:
    """Returns the fork choices {fork id: branch} of combination ``combo``."""
    choices = {}
    for fork in track.forks:
        size = len(fork.branches) + 1
        combo, choice = divmod(combo, size)
        if choice:
            choices[fork.id] = list(fork.branches)[choice - 1]
    return choices


class PolicyTables(NamedTuple):
    """The ``optimal`` bot's solved policy as arrays (see :mod:`...policy`)."""

    positions: np.ndarray  # int32[C, 6] policy position of (cell, heading), -1 if none
    values: np.ndarray  # float64[R, P, 3, 2]
    q: np.ndarray  # float64[R, P, 3]
    # The bots' choices among the move-help memo's options, remembered as they are made
    # (:func:`.decide.remembered_option`), 0 until made: int32[memo entries, S], each
    # entry's row holding the cautious, greedy and stalin bots' choice per gear (slots
    # 0-8), then the optimal bot's per crossings left and gear (from slot 9; crossings
    # left are shifted by ``margin``, the most lines one move crosses). One entry's row
    # is two cache lines, so the bots that end moves alike share them. Set per race
    # setup (:func:`with_choices`).
    choices: np.ndarray
    margin: int
    # The bots' shift phases, remembered the same way (:func:`.turn.shift_key`):
    # int8[4 bots, keys, 3 gears, 2 (upshift barred)], 0 until played.
    shifts: np.ndarray


@cache
def policy_tables(track: Track, facing: bool, smashed: bool, crossings: int) -> PolicyTables:
    """Returns the policy the reference ``optimal`` bot uses, as arrays."""
    policy = policy_for(track, facing, smashed, crossings)
    index = numbering(track).number
    positions = np.full((len(index), 6), -1, np.int32)
    for (cell, heading), i in policy.positions.items():
        positions[index[cell], heading] = i
    return PolicyTables(
        positions, np.stack(policy.values), np.stack(policy.q), NO_CHOICES, 0, NO_SHIFTS
    )


NO_CHOICES = np.zeros((0, 16), np.int32)
NO_SHIFTS = np.zeros((4, 0, 3, 2), np.int8)


def with_choices(policy: PolicyTables, entries: int, margin: int) -> PolicyTables:
    """``policy`` with room to remember the bots' choices in ``entries`` memo entries
    whose options cross the line at most ``margin`` times, and their shift phases. The
    tables are mostly never touched: NumPy's zeros are pages the system maps on first
    write."""
    rows, positions = policy.values.shape[:2]
    slots = 9 + 3 * (rows + 2 * margin + 1)
    return policy._replace(
        choices=np.zeros((entries, -(-slots // 16) * 16), np.int32),  # whole cache lines
        margin=margin,
        # Keys (.turn.shift_key): greedy's straight runs 0-12; optimal's 2 + crossings
        # row * positions + position.
        shifts=np.zeros((4, max(13, 2 + rows * positions), 3, 2), np.int8),
    )


@cache
def gear_values() -> np.ndarray:
    """Returns the ``greedy`` bot's gear values, ``[gear, straight run]`` (runs 0-12)."""
    table = np.zeros((4, 13))
    for gear in range(1, 4):
        for run in range(13):
            table[gear, run] = gear_value(cast(State, None), gear, run)
    return table
