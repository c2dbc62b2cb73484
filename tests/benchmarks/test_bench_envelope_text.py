"""The envelope-text benchmark's smallest run: both writers give the same JSON for every
envelope of a short Ludøl room (the benchmark asserts it), and the figures come out."""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_envelope_text import measure


def test_the_smallest_run_writes_the_same_json_both_ways() -> None:
    with ThreadPoolExecutor(1) as thread:  # its own event loop, whatever else the process runs
        figures = thread.submit(measure, "ludol", 4, 1).result()
    assert figures["game"] == "ludol" and figures["envelope_kb"] > 0
    assert figures["stdlib_us"] > 0 and figures["orjson_us"] > 0
