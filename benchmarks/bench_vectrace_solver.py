"""Vectrace solver benchmark: the NumPy/Numba solver against a plain-Python BFS.

Runs both on the largest bundled track (by area) and prints JSON with the timings
and the speed-up. The plain BFS walks the same ``(x, y, vx, vy)`` states with the
same exact square walk, one state at a time, with Python sets and a deque.

    python benchmarks/bench_vectrace_solver.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import time
from collections import deque
from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

from racerbile.games.vectrace.catalog import TRACKS
from racerbile.games.vectrace.geometry import walk
from racerbile.games.vectrace.solver import Solution, Tables, solve, tables
from racerbile.games.vectrace.track import Point, Track


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


R = TypeVar("R")


def _timed(fn: Callable[[], R], repeat: int) -> tuple[float, R]:
    """Returns the best wall time of ``repeat`` runs and the last result."""
    times = []
    for _ in range(max(1, repeat)):
        begin = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - begin)
    return min(times), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    track_id = max(
        TRACKS.bundled(),
        key=lambda t: TRACKS.info(TRACKS.load(t))["width"] * TRACKS.info(TRACKS.load(t))["height"],
    )
    track = TRACKS.load(track_id)
    warm = solve(Track("warm", ("#####", "#S.F#", "#####")))  # compiles the kernels once
    assert warm.moves == 2

    def fast() -> Solution:
        tables.cache_clear()
        return solve(track)

    fast_s, fast_out = _timed(fast, args.repeat)
    solve_only_s, _ = _timed(lambda: solve(track), args.repeat)
    plain_s, plain_out = _timed(lambda: plain_bfs(track), 1)
    moves, time_, visited = plain_out
    assert (fast_out.moves, fast_out.time) == (moves, time_)
    tab: Tables = tables(track)
    print(
        json.dumps(
            {
                "track": track_id,
                "size": [track.width, track.height],
                "moves": moves,
                "time": str(time_),
                "states": tab.size,
                "plain_states_visited": visited,
                "plain_bfs_s": round(plain_s, 4),
                "solver_s": round(fast_s, 4),
                "solver_warm_tables_s": round(solve_only_s, 4),
                "speedup": round(plain_s / fast_s, 1),
                "speedup_warm_tables": round(plain_s / solve_only_s, 1),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
