"""The coroutine-append benchmark's smallest round, each way: every append is timed and
stored, and the committing thread's groups hold several appends. It checks the figures
come out, not how fast they are."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_store_async import WAYS, one_round


def test_one_short_round_each_way_times_and_counts_every_append(tmp_path: Path) -> None:
    for way in WAYS:
        played = one_round(tmp_path, way, rooms=20, think=0.0, seconds=0.3)
        assert len(played.latencies_ms) > 20 and min(played.latencies_ms) > 0
        assert 0 < played.commits <= len(played.latencies_ms)
        assert played.loop_cpu_s > 0
    grouped = one_round(tmp_path, "committing thread", rooms=20, think=0.0, seconds=0.3)
    assert len(grouped.latencies_ms) >= 2 * grouped.commits  # 20 waiting: groups of several
