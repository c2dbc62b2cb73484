"""Baselines for the Vectrace solver benchmarks: a plain-Python BFS and a compiled one.

Both walk the same ``(x, y, vx, vy)`` states with the exact square walk of
:mod:`racerbile.games.vectrace.geometry`, one lap, no checkpoints, and stop at the
first level that finishes (keeping the best ``t`` of that level). The compiled BFS is
the obvious fast one: one visited byte per state of the whole ``(cell, velocity)``
space (calloc'd, so only the pages the search reaches are resident), frontiers that
double when full, and no move table (every expansion walks its nine moves).

Also builds the open track the scaling benchmark grows: a walled rectangle with the
starts on the left edge and the finish line on the right edge.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction

import numpy as np
from numba import njit

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


def compiled_bfs(track: Track) -> tuple[int | None, Fraction | None, int]:
    """Returns (fewest moves, best time, states visited) by the compiled plain BFS."""
    kx, ky = _bound(track.width), _bound(track.height)
    pad = max(kx, ky) + 2
    wp, hp = track.width + 2 * pad, track.height + 2 * pad
    grid = np.zeros((hp, wp), dtype=np.uint8)  # 0 off, 1 on, 2 finish
    for y, row in enumerate(track.rows):
        for x, c in enumerate(row):
            grid[y + pad, x + pad] = 0 if c == "#" else (2 if c == "F" else 1)
    span = max(kx, ky) + 1
    offs = np.zeros((2 * span + 1, 2 * span + 1, 2 * span + 1, 4), dtype=np.int64)
    length = np.zeros((2 * span + 1, 2 * span + 1), dtype=np.int64)
    for dy in range(-span, span + 1):
        for dx in range(-span, span + 1):
            steps = walk_offsets(dx, dy)
            length[dy + span, dx + span] = len(steps)
            for i, (ox, oy, num, den) in enumerate(steps):
                offs[dy + span, dx + span, i] = (ox + oy * wp, num, den, 0)
    starts = np.array([(y + pad) * wp + x + pad for x, y in sorted(track.starts)], np.int64)
    level, num, den, visited = _bfs(grid.ravel(), wp, kx, ky, span, offs, length, starts)
    if level < 0:
        return None, None, int(visited)
    return int(level), (level - 1) + Fraction(int(num), int(den)), int(visited)


@njit(cache=True)
def _bfs(grid, wp, kx, ky, span, offs, length, starts):  # type: ignore[no-untyped-def]
    """Level-synchronous BFS; returns (level, t num, t den, states visited)."""
    nvx, nvy = 2 * kx + 1, 2 * ky + 1
    seen = np.zeros(grid.shape[0] * nvy * nvx, dtype=np.uint8)
    frontier = np.empty(1024, dtype=np.int64)
    nxt = np.empty(1024, dtype=np.int64)
    n = 0
    for c in starts:
        s = (c * nvy + ky) * nvx + kx
        seen[s] = 1
        frontier[n] = s
        n += 1
    visited = n
    level = 0
    while n > 0:
        level += 1
        m = 0
        best_num, best_den = -1, 1
        for i in range(n):
            s = frontier[i]
            vx = s % nvx - kx
            vy = (s // nvx) % nvy - ky
            c = s // (nvx * nvy)
            for ay in range(-1, 2):
                for ax in range(-1, 2):
                    dx, dy = vx + ax, vy + ay
                    outcome = 0  # 0 move, 1 crash, 2 finish
                    for j in range(length[dy + span, dx + span]):
                        cell = c + offs[dy + span, dx + span, j, 0]
                        if grid[cell] == 0:
                            outcome = 1
                            break
                        if grid[cell] == 2:
                            outcome = 2
                            num = offs[dy + span, dx + span, j, 1]
                            den = offs[dy + span, dx + span, j, 2]
                            if best_num < 0 or num * best_den < best_num * den:
                                best_num, best_den = num, den
                            break
                    if outcome == 0 and best_num < 0 and abs(dx) <= kx and abs(dy) <= ky:
                        ns = ((c + dx + dy * wp) * nvy + dy + ky) * nvx + dx + kx
                        if seen[ns] == 0:
                            seen[ns] = 1
                            if m == nxt.shape[0]:
                                grown = np.empty(2 * m, dtype=np.int64)
                                grown[:m] = nxt
                                nxt = grown
                            nxt[m] = ns
                            m += 1
        visited += m
        if best_num >= 0:
            return level, best_num, best_den, visited
        frontier, nxt = nxt, frontier
        n = m
    return -1, 0, 1, visited
