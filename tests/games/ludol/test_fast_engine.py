"""The fast Ludøl engine through the command line and its compiled-code cache.

``racerbile simulate ludol --engine fast`` plays on the fast path and reports what the
reference engine reports; the kernels' Numba cache is dropped when any of their
sources changes (:mod:`racerbile.games.ludol.fast.jit.cache`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from racerbile.cli import app
from racerbile.games.ludol.fast.jit.cache import STAMP, drop_stale_cache, sources_digest

runner = CliRunner()
SIMULATE = ["simulate", "ludol", "--players", "random,fast,aggressive,random_larger"]


def _simulate(*extra: str) -> dict[str, Any]:
    result = runner.invoke(app, [*SIMULATE, "--games", "12", "--seed", "3", "--json", *extra])
    assert result.exit_code == 0, result.output
    doc: dict[str, Any] = json.loads(result.stdout)
    return doc


@pytest.mark.parametrize("profile", ["ludol", "norsk"])
def test_simulate_on_the_fast_path_reports_what_the_reference_does(profile: str) -> None:
    fast = _simulate("--engine", "fast", "--set", f"profile={profile}")
    reference = _simulate("--set", f"profile={profile}")
    assert fast["engine"] == "fast" and reference["engine"] == "reference"
    assert fast["summary"] == reference["summary"]


def test_a_strong_bot_falls_back_to_the_reference_with_a_note() -> None:
    result = runner.invoke(
        app, ["simulate", "ludol", "--players", "strong,random", "--games", "1", "--engine",
              "fast", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["engine"] == "reference"
    assert "bots strong are not covered" in result.stderr


def _package(tmp_path: Path) -> Path:
    (tmp_path / "kernel.py").write_text("def play(): pass\n")
    (tmp_path / "board.py").write_text("def options(): pass\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    (cache / "kernel.play-1.py311.nbi").write_bytes(b"index")
    (cache / "kernel.play-1.py311.1.nbc").write_bytes(b"code")
    (cache / "kernel.cpython-311.pyc").write_bytes(b"bytecode")
    return tmp_path


def test_the_cache_stays_while_the_sources_are_the_same(tmp_path: Path) -> None:
    package = _package(tmp_path)
    assert drop_stale_cache(package)  # no stamp yet: dropped, stamped
    assert (package / "__pycache__" / STAMP).read_text() == sources_digest(package)
    (package / "__pycache__" / "kernel.play-1.py311.nbi").write_bytes(b"index")
    assert not drop_stale_cache(package)
    assert (package / "__pycache__" / "kernel.play-1.py311.nbi").exists()


def test_a_change_to_a_sibling_module_drops_the_kernels_cache(tmp_path: Path) -> None:
    package = _package(tmp_path)
    drop_stale_cache(package)
    (package / "__pycache__" / "kernel.play-1.py311.nbi").write_bytes(b"index")
    (package / "board.py").write_text("def options(): return 1\n")
    assert drop_stale_cache(package)
    names = sorted(p.name for p in (package / "__pycache__").iterdir())
    assert names == sorted([STAMP, "kernel.cpython-311.pyc"])
