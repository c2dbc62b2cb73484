"""Racerbile simulations as the number of games grows: CPU time and peak memory.

Four-car 3-lap races on ``lemans`` (bots optimal, greedy, stalin, random), one worker,
the fast path for 250 to 16,000 games and the reference engine for 10 to 40. Each case
runs in a fresh subprocess after a small warm-up run of its engine (so the compile and
the policy solve stay out of it), and reports the CPU seconds of the run and its peak
resident memory (``ru_maxrss``) against the memory before it. Prints a table and writes
a plot of both against the number of games.

    PYTHONPATH=src python3 benchmarks/bench_sim_scale.py [--quick] [--plot FILE]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from racerbile.sim import SimSpec, run

SETUP = {
    "players": [{"name": n} for n in ("optimal", "greedy", "stalin", "random")],
    "track": "lemans",
    "laps": 3,
}
CASES = {"fast": (250, 1000, 4000, 16000), "reference": (10, 20, 40)}
QUICK = {"fast": (100, 400), "reference": (4, 8)}


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_case(engine: str, games: int) -> dict[str, Any]:
    """Plays ``games`` games in this process (after a warm-up); returns the figures."""
    spec = SimSpec("racerbile", SETUP, tuple(p["name"] for p in SETUP["players"]), 3, engine)
    run(spec, 2)  # compiles, solves the optimal bot's policy, builds the move help
    base = _rss_mb()
    cpu = time.process_time()
    outcomes = run(spec, games)
    cpu = time.process_time() - cpu
    turns = sum(seat.turns for game in outcomes for seat in game.seats)
    return {
        "engine": engine,
        "games": games,
        "cpu_s": round(cpu, 3),
        "ms_per_game": round(1000 * cpu / games, 3),
        "turns_per_cpu_s": round(turns / cpu),
        "base_mb": round(base, 1),
        "peak_mb": round(_rss_mb(), 1),
    }


def _spawn(engine: str, games: int) -> dict[str, Any]:
    command = [sys.executable, __file__, "--case", engine, str(games)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    figures: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return figures


def table(rows: list[dict[str, Any]]) -> str:
    """Returns the figures as a text table."""
    head = f"{'engine':<10} {'games':>6} {'CPU s':>8} {'ms/game':>8} {'turns/CPU s':>12} "
    head += f"{'base MB':>8} {'peak MB':>8}"
    lines = [head]
    for r in rows:
        lines.append(
            f"{r['engine']:<10} {r['games']:>6} {r['cpu_s']:>8.2f} {r['ms_per_game']:>8.2f} "
            f"{r['turns_per_cpu_s']:>12,} {r['base_mb']:>8.1f} {r['peak_mb']:>8.1f}"
        )
    return "\n".join(lines)


def plot(rows: list[dict[str, Any]], path: str) -> None:
    """Writes CPU seconds and peak memory against the number of games (log-log)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for engine in CASES:
        mine = [r for r in rows if r["engine"] == engine]
        if not mine:
            continue
        games = [r["games"] for r in mine]
        left.loglog(games, [r["cpu_s"] for r in mine], "o-", label=engine)
        right.semilogx(games, [r["peak_mb"] for r in mine], "o-", label=engine)
    left.set(xlabel="games", ylabel="CPU seconds", title="Time")
    right.set(xlabel="games", ylabel="peak resident MB", title="Memory")
    for axes in (left, right):
        axes.grid(True, which="both", alpha=0.3)
        axes.legend()
    fig.suptitle("Racerbile, four cars, 3 laps on lemans, one worker")
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main() -> None:
    """Runs every case in its own process, or one case with ``--case``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few small cases")
    parser.add_argument("--plot", default="sim_scale.png")
    parser.add_argument("--case", nargs=2, metavar=("ENGINE", "GAMES"))
    args = parser.parse_args()
    if args.case:
        print(json.dumps(run_case(args.case[0], int(args.case[1]))))
        return
    rows = []
    for engine, sizes in (QUICK if args.quick else CASES).items():
        for games in sizes:
            rows.append(_spawn(engine, games))
            print(json.dumps(rows[-1]), flush=True)  # each case as it ends
    print(table(rows))
    plot(rows, args.plot)
    print(f"plot written to {Path(args.plot).resolve()}")


if __name__ == "__main__":
    main()
