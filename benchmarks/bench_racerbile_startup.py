"""Racerbile fast-path start-up: time to the first result, cold and warm, CPU and wall.

Each measurement is a fresh Python process that plays one game of the benchmark race
(``racerbile bench racerbile``'s four bots on Le Mans, the ``optimal`` bot among them)
on the fast path. *Cold*: an empty Numba cache (``NUMBA_CACHE_DIR``) and an empty
data cache of solved policies and move-help tables (``RACERBILE_CACHE_DIR``), so
everything is compiled and solved. *Warm*: both caches as the cold run left them.
*Data cold*: compiled code cached, the data cache empty (what a new track costs).

    python benchmarks/bench_racerbile_startup.py [--warm-runs N] [--laps L] [--json]

Figures: ``process`` is the whole child process (interpreter start included, CPU of
all its threads); ``in_process`` runs from the first import to the first result, of
which ``compile`` is Numba compiling (the rest: imports, the data cache, solving the
policy and tabling the move help when it is cold, and the race).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

CHILD = """
import json, sys, time
wall0, cpu0 = time.perf_counter(), time.process_time()
from numba.core import event

class CompileTime(event.Listener):
    # CPU of Numba's compiles, outermost ones only (a compile compiles its callees).
    depth, cpu = 0, 0.0
    def on_start(self, ev):
        self.depth += 1
        if self.depth == 1:
            self.start = time.process_time()
    def on_end(self, ev):
        self.depth -= 1
        if self.depth == 0:
            self.cpu += time.process_time() - self.start

compiles = CompileTime()
event.register("numba:compile", compiles)
from racerbile.engine.outcome import SimSpec
from racerbile.games import get_game
fast = get_game("racerbile").fast
spec = SimSpec("racerbile", fast.bench_setup(int(sys.argv[1])), fast.bench_players, 0,
               engine="fast")
outcome = fast.engine(1).play_chunk(spec, [0])[0]
print(json.dumps({"wall": time.perf_counter() - wall0, "cpu": time.process_time() - cpu0,
                  "compile": compiles.cpu, "length": outcome.length}))
"""


def run_child(numba_dir: Path, data_dir: Path, laps: int, child: str = CHILD) -> dict[str, Any]:
    """Runs one start-up (``child``) in a child process with the two cache folders;
    returns its in-process and process times."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(numba_dir), "RACERBILE_CACHE_DIR": str(data_dir)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", child, str(laps)], env=env, capture_output=True, text=True
    )
    wall = time.perf_counter() - wall0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"the start-up run failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    inner = json.loads(done.stdout.strip().splitlines()[-1])
    return {
        "process": {"cpu": round(cpu, 2), "wall": round(wall, 2)},
        "in_process": {"cpu": round(inner["cpu"], 2), "wall": round(inner["wall"], 2)},
        "compile_cpu": round(inner["compile"], 2),
    }


def measure(warm_runs: int, laps: int) -> dict[str, Any]:
    """Cold, data-cold and warm start-ups in fresh cache folders (removed afterwards)."""
    with tempfile.TemporaryDirectory() as tmp:
        numba_dir, data_dir = Path(tmp, "numba"), Path(tmp, "data")
        cold = run_child(numba_dir, data_dir, laps)
        data_cold = run_child(numba_dir, Path(tmp, "data-2"), laps)
        warm = [run_child(numba_dir, data_dir, laps) for _ in range(warm_runs)]
    best = min(warm, key=lambda r: r["process"]["cpu"])
    return {"cold": cold, "data_cold": data_cold, "warm": best, "warm_runs": warm_runs}


def main() -> None:
    """Parses the options, measures and prints a table (or the JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warm-runs", type=int, default=3, help="warm runs (best is shown)")
    parser.add_argument("--laps", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = measure(args.warm_runs, args.laps)
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"{'start-up':<10} {'process CPU':>12} {'wall':>8} {'first result CPU':>17} "
        f"{'wall':>8} {'compile CPU':>12}"
    )
    for name in ("cold", "data_cold", "warm"):
        row = figures[name]
        print(
            f"{name:<10} {row['process']['cpu']:>11.2f}s {row['process']['wall']:>7.2f}s "
            f"{row['in_process']['cpu']:>16.2f}s {row['in_process']['wall']:>7.2f}s "
            f"{row['compile_cpu']:>11.2f}s"
        )


if __name__ == "__main__":
    main()
