"""Vectrace solver benchmark: the solver against a plain-Python and a compiled BFS.

Runs all three on the largest bundled track (by area) and prints JSON with the
timings and the speed-ups. Both baselines (``bench_vectrace_baseline``) walk the same
``(x, y, vx, vy)`` states with the same exact square walk: the Python one with sets
and a deque, the compiled one with a visited byte per state and growable frontiers.

    python benchmarks/bench_vectrace_solver.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import TypeVar

from bench_vectrace_baseline import compiled_bfs, plain_bfs

from racerbile.games.vectrace.catalog import TRACKS
from racerbile.games.vectrace.solver import Solution, Tables, solve, tables
from racerbile.games.vectrace.track import Track

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
    assert compiled_bfs(Track("warm", ("#####", "#S.F#", "#####")))[0] == 2

    def fast() -> Solution:
        tables.cache_clear()
        return solve(track)

    fast_s, fast_out = _timed(fast, args.repeat)
    solve_only_s, _ = _timed(lambda: solve(track), args.repeat)
    plain_s, plain_out = _timed(lambda: plain_bfs(track), 1)
    compiled_s, compiled_out = _timed(lambda: compiled_bfs(track), args.repeat)
    moves, time_, visited = plain_out
    assert (fast_out.moves, fast_out.time) == (moves, time_) == compiled_out[:2]
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
                "compiled_bfs_s": round(compiled_s, 4),
                "solver_s": round(fast_s, 4),
                "solver_warm_tables_s": round(solve_only_s, 4),
                "speedup": round(plain_s / fast_s, 1),
                "speedup_warm_tables": round(plain_s / solve_only_s, 1),
                "speedup_vs_compiled_bfs": round(compiled_s / fast_s, 2),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
