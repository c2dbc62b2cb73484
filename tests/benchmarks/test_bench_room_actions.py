"""The per-action benchmark's smallest run: one room of one game, two actions, two
listeners. It checks the figures come out, not how good they are."""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_room_actions import measure


def test_the_smallest_run_gives_every_figure() -> None:
    with ThreadPoolExecutor(1) as thread:  # its own event loop, whatever else the process runs
        figures = thread.submit(asyncio.run, measure("ludol", 2, 1, 2)).result()
    assert figures["actions"] == 2
    assert figures["commits_per_action"] > 0 and figures["cpu_ms_per_action"] > 0
