"""Exact one-car solver and path checker for Vectrace (VT-SOLVE-1).

The search runs over states ``(progress, position, vx, vy)`` with flat indices. The
forward search is an A* in a Numba kernel (:func:`._kernels.astar`): it classifies a
move only when it expands it (the exact square walk of :mod:`.geometry` is
translation invariant, so it is computed once per ``d``), keeps one predecessor byte
per state (the acceleration and the lines crossed, the parent recomputed from it),
grows its frontiers as needed and prunes with a consistent lower bound on the moves
left. The backward BFS for the bots classifies every move once per track in a second
kernel and expands whole frontiers with NumPy.

* :func:`solve` gives the fewest moves and the best finish time ``(n - 1) + t``
  (VT-END-2) with a witness path, or ``moves=None`` when the finish is unreachable.
  The best time is always reached with the fewest moves: ``t`` lies in (0, 1], so a
  finish in ``n`` moves takes more than ``n - 1`` and at most ``n``.
* :func:`cost_to_go` gives, for every state, the fewest moves left and the best last
  ``t`` (a backward BFS); the bots read it.
* :func:`verify_path` checks any path against the rules.

Velocity bound: a car at rest needs ``k`` moves with speeds ``1, 2, …, k`` along an
axis to reach speed ``k`` there, covering ``k(k+1)/2`` points inside the grid, so
every position that is on the track has ``|vx| <= Kx`` with ``Kx(Kx+1)/2 <= W - 1``
(likewise ``y``); finishing moves may be one faster. The solver plays the base rules:
a move that leaves the track is a crash (no VT-OPT-2/3/4), and other cars are ignored.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

import numpy as np
from numpy.typing import NDArray

from . import _kernels
from .geometry import walk_offsets
from .track import Point, Track

ACCELS: tuple[Point, ...] = tuple((ax, ay) for ay in (-1, 0, 1) for ax in (-1, 0, 1))
Ints = NDArray[np.int64]


@dataclass(frozen=True)
class Solution:
    """The optimum for one car: ``moves`` (None: unreachable), exact ``time``, the path.

    ``path`` holds the start and then the chosen target of every move.
    """

    moves: int | None
    time: Fraction | None = None
    path: tuple[Point, ...] = ()

    def to_json(self) -> dict[str, object]:
        """Returns ``{"moves", "time", "path"}`` (``{"moves": None}`` when unsolvable)."""
        if self.moves is None or self.time is None:
            return {"moves": None}
        return {
            "moves": self.moves,
            "time": f"{self.time.numerator}/{self.time.denominator}",
            "path": [list(p) for p in self.path],
        }


def speed_bound(side: int) -> int:
    """Returns the largest speed ``k`` with ``k(k+1)/2 <= side - 1``."""
    k = 0
    while (k + 1) * (k + 2) // 2 <= side - 1:
        k += 1
    return k


class Tables:
    """Move classification for one track and lap setting, shared by all searches."""

    def __init__(self, track: Track, laps: int = 1, lap_start: bool = False):
        self.track = track
        lines = (*track.checkpoints, frozenset(track.starts) if lap_start else track.finishes)
        self.per_lap = len(lines)
        self.Q = self.per_lap * laps
        self.kx, self.ky = speed_bound(track.width), speed_bound(track.height)
        self.dx, self.dy = self.kx + 1, self.ky + 1  # finishing moves may be one faster
        self.nvx, self.nvy = 2 * self.kx + 1, 2 * self.ky + 1
        m = max(self.dx, self.dy) + 1
        self.pad = m
        self.wp = track.width + 2 * m
        hp = track.height + 2 * m
        on = np.zeros((hp, self.wp), dtype=bool)
        line = np.full((hp, self.wp), -1, dtype=np.int16)
        for y, row in enumerate(track.rows):
            for x, c in enumerate(row):
                on[y + m, x + m] = c != "#"
        for index, points in enumerate(lines):
            for x, y in points:
                line[y + m, x + m] = index
        self.on = on.ravel()
        self.line = line.ravel()
        self.cells: Ints = np.flatnonzero(self.on).astype(np.int64)  # padded flat index
        self.compact = np.full(self.on.size, -1, dtype=np.int64)
        self.compact[self.cells] = np.arange(self.cells.size)
        self.npos = self.cells.size
        if self.dx + self.dy + 1 > 127:  # a finishing walk step must fit the move memo byte
            raise ValueError(f"the track is too large to solve ({track.width}x{track.height})")

    # -- coordinates --
    def point(self, cell: int) -> Point:
        """Returns the ``(x, y)`` of a padded flat index."""
        y, x = divmod(int(cell), self.wp)
        return x - self.pad, y - self.pad

    def cell(self, point: Point) -> int:
        """Returns the padded flat index of ``(x, y)``."""
        return (point[1] + self.pad) * self.wp + point[0] + self.pad

    def d_index(self, dx: Ints, dy: Ints) -> Ints:
        """Returns the displacement table row for ``(dx, dy)``."""
        return (dy + self.dy) * (2 * self.dx + 1) + (dx + self.dx)

    @property
    def size(self) -> int:
        """Returns the number of search states."""
        return self.Q * self.npos * self.nvy * self.nvx

    def encode(self, q: Ints, k: Ints, vx: Ints, vy: Ints) -> Ints:
        """Returns flat state indices (velocity-major: the squares of one velocity are
        contiguous, so a sparse search touches few pages)."""
        return ((q * self.nvy + (vy + self.ky)) * self.nvx + (vx + self.kx)) * self.npos + k

    def decode(self, flat: Ints) -> tuple[Ints, Ints, Ints, Ints]:
        """Returns ``(q, k, vx, vy)`` for flat state indices."""
        rest, k = np.divmod(flat, self.npos)
        rest, vxi = np.divmod(rest, self.nvx)
        q, vyi = np.divmod(rest, self.nvy)
        return q, k, vxi - self.kx, vyi - self.ky

    # -- the move table --
    @cached_property
    def walks(self) -> tuple[Ints, Ints, Ints, Ints, Ints]:
        """Returns the square walk of every displacement row: offsets, length, t num/den."""
        nd = (2 * self.dx + 1) * (2 * self.dy + 1)
        width = self.dx + self.dy + 1
        offx = np.zeros((nd, width), dtype=np.int64)
        offy = np.zeros((nd, width), dtype=np.int64)
        tnum = np.ones((nd, width), dtype=np.int64)
        tden = np.ones((nd, width), dtype=np.int64)
        length = np.zeros(nd, dtype=np.int64)
        for dy in range(-self.dy, self.dy + 1):
            for dx in range(-self.dx, self.dx + 1):
                di = (dy + self.dy) * (2 * self.dx + 1) + (dx + self.dx)
                steps = walk_offsets(dx, dy)
                length[di] = len(steps)
                for i, (ox, oy, num, den) in enumerate(steps):
                    offx[di, i], offy[di, i], tnum[di, i], tden[di, i] = ox, oy, num, den
        return offx, offy, length, tnum, tden

    @cached_property
    def table(self) -> tuple[NDArray[np.int16], NDArray[np.int8]]:
        """Returns ``result[q, d, k]`` (-1 crash, new progress, ``Q`` finish) and the
        walk step of the finish ``step[q, d, k]``."""
        offx, offy, length, _, _ = self.walks
        result, step = _kernels.classify(
            self.on, self.line, self.cells, self.wp, self.per_lap, self.Q, offx, offy, length
        )
        return result, step

    @cached_property
    def memo(self) -> NDArray[np.uint8]:
        """Returns the forward search's move memo, one byte per ``(q, d, k)``, filled as
        moves are expanded (zeroed lazily by the OS, so untouched pages cost nothing)."""
        nd = (2 * self.dx + 1) * (2 * self.dy + 1)
        return np.zeros(self.Q * nd * self.npos, dtype=np.uint8)

    @cached_property
    def fields(self) -> tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int32]]:
        """Returns the A* fields: ``dist[line, k]`` (8-connected steps over the track to
        line ``line``, -1: never), ``clear[k]`` (Chebyshev distance to the nearest
        off-track square) and ``hcap[D, speed]``, the fewest moves ``n >= 1`` that can
        cover ``D`` from that speed: ``n * speed + n(n+1)/2 + 1 >= D``."""
        dist = np.stack(
            [
                _kernels.grid_distance(self.on, self.line == index, self.wp)[self.cells]
                for index in range(self.per_lap)
            ]
        )
        everywhere = np.ones_like(self.on)
        clear = _kernels.grid_distance(everywhere, ~self.on, self.wp)[self.cells]
        span = np.arange(max(int(dist.max()), 0) + 1)[:, None]
        speed = np.arange(max(self.kx, self.ky) + 1)[None, :]
        hcap = np.zeros((span.size, speed.size), dtype=np.int32)
        n = 0
        while (hcap == 0).any():
            n += 1
            hcap[(hcap == 0) & (n * speed + n * (n + 1) // 2 + 1 >= span)] = n
        return dist, clear, hcap

    def entry_time(self, dx: int, dy: int, step: int) -> Fraction:
        """Returns the exact ``t`` of walk step ``step`` of the move ``(dx, dy)``."""
        _, _, num, den = walk_offsets(dx, dy)[step]
        return Fraction(num, den)


@lru_cache(maxsize=8)
def tables(track: Track, laps: int = 1, lap_start: bool = False) -> Tables:
    """Returns the (cached) move tables of ``track``."""
    return Tables(track, laps, lap_start)


# --- forward search ----------------------------------------------------------------------


def solve(
    track: Track,
    start: Point | None = None,
    *,
    velocity: Point = (0, 0),
    progress: int = 0,
    laps: int = 1,
    lap_start: bool = False,
) -> Solution:
    """Returns the fewest moves and best time from ``start`` (default: the best ``S``).

    Raises ValueError when ``start`` is off the track or the velocity is impossible.
    """
    tab = tables(track, laps, lap_start)
    starts = [start] if start is not None else list(track.starts)
    for point in starts:
        if not track.on_track(*point):
            raise ValueError(f"the start {point[0]},{point[1]} is not on the track")
    if abs(velocity[0]) > tab.kx or abs(velocity[1]) > tab.ky:
        raise ValueError(f"the velocity {velocity} cannot occur on this track")
    k = np.array([tab.compact[tab.cell(p)] for p in starts], dtype=np.int64)
    n = k.size
    frontier = tab.encode(
        np.full(n, progress, np.int64), k, np.full(n, velocity[0]), np.full(n, velocity[1])
    )
    return _bfs(tab, np.unique(frontier))


def _bfs(tab: Tables, frontier: Ints) -> Solution:
    offx, offy, length, tnum, tden = tab.walks
    level, src, dx, dy, num, den, pred, error = _kernels.astar(
        tab.on,
        tab.line,
        tab.cells,
        tab.compact,
        tab.wp,
        tab.kx,
        tab.ky,
        tab.dx,
        tab.dy,
        tab.per_lap,
        tab.Q,
        frontier,
        (offx, offy, length, tnum, tden),
        tab.fields,
        tab.memo,
    )
    if error:  # guards of the search's own invariants, never bad input
        raise RuntimeError(f"the Vectrace search stopped on an internal check ({error})")
    if level < 0:
        return Solution(None)
    path = _trace(tab, pred, int(src))
    last = path[-1]
    path.append((last[0] + int(dx), last[1] + int(dy)))
    return Solution(int(level), (int(level) - 1) + Fraction(int(num), int(den)), tuple(path))


def _trace(tab: Tables, pred: NDArray[np.uint8], flat: int) -> list[Point]:
    """Returns the points from a start to state ``flat``, undoing one byte at a time."""
    path = []
    while True:
        q, k, vx, vy = (int(v[0]) for v in tab.decode(np.array([flat])))
        cell = int(tab.cells[k])
        path.append(tab.point(cell))
        code = int(pred[flat])
        if code == _kernels.START:
            return path[::-1]
        crossed, accel = divmod(code - 1, 9)
        px, py = vx - (accel % 3 - 1), vy - (accel // 3 - 1)
        back = np.array([tab.compact[cell - vx - vy * tab.wp]])
        flat = int(tab.encode(np.array([q - crossed]), back, np.array([px]), np.array([py]))[0])


# --- backward search (cost to go, for the bots) ------------------------------------------


@dataclass(frozen=True)
class CostToGo:
    """For every state: fewest moves left (``-1``: none) and the best last-move ``t``."""

    tables: Tables
    moves: NDArray[np.int32]
    last_t: NDArray[np.float64]

    def lookup(self, progress: int, pos: Point, vel: Point) -> tuple[int, float]:
        """Returns ``(moves left, best last t)`` for a car, ``(-1, inf)`` if hopeless."""
        tab = self.tables
        k = tab.compact[tab.cell(pos)] if tab.track.on_track(*pos) else -1
        if k < 0 or abs(vel[0]) > tab.kx or abs(vel[1]) > tab.ky or progress >= tab.Q:
            return -1, float("inf")
        flat = int(tab.encode(*(np.array([v], dtype=np.int64) for v in (progress, k, *vel)))[0])
        return int(self.moves[flat]), float(self.last_t[flat])


@lru_cache(maxsize=8)
def cost_to_go(track: Track, laps: int = 1, lap_start: bool = False) -> CostToGo:
    """Returns the backward-BFS cost-to-go of every state of ``track`` (cached)."""
    tab = tables(track, laps, lap_start)
    result, fstep = tab.table
    moves = np.full(tab.size, -1, dtype=np.int32)
    last_t = np.full(tab.size, np.inf)
    q, k, vx, vy = tab.decode(np.arange(tab.size, dtype=np.int64))
    _, _, _, tnum, tden = tab.walks
    t_of = tnum / tden
    for ax, ay in ACCELS:
        nvx, nvy = vx + ax, vy + ay
        di = tab.d_index(nvx, nvy)
        fin = result[q, di, k] == tab.Q
        t = t_of[di[fin], fstep[q[fin], di[fin], k[fin]]]
        np.minimum.at(last_t, np.flatnonzero(fin), t)
    frontier = np.flatnonzero(np.isfinite(last_t))
    moves[frontier] = 1
    level = 1
    while frontier.size:
        level += 1
        frontier = _predecessors(tab, result, moves, last_t, frontier, level)
    return CostToGo(tab, moves, last_t)


def _predecessors(
    tab: Tables,
    result: NDArray[np.int16],
    moves: NDArray[np.int32],
    last_t: NDArray[np.float64],
    frontier: Ints,
    level: int,
) -> Ints:
    """Marks the unvisited predecessors of ``frontier`` with ``level``; returns them."""
    q2, k2, vx2, vy2 = tab.decode(frontier)
    origin = tab.cells[k2] - vx2 - vy2 * tab.wp
    k = tab.compact[origin]
    ok_k = k >= 0
    di = tab.d_index(vx2, vy2)
    found = []
    for q in range(tab.Q):
        valid = ok_k & (result[q, di, np.maximum(k, 0)] == q2)
        if not valid.any():
            continue
        for ax, ay in ACCELS:
            vx, vy = vx2[valid] - ax, vy2[valid] - ay
            inside = (np.abs(vx) <= tab.kx) & (np.abs(vy) <= tab.ky)
            pred = tab.encode(
                np.full(int(inside.sum()), q), k[valid][inside], vx[inside], vy[inside]
            )
            succ = frontier[valid][inside]
            open_ = (moves[pred] == -1) | (moves[pred] == level)
            moves[pred[open_]] = level
            np.minimum.at(last_t, pred[open_], last_t[succ[open_]])
            found.append(pred[open_])
    return np.unique(np.concatenate(found)) if found else np.empty(0, np.int64)


# --- checking a path ---------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """The outcome of :func:`verify_path`: ``ok`` with moves and time, or the problem."""

    ok: bool
    problem: str = ""
    moves: int | None = None
    time: Fraction | None = None


def verify_path(
    track: Track, path: list[Point] | tuple[Point, ...], *, laps: int = 1, lap_start: bool = False
) -> Verdict:
    """Checks ``path`` (start, then each target) under the base rules; says what is wrong."""
    if not path:
        return Verdict(False, "the path is empty")
    if path[0] not in track.starts:
        return Verdict(False, f"the path starts at {_pt(path[0])}, which is not a start point S")
    lines = (*track.checkpoints, frozenset(track.starts) if lap_start else track.finishes)
    lines = lines * laps
    q, vel = 0, (0, 0)
    for number, (a, b) in enumerate(itertools.pairwise(path), start=1):
        d = (b[0] - a[0], b[1] - a[1])
        if abs(d[0] - vel[0]) > 1 or abs(d[1] - vel[1]) > 1:
            return Verdict(
                False, f"move {number} to {_pt(b)}: the vector changes by more than 1 (VT-MOVE-2)"
            )
        for ox, oy, num, den in walk_offsets(*d):
            cell = (a[0] + ox, a[1] + oy)
            if not track.on_track(*cell):
                return Verdict(
                    False, f"move {number} to {_pt(b)} leaves the track at {_pt(cell)} (VT-MOVE-4)"
                )
            if cell in lines[q]:
                q += 1
                if q == len(lines):
                    if number != len(path) - 1:
                        return Verdict(False, f"the car already finishes with move {number}")
                    return Verdict(True, moves=number, time=(number - 1) + Fraction(num, den))
        vel = d
    return Verdict(False, f"the path ends at {_pt(path[-1])} without finishing")


def _pt(p: Point) -> str:
    return f"{p[0]},{p[1]}"
