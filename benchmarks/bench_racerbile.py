"""Racerbile simulation benchmark: player-turns per second, reference engine against
the fast path, on the same seeded four-car races on Le Mans (bots optimal, greedy,
stalin, random). The same measurement as ``racerbile bench racerbile --json``.

    python benchmarks/bench_racerbile.py [--games N] [--seconds S] [--workers W] [--laps L]
"""

from __future__ import annotations

import argparse
import json

from racerbile.cli.bench import measure
from racerbile.engine.outcome import SimSpec
from racerbile.games import get_game


def main() -> None:
    """Parses the options, measures both engines and prints the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="reference races (fast: 100x)")
    parser.add_argument("--seconds", type=float, default=20.0, help="budget per engine")
    parser.add_argument("--workers", type=int, default=2, help="fast-path threads")
    parser.add_argument("--laps", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    fast = get_game("racerbile").fast
    assert fast is not None, "Racerbile declares a fast path"
    setup = fast.bench_setup(args.laps)
    spec = SimSpec("racerbile", setup, fast.bench_players, args.seed, engine="fast")
    engine = fast.engine(args.workers)
    print(json.dumps(measure(engine, spec, args.games, args.seconds, args.workers)))


if __name__ == "__main__":
    main()
