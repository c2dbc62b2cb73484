"""Vectrace at scale: the solver against the compiled plain BFS on a growing open track.

Each case (one search on one track size) runs in a fresh subprocess, after compiling
on a tiny track, so its peak resident memory (``ru_maxrss``, which counts NumPy and
Numba arrays alike) is its own; ``base`` is the resident memory before the search.
Times are CPU seconds of the search (the machine is shared). Prints a table with the
ratios and writes a plot of time and memory against the number of squares.

    python benchmarks/bench_vectrace_scale.py [--big] [--plot FILE]

``--big`` adds 900x480, and only runs it with at least 6 GB of memory available.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

from bench_vectrace_baseline import compiled_bfs, open_track

from racerbile.games.vectrace.solver import solve
from racerbile.games.vectrace.track import Track

SIZES = ((150, 80), (300, 160), (600, 320))
BIG = (900, 480)
BIG_NEEDS_GB = 6.0
KINDS = ("solver", "compiled_bfs")


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_case(kind: str, width: int, height: int) -> dict[str, object]:
    """Runs one search in this process; returns its figures."""
    tiny = Track("tiny", ("#####", "#S.F#", "#####"))
    search = solve if kind == "solver" else compiled_bfs
    search(tiny)  # compile (or load the cache) before measuring
    track = open_track(width, height)
    base = _rss_mb()
    begin = time.process_time()
    out = search(track)
    cpu = time.process_time() - begin
    moves, best = (out.moves, out.time) if kind == "solver" else out[:2]  # type: ignore[union-attr]
    return {
        "kind": kind,
        "size": f"{width}x{height}",
        "squares": width * height,
        "cpu_s": round(cpu, 3),
        "peak_mb": round(_rss_mb()),
        "base_mb": round(base),
        "moves": moves,
        "time": str(best),
    }


def _available_gb() -> float:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1024**2
    return 0.0


def _spawn(kind: str, width: int, height: int) -> dict[str, object]:
    cmd = [sys.executable, __file__, "--case", kind, str(width), str(height)]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def _table(rows: list[dict[str, object]]) -> str:
    lines = [
        f"{'size':>9} {'solver s':>9} {'BFS s':>8} {'time x':>7} "
        f"{'solver MB':>10} {'BFS MB':>8} {'mem x':>6}  moves"
    ]
    by = {(r["size"], r["kind"]): r for r in rows}
    for size in dict.fromkeys(r["size"] for r in rows):
        s, b = by[(size, "solver")], by[(size, "compiled_bfs")]
        assert (s["moves"], s["time"]) == (b["moves"], b["time"]), (s, b)
        st, bt = float(s["cpu_s"]), float(b["cpu_s"])  # type: ignore[arg-type]
        sm, bm = float(s["peak_mb"]), float(b["peak_mb"])  # type: ignore[arg-type]
        lines.append(
            f"{size:>9} {st:>9.2f} {bt:>8.2f} {st / bt:>7.2f} "
            f"{sm:>10.0f} {bm:>8.0f} {sm / bm:>6.2f}  {s['moves']}"
        )
    return "\n".join(lines)


def _plot(rows: list[dict[str, object]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import NullFormatter

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for kind in KINDS:
        mine = [r for r in rows if r["kind"] == kind]
        squares = [r["squares"] for r in mine]
        left.plot(squares, [r["cpu_s"] for r in mine], "o-", label=kind)
        right.plot(squares, [r["peak_mb"] for r in mine], "o-", label=kind)
    for axis, label in ((left, "CPU seconds"), (right, "peak resident MB")):
        axis.set_xscale("log")
        axis.set_yscale("log")
        axis.xaxis.set_minor_formatter(NullFormatter())  # the minor labels overlap
        axis.set_xlabel("track squares (open track)")
        axis.set_ylabel(label)
        axis.legend()
    fig.suptitle("Vectrace: solver vs compiled plain BFS")
    fig.tight_layout()
    fig.savefig(path)


def main() -> None:
    """Parses the options and runs every case, or one case with ``--case``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="add 900x480 if memory allows")
    parser.add_argument("--plot", default="vectrace_scale.png")
    parser.add_argument("--case", nargs=3, metavar=("KIND", "WIDTH", "HEIGHT"))
    args = parser.parse_args()
    if args.case:
        kind, width, height = args.case
        print(json.dumps(run_case(kind, int(width), int(height))))
        return
    sizes = list(SIZES)
    if args.big:
        if _available_gb() >= BIG_NEEDS_GB:
            sizes.append(BIG)
        else:
            print(f"skipping 900x480: {_available_gb():.1f} GB available, needs {BIG_NEEDS_GB}")
    rows = []
    for width, height in sizes:
        for kind in KINDS:
            rows.append(_spawn(kind, width, height))
            print(json.dumps(rows[-1]), flush=True)  # each case as it ends
    print(_table(rows))
    _plot(rows, args.plot)
    print(f"plot written to {args.plot}")


if __name__ == "__main__":
    main()
