"""The reload benchmark's smallest run: a short Le Mans record with one snapshot, loaded
both ways. It checks the figures come out and both loads agree, not how fast they are."""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_room_reload import measure


def test_the_smallest_run_loads_from_the_snapshot_and_from_the_start_alike() -> None:
    with ThreadPoolExecutor(1) as thread:  # its own event loop, whatever else the process runs
        figures = thread.submit(asyncio.run, measure(70, 20, 1)).result()
    assert (figures["entries"], figures["snapshot_at"]) == (70, 60)
    assert figures["snapshot_kb"] > 0 and figures["from_start_cpu_ms"] > 0
