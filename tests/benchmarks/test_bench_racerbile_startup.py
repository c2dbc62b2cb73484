"""The start-up benchmark's plumbing: a child process gets both cache folders and its
figures come back (the real child compiles the fast path: far too slow for a test)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_racerbile_startup import run_child

CHILD = """
import json, os, sys
from pathlib import Path
Path(os.environ["NUMBA_CACHE_DIR"], "laps").write_text(sys.argv[1])
Path(os.environ["RACERBILE_CACHE_DIR"], "seen").write_text("yes")
print("noise before the figures")
print(json.dumps({"wall": 0.25, "cpu": 0.5, "compile": 0.75}))
"""


def test_a_child_gets_both_cache_folders_and_reports_its_times(tmp_path: Path) -> None:
    numba_dir, data_dir = tmp_path / "numba", tmp_path / "data"
    numba_dir.mkdir()
    data_dir.mkdir()
    figures = run_child(numba_dir, data_dir, 3, CHILD)
    assert (numba_dir / "laps").read_text() == "3"
    assert (data_dir / "seen").read_text() == "yes"
    assert figures["in_process"] == {"cpu": 0.5, "wall": 0.25}
    assert figures["compile_cpu"] == 0.75
    assert figures["process"]["wall"] > 0 and figures["process"]["cpu"] >= 0
