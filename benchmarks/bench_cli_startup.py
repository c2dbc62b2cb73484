"""Start-up time of the command line: ``racerbile --help``, ``racerbile games`` and
``racerbile track list`` against a bare ``python -c pass``, measured in the same run.

Each command runs in a fresh interpreter ``--repeat`` times; the best wall time is
shown, with what the command costs above a bare Python start.

    python benchmarks/bench_cli_startup.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "racerbile --help": [sys.executable, "-m", "racerbile", "--help"],
    "racerbile games": [sys.executable, "-m", "racerbile", "games"],
    "racerbile track list": [sys.executable, "-m", "racerbile", "track", "list"],
}


def best_time(command: list[str], repeat: int) -> float:
    """Returns the best wall time in seconds of ``repeat`` runs of ``command``."""
    times = []
    for _ in range(max(1, repeat)):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    """Times every command and prints the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    seconds = {name: best_time(command, args.repeat) for name, command in COMMANDS.items()}
    bare = seconds["python -c pass"]
    print(
        json.dumps(
            {
                name: {"seconds": round(s, 3), "above_bare_python": round(s - bare, 3)}
                for name, s in seconds.items()
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
