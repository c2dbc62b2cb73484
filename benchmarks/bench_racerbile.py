"""Racerbile simulation benchmark: player-turns per CPU second of the reference engine,
the fast path and the minimal compiled turn loop (:mod:`racerbile.games.racerbile.fast.
baseline`), side by side in one process, on the same seeded four-car races on Le Mans
(bots optimal, greedy, stalin, random). The same measurement as
``racerbile bench racerbile --json``.

    python benchmarks/bench_racerbile.py [--games N] [--seconds S] [--workers W] [--laps L]
        [--round-seconds R]
"""

from __future__ import annotations

import argparse
import json

from racerbile.cli.bench import FAST_FACTOR, ROUND_SECONDS, measure
from racerbile.engine.outcome import SimSpec
from racerbile.games import get_game


def main() -> None:
    """Parses the options, measures both engines and prints the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=20, help=f"reference races (fast: {FAST_FACTOR}x)"
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="CPU s per engine")
    parser.add_argument("--workers", type=int, default=1, help="fast-path threads")
    parser.add_argument("--laps", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--round-seconds", type=float, default=ROUND_SECONDS, help="per engine")
    args = parser.parse_args()
    fast = get_game("racerbile").fast
    assert fast is not None, "Racerbile declares a fast path"
    setup = fast.bench_setup(args.laps)
    spec = SimSpec("racerbile", setup, fast.bench_players, args.seed, engine="fast")
    engine = fast.engine(args.workers)
    result = measure(
        engine, spec, args.games, args.seconds, args.workers, fast.baseline, args.round_seconds
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
