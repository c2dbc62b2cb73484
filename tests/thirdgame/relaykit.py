"""Running the platform's command line in a subprocess with the relay registry line added."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
REGISTER = "from racerbile.games import REGISTRY; REGISTRY['relay'] = 'relay'"
"""The one registry line, run before the platform's command line is imported."""


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """Runs ``racerbile ARGS`` with the relay game registered; returns the finished process."""
    paths = [str(ROOT / "src"), str(HERE), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    command = [sys.executable, "-c", f"{REGISTER}; from racerbile.cli import main; main()", *args]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
