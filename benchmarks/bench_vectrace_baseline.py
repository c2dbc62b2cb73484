"""Baselines for the Vectrace solver benchmarks: a plain-Python BFS and a compiled one.

Both walk the same ``(x, y, vx, vy)`` states with the exact square walk of
:mod:`racerbile.games.vectrace.geometry`, one lap, no checkpoints, and stop at the
first level that finishes (keeping the best ``t`` of that level). The compiled BFS is
the obvious fast one, with no move table and no bound: every expansion walks its nine
moves square by square, but for a move to a state already reached (the same walk from
the same square, so safe and not finishing). It keeps one visited byte per state of the whole
``(velocity, cell)`` space, velocity-major (allocated by NumPy, which gets zeroed pages
from the OS, so only the pages the search reaches are resident), frontiers of packed
``(cell, vx, vy)`` that double when full and are put in velocity order before each
level (so the visited bytes of one level are probed near each other), and the walks
as precomputed flat cell offsets.

Also builds the open track the scaling benchmark grows: a walled rectangle with the
starts on the left edge and the finish line on the right edge.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction

import numpy as np
from numba import njit
from numpy.typing import NDArray

from racerbile.games.vectrace.geometry import walk, walk_offsets
from racerbile.games.vectrace.track import Point, Track


def open_track(width: int, height: int) -> Track:
    """Returns a walled ``width`` x ``height`` rectangle: ``S`` on the left, ``F`` on the right."""
    inner = "#S" + "." * (width - 3) + "F"
    wall = "#" * width
    rows = [wall] + [inner] * (height - 2) + [wall]
    return Track(f"open-{width}x{height}", tuple(rows))


def plain_bfs(track: Track) -> tuple[int | None, Fraction | None, int]:
    """Returns (fewest moves, best time, states visited) by a plain-Python BFS."""
    finish = track.finishes
    seen = {(p, (0, 0)) for p in track.starts}
    queue = deque((p, (0, 0), 0) for p in track.starts)
    best: tuple[int, Fraction] | None = None
    while queue:
        pos, vel, depth = queue.popleft()
        if best is not None and depth >= best[0]:
            break
        for ay in (-1, 0, 1):
            for ax in (-1, 0, 1):
                d = (vel[0] + ax, vel[1] + ay)
                end = _move(track, finish, pos, d)
                if isinstance(end, Fraction):
                    if best is None or depth + end < best[1]:
                        best = (depth + 1, depth + end)
                elif end is not None and best is None and (end, d) not in seen:
                    seen.add((end, d))
                    queue.append((end, d, depth + 1))
    return (best[0] if best else None, best[1] if best else None, len(seen))


def _move(track: Track, finish: frozenset[Point], pos: Point, d: Point) -> Point | Fraction | None:
    for cell, t in walk(pos, d):
        if not track.on_track(*cell):
            return None
        if cell in finish:
            return t
    return (pos[0] + d[0], pos[1] + d[1])


def _bound(side: int) -> int:
    """The largest speed ``k`` with ``k(k+1)/2 <= side - 1`` (a car cannot go faster)."""
    k = 0
    while (k + 1) * (k + 2) // 2 <= side - 1:
        k += 1
    return k


Ints = NDArray[np.int64]
ON, OFF, FINISH = 0, 1, 2  # square codes of the compiled BFS's grid


def compiled_bfs(track: Track) -> tuple[int | None, Fraction | None, int]:
    """Returns (fewest moves, best time, states visited) by the compiled plain BFS."""
    kx, ky = _bound(track.width), _bound(track.height)
    if max(kx, ky) > 127:  # a frontier entry packs each velocity in 8 bits
        raise ValueError(
            f"the track is too large for the compiled BFS ({track.width}x{track.height})"
        )
    span = max(kx, ky) + 1  # finishing moves may be one faster than the bound
    pad = span + 1
    wp = track.width + 2 * pad
    grid = np.full((track.height + 2 * pad, wp), OFF, dtype=np.uint8)
    for y, row in enumerate(track.rows):
        for x, c in enumerate(row):
            grid[y + pad, x + pad] = OFF if c == "#" else ON
    for x, y in track.finishes:  # the start line, on a circuit
        grid[y + pad, x + pad] = FINISH
    first, offs, nums, dens = _walk_table(span, wp)
    starts = np.array([(y + pad) * wp + x + pad for x, y in sorted(track.starts)], np.int64)
    seen = np.zeros((2 * kx + 1) * (2 * ky + 1) * grid.size, dtype=np.uint8)
    level, num, den, visited = _bfs(
        grid.ravel(), kx, ky, span, (first, offs, nums, dens), starts, seen
    )
    if level < 0:
        return None, None, int(visited)
    return int(level), (level - 1) + Fraction(int(num), int(den)), int(visited)


def _walk_table(span: int, wp: int) -> tuple[Ints, Ints, Ints, Ints]:
    """Returns the square walk of every ``d`` with ``|dx|, |dy| <= span`` as flat arrays:
    walk ``di`` (``(dy + span) * (2 span + 1) + dx + span``) is ``first[di]`` up to
    ``first[di + 1]`` of ``offs`` (cell offsets) and ``nums / dens`` (entry times)."""
    side = 2 * span + 1
    first = np.zeros(side * side + 1, np.int64)
    offs, nums, dens = [], [], []
    for dy in range(-span, span + 1):
        for dx in range(-span, span + 1):
            for ox, oy, num, den in walk_offsets(dx, dy):
                offs.append(ox + oy * wp)
                nums.append(num)
                dens.append(den)
            first[(dy + span) * side + dx + span + 1] = len(offs)
    return first, np.array(offs, np.int64), np.array(nums, np.int64), np.array(dens, np.int64)


# Indices in the hot loops are unsigned: Numba wraps negative signed indices, and that
# check per square walked made the walk loop about three times slower.
U = np.uint64


@njit(cache=True)
def _bfs(grid, kx, ky, span, walks, starts, seen):  # type: ignore[no-untyped-def]
    """Level-synchronous BFS; returns (level, t num, t den, states visited).

    State ``(cell, vx, vy)`` is byte ``((vy + ky) * nvx + vx + kx) * cells + cell`` of
    ``seen``; a frontier entry packs it as ``cell << 16 | (vx + kx) << 8 | (vy + ky)``.
    """
    first, offs, nums, dens = walks
    nvx, nvy = 2 * kx + 1, 2 * ky + 1
    cells, side = grid.shape[0], 2 * span + 1
    frontier = np.empty(1024, dtype=np.int64)
    nxt = np.empty(1024, dtype=np.int64)
    counts = np.zeros(nvx * nvy + 1, dtype=np.int64)
    n = 0
    for c in starts:
        seen[(ky * nvx + kx) * cells + c] = 1
        frontier[n] = (c << 16) | (kx << 8) | ky
        n += 1
    visited = n
    level = 0
    while n > 0:
        level += 1
        if nxt.shape[0] < frontier.shape[0]:
            nxt = np.empty(frontier.shape[0], dtype=np.int64)
        _by_velocity(frontier, n, nxt, counts, nvx)
        frontier, nxt = nxt, frontier
        m = 0
        best_num, best_den = -1, 1
        for i in range(n):
            e = frontier[i]
            c = U(e >> 16)
            vxi, vyi = (e >> 8) & 255, e & 255
            for dyi in range(vyi - 1, vyi + 2):  # the new velocity, offset by (kx, ky)
                for dxi in range(vxi - 1, vxi + 2):
                    di = (dyi - ky + span) * side + dxi - kx + span
                    lo, hi = U(first[di]), U(first[di + 1])
                    inside = 0 <= dxi < nvx and 0 <= dyi < nvy
                    end = c + U(offs[hi - U(1)]) if hi > lo else c
                    ns = U(dyi * nvx + dxi) * U(cells) + end if inside else U(0)
                    if inside and seen[ns] != 0:
                        continue  # the same walk from this cell: safe, not finishing
                    j, square = lo, ON
                    while j < hi:
                        square = grid[c + U(offs[j])]
                        if square != ON:
                            break
                        j += U(1)
                    if square == FINISH and (
                        best_num < 0 or nums[j] * best_den < best_num * dens[j]
                    ):
                        best_num, best_den = nums[j], dens[j]
                    if square != ON or best_num >= 0 or not inside:
                        continue
                    seen[ns] = 1
                    if m == nxt.shape[0]:
                        nxt = _grown(nxt, m)
                    nxt[m] = (np.int64(end) << 16) | (dxi << 8) | dyi
                    m += 1
        visited += m
        if best_num >= 0:
            return level, best_num, best_den, visited
        frontier, nxt = nxt, frontier
        n = m
    return -1, 0, 1, visited


@njit(cache=True)
def _by_velocity(frontier, n, out, counts, nvx):  # type: ignore[no-untyped-def]
    """Writes the first ``n`` entries of ``frontier`` to ``out`` in velocity order (a
    counting sort, stable)."""
    counts[:] = 0
    for i in range(n):
        e = frontier[i]
        counts[(e & 255) * nvx + ((e >> 8) & 255) + 1] += 1
    for v in range(counts.shape[0] - 1):
        counts[v + 1] += counts[v]
    for i in range(n):
        e = frontier[i]
        v = (e & 255) * nvx + ((e >> 8) & 255)
        out[counts[v]] = e
        counts[v] += 1


@njit(cache=True)
def _grown(a, m):  # type: ignore[no-untyped-def]
    """Returns a copy of ``a[:m]`` with room for ``2 m`` entries."""
    grown = np.empty(2 * m, dtype=a.dtype)
    grown[:m] = a[:m]
    return grown
