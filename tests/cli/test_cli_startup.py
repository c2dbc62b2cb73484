"""A fast command line: listing commands, games and tracks loads no rules engine and
none of the heavy libraries (each command imports those when it runs)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
HEAVY = ("numpy", "numba", "fastapi", "sqlalchemy", "matplotlib", "dask", "distributed")
# The modules of the games' rules engines (their commands, manifests and track
# catalogues may load).
RULES = (
    "racerbile.games.racerbile.rules",
    "racerbile.games.racerbile.game",
    "racerbile.games.vectrace.rules",
    "racerbile.games.vectrace.game",
)

PROBE = """
import json, sys
from racerbile.cli import app
try:
    app(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def _modules_loaded(*args: str) -> set[str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip(), "the command printed nothing"
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize("args", [("--help",), ("games",), ("track", "list")])
def test_listing_loads_no_rules_engine_and_no_heavy_library(args: tuple[str, ...]) -> None:
    loaded = _modules_loaded(*args)
    heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY)
    assert not heavy, f"racerbile {' '.join(args)} imported {heavy[:5]}"
    rules = sorted(m for m in loaded if m in RULES)
    assert not rules, f"racerbile {' '.join(args)} imported {rules}"


def test_a_command_that_needs_the_rules_still_loads_them() -> None:
    loaded = _modules_loaded("odds", "racerbile", "--json")
    assert "racerbile.games.racerbile.rules" in loaded


def test_help_loads_no_validation_library() -> None:
    # (running a command loads pydantic anyway: Typer's parameter handling imports it)
    assert "pydantic" not in _modules_loaded("--help")
