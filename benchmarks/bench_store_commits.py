"""SQLite appends under load: WAL checkpoints inside commits (SQLite's default, every
1,000 pages) against checkpoints in the store's background thread, in one run.

Writer threads append actions of about a kilobyte to games of their own as fast as the
store takes them, for a fixed time per round, on a fresh SQLite file each round; the
two ways take turns, round by round. Printed per way: appends a second and the
latency of an append (p50, p99, the longest) and how many took over 50 ms: a commit
that checkpoints holds up every write queued behind it. The WAL's size is the largest
the file grew to (it is used again from its start after a checkpoint copied it whole).

    PYTHONPATH=src python3 benchmarks/bench_store_commits.py [--threads 8] [--seconds 5]
        [--rounds 4] [--dir FOLDER]

``--dir`` puts the files on the disk to measure (the system's temporary folder by default).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event

from racerbile.store import GameRow, Store, now

SLOW_MS = 50.0
ACTION = {"kind": "note", "text": "x" * 1000}


def open_store(path: Path, in_commit: bool) -> Store:
    """Returns a store on ``path``; ``in_commit`` puts back SQLite's own checkpoints."""
    store = Store(f"sqlite:///{path}")
    if in_commit:
        store._checkpoints = None

        @event.listens_for(store.engine, "connect")
        def default_checkpoints(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.execute("PRAGMA wal_autocheckpoint=1000")

        store.engine.dispose()  # new connections, with SQLite's default
    return store


def one_round(
    folder: Path, in_commit: bool, threads: int, seconds: float
) -> tuple[list[float], int]:
    """Returns the latency (ms) of every append of one round, and the WAL's size."""
    with tempfile.TemporaryDirectory(dir=folder) as where:
        store = open_store(Path(where) / "bench.sqlite3", in_commit)
        try:
            for n in range(threads):
                store.create_game(
                    GameRow(f"g{n}", "toy", 1, {}, 1, "digital", "h" * 64, f"C{n}", (), now())
                )
            latencies: list[list[float]] = [[] for _ in range(threads)]
            start = threading.Barrier(threads)

            def write(n: int) -> None:
                start.wait()
                end, seq = time.perf_counter() + seconds, 1
                while time.perf_counter() < end:
                    began = time.perf_counter()
                    store.append_actions(f"g{n}", seq, [(ACTION, "host")])
                    latencies[n].append((time.perf_counter() - began) * 1000)
                    seq += 1

            workers = [threading.Thread(target=write, args=(n,)) for n in range(threads)]
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join()
            wal_bytes = os.path.getsize(f"{where}/bench.sqlite3-wal")
        finally:
            store.close()
    return [ms for each in latencies for ms in each], wal_bytes


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q * 100) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()))
    args = parser.parse_args()
    ways = {"checkpoints in commits": True, "background checkpoints": False}
    seen: dict[str, list[float]] = {name: [] for name in ways}
    wal: dict[str, int] = dict.fromkeys(ways, 0)
    for _ in range(args.rounds):
        for name, in_commit in ways.items():
            latencies, wal_bytes = one_round(args.dir, in_commit, args.threads, args.seconds)
            seen[name] += latencies
            wal[name] = max(wal[name], wal_bytes)
    print(f"{args.threads} writer threads, {args.rounds} rounds of {args.seconds:g} s each way")
    print(
        f"{'':24} {'appends/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'> 50 ms':>8}"
        f" {'WAL MB':>7}"
    )
    for name, values in seen.items():
        rate = len(values) / (args.rounds * args.seconds)
        slow = sum(ms > SLOW_MS for ms in values)
        print(
            f"{name:24} {rate:10.0f} {quantile(values, 0.5):8.2f} {quantile(values, 0.99):8.2f}"
            f" {max(values):8.1f} {slow:8d} {wal[name] / 1e6:7.1f}"
        )


if __name__ == "__main__":
    main()
