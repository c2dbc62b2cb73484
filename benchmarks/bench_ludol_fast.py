"""Ludøl simulation benchmark: games per second of ludopy (4 × random), of the
reference engine and of the fast path (4 × random under Ludøl rules), in one run.

ludopy is the PyPI Ludo engine that spec §3.1 measures (Danish rules, so it is a
speed yardstick, not an oracle). It is not a dependency of racerbile: when it is
missing, this script installs it into the running environment with
``python -m pip install ludopy`` (it pulls in opencv-python) and says so.

Every engine plays on one core (the fast path with one thread) for ``--seconds`` in
all, in three interleaved rounds; set-up (compiling, or loading Numba's cache) happens
before the clocks start. The games both racerbile engines played are checked to be identical.

    python benchmarks/bench_ludol_fast.py [--seconds S] [--seed N] [--json]
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from racerbile.engine.outcome import GameOutcome, SimSpec
from racerbile.games import get_game
from racerbile.sim import play_chunk

TARGET = 100  # the fast path must play at least this many times ludopy's games per second
FAST_BATCH = 500


def ludopy_module() -> Any:
    """Returns the ludopy module, installing it with pip first when it is missing."""
    try:
        return importlib.import_module("ludopy")
    except ImportError:
        print("ludopy is not installed; installing it: pip install ludopy", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "ludopy"], check=True)
        importlib.invalidate_caches()
        return importlib.import_module("ludopy")


def ludopy_game(ludopy: Any, rng: np.random.Generator) -> None:
    """Plays one ludopy game of four random players to its first winner (its README loop)."""
    game = ludopy.Game()
    over = False
    while not over:
        (_dice, movable, _own, _enemy, _won, over), _player = game.get_observation()
        piece = movable[int(rng.integers(len(movable)))] if len(movable) else -1
        *_, over = game.answer_observation(piece)


class Clock:
    """One engine's games and time, summed over the rounds it played."""

    def __init__(self, play: Callable[[int], int]):
        self.play = play  # plays a batch from game index ``first``; returns how many
        self.games = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        """Plays batches until ``seconds`` are spent."""
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            self.games += self.play(self.games)
        self.seconds += time.perf_counter() - started

    @property
    def rate(self) -> float:
        return self.games / self.seconds


def measure(seconds: float, seed: int, rounds: int = 3) -> dict[str, Any]:
    """Measures the three engines in ``rounds`` interleaved rounds (so a change in the
    machine's load falls on all three); returns rates and ratios."""
    ludopy = ludopy_module()
    np.random.seed(seed)  # ludopy throws its dice from NumPy's global generator
    rng = np.random.default_rng(seed)
    fast_path = get_game("ludol").fast
    assert fast_path is not None, "Ludøl declares a fast path"
    spec = SimSpec("ludol", fast_path.bench_setup(0), fast_path.bench_players, seed, "fast")
    engine = fast_path.engine(1)
    engine.play_chunk(spec, [0])  # compile or load the cache outside the clocks
    play_chunk(spec, [0])
    reference: list[GameOutcome] = []
    fast: list[GameOutcome] = []

    def ludopy_batch(_first: int) -> int:
        ludopy_game(ludopy, rng)
        return 1

    def reference_batch(first: int) -> int:
        reference.extend(play_chunk(spec, [first]))
        return 1

    def fast_batch(first: int) -> int:
        fast.extend(engine.play_chunk(spec, range(first, first + FAST_BATCH)))
        return FAST_BATCH

    clocks = {"ludopy": Clock(ludopy_batch), "reference": Clock(reference_batch),
              "fast": Clock(fast_batch)}  # fmt: skip
    for _ in range(rounds):
        for clock in clocks.values():
            clock.run(seconds / rounds)
    rates = {name: clock.rate for name, clock in clocks.items()}
    return {
        "games_per_s": {name: round(rate, 1) for name, rate in rates.items()},
        "games": {name: clock.games for name, clock in clocks.items()},
        "fast_over_ludopy": round(rates["fast"] / rates["ludopy"], 1),
        "fast_over_reference": round(rates["fast"] / rates["reference"], 1),
        "reference_over_ludopy": round(rates["reference"] / rates["ludopy"], 2),
        "target": TARGET,
        "meets_target": rates["fast"] >= TARGET * rates["ludopy"],
        "identical": _identical(reference, fast),
        "ludopy_version": _version("ludopy"),
    }


def _identical(reference: Sequence[GameOutcome], fast: Sequence[GameOutcome]) -> bool:
    common = min(len(reference), len(fast))
    return list(reference[:common]) == list(fast[:common])


def _version(name: str) -> str:
    from importlib.metadata import version

    return version(name)


def main() -> None:
    """Parses the options, measures and prints the table (or the JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="budget per engine")
    parser.add_argument("--seed", type=int, default=0, help="master seed")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    result = measure(args.seconds, args.seed)
    if args.json:
        print(json.dumps(result))
        return
    for name, rate in result["games_per_s"].items():
        print(f"{name:>10}: {rate:>10.1f} games/s ({result['games'][name]} games)")
    print(f"fast / ludopy:      {result['fast_over_ludopy']:>8.1f}x (target {TARGET}x)")
    print(f"fast / reference:   {result['fast_over_reference']:>8.1f}x")
    print(f"reference / ludopy: {result['reference_over_ludopy']:>8.2f}x")
    print(f"identical outcomes: {result['identical']}")
    sys.exit(0 if result["meets_target"] and result["identical"] else 1)


if __name__ == "__main__":
    main()
