"""Appends from coroutines, the server's way against the way before, in one run: each
handed to a worker thread of the event loop's default pool (``asyncio.to_thread``),
which waits there for its group commit, against ``Store.append_actions_async``, which
queues it for the store's committing thread and awaits it on the loop.

Many coroutines on one event loop (rooms) append actions to games of their own, each
after a short pause (a player's think time) or none, for a fixed time per round, on a
fresh SQLite file each round; the two ways take turns, round by round. Printed per
way: appends a second, latency (p50, p99), appends per commit (the group's size) and
the event loop's own CPU per append (the hand-off; the commits run on other threads).

    PYTHONPATH=src python3 benchmarks/bench_store_async.py [--rooms 200] [--think 0.01]
        [--seconds 5] [--rounds 4] [--dir FOLDER]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from sqlalchemy import event

from racerbile.store import GameRow, Store, now

ACTION = {"kind": "note", "text": "x" * 200}
WAYS = ("worker threads", "committing thread")


class Round(NamedTuple):
    latencies_ms: list[float]
    commits: int
    loop_cpu_s: float


async def _append(store: Store, way: str, game_id: str, seq: int) -> None:
    entries = [(ACTION, "host")]
    if way == "worker threads":
        await asyncio.to_thread(store.append_actions, game_id, seq, entries)
    else:
        await store.append_actions_async(game_id, seq, entries)


async def _rooms(store: Store, way: str, rooms: int, think: float, seconds: float) -> list[float]:
    latencies: list[float] = []
    end = time.perf_counter() + seconds

    async def room(n: int) -> None:
        seq = 1
        while time.perf_counter() < end:
            began = time.perf_counter()
            await _append(store, way, f"g{n}", seq)
            latencies.append((time.perf_counter() - began) * 1000)
            seq += 1
            if think:
                await asyncio.sleep(think)

    await asyncio.gather(*(room(n) for n in range(rooms)))
    return latencies


def one_round(folder: Path, way: str, rooms: int, think: float, seconds: float) -> Round:
    """Plays one round of ``way`` on a fresh file in ``folder``."""
    with tempfile.TemporaryDirectory(dir=folder) as where:
        store = Store(f"sqlite:///{Path(where) / 'bench.sqlite3'}")
        try:
            for n in range(rooms):
                store.create_game(
                    GameRow(f"g{n}", "toy", 1, {}, 1, "digital", "h" * 64, f"C{n}", (), now())
                )
            commits = [0]
            event.listen(
                store.engine, "commit", lambda _conn: commits.__setitem__(0, commits[0] + 1)
            )
            loop_cpu = time.thread_time()
            latencies = asyncio.run(_rooms(store, way, rooms, think, seconds))
            loop_cpu = time.thread_time() - loop_cpu
        finally:
            store.close()
    return Round(latencies, commits[0], loop_cpu)


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q * 100) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--think", type=float, default=0.01, help="seconds between appends")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()))
    args = parser.parse_args()
    rounds: dict[str, list[Round]] = {way: [] for way in WAYS}
    for _ in range(args.rounds):
        for way in WAYS:
            rounds[way].append(one_round(args.dir, way, args.rooms, args.think, args.seconds))
    print(
        f"{args.rooms} coroutines, {args.think:g} s between appends, "
        f"{args.rounds} rounds of {args.seconds:g} s each way"
    )
    print(
        f"{'':18} {'appends/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'per commit':>11} {'loop us':>8}"
    )
    for way, each in rounds.items():
        latencies = [ms for r in each for ms in r.latencies_ms]
        appends, commits = len(latencies), sum(r.commits for r in each)
        loop_us = 1e6 * sum(r.loop_cpu_s for r in each) / appends
        print(
            f"{way:18} {appends / (args.rounds * args.seconds):10.0f}"
            f" {quantile(latencies, 0.5):8.2f} {quantile(latencies, 0.99):8.2f}"
            f" {appends / commits:11.1f} {loop_us:8.0f}"
        )


if __name__ == "__main__":
    main()
