"""A plain-Python BFS over (x, y, vx, vy): the slow, obvious oracle for the solver."""

from __future__ import annotations

from collections import deque
from fractions import Fraction

from racerbile.games.vectrace.geometry import walk
from racerbile.games.vectrace.track import Point, Track


def plain_bfs(track: Track, start: Point | None = None) -> tuple[int | None, Fraction | None]:
    """Returns (fewest moves, best time) for one car under the base rules."""
    starts = [start] if start is not None else list(track.starts)
    finish = track.finishes
    seen = {(p, (0, 0)) for p in starts}
    queue = deque((p, (0, 0), 0) for p in starts)
    best: tuple[int, Fraction] | None = None
    while queue:
        pos, vel, depth = queue.popleft()
        if best is not None and depth >= best[0]:
            break
        for ay in (-1, 0, 1):
            for ax in (-1, 0, 1):
                d = (vel[0] + ax, vel[1] + ay)
                outcome = _move(track, finish, pos, d)
                if outcome is None:
                    continue
                if isinstance(outcome, Fraction):
                    time = depth + outcome
                    if best is None or time < best[1]:
                        best = (depth + 1, time)
                    continue
                if best is None and (outcome, d) not in seen:
                    seen.add((outcome, d))
                    queue.append((outcome, d, depth + 1))
    return (best[0], best[1]) if best else (None, None)


def _move(track: Track, finish: frozenset[Point], pos: Point, d: Point) -> Point | Fraction | None:
    """Returns the finish t, the end point, or None for a crash."""
    for cell, t in walk(pos, d):
        if not track.on_track(*cell):
            return None
        if cell in finish:
            return t
    return (pos[0] + d[0], pos[1] + d[1])
