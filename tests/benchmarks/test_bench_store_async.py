"""The coroutine-append benchmark's smallest round, each way: every append is timed and
stored, and the committing thread's groups hold several appends. It checks the figures
come out, not how fast they are."""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_store_async import WAYS, Round, one_round


def _round(folder: Path, way: str) -> Round:
    # A thread of its own: a browser test in this process may hold an event loop here.
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(one_round, folder, way, 20, 0.0, 0.3).result()


def test_one_short_round_each_way_times_and_counts_every_append(tmp_path: Path) -> None:
    for way in WAYS:
        played = _round(tmp_path, way)
        assert len(played.latencies_ms) > 20 and min(played.latencies_ms) > 0
        assert 0 < played.commits <= len(played.latencies_ms)
        assert played.loop_cpu_s > 0
    grouped = _round(tmp_path, "committing thread")
    assert len(grouped.latencies_ms) >= 2 * grouped.commits  # 20 waiting: groups of several
