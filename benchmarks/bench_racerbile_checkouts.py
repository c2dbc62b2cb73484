"""The Racerbile fast path of several checkouts, side by side in one process.

On a shared machine the speed of the same code drifts by a third from one minute to
the next, so two runs of ``racerbile bench`` compare the machine as much as the code.
Here every checkout plays the same new games in each round (``--games`` of them, the
benchmark races of ``racerbile bench``: four bots on Le Mans), in a shuffled order,
each timed in CPU seconds, and their outcomes are checked equal game for game. Printed:
player-turns per CPU second of each, and each one's ratio to the first.

Each checkout's package is copied into a temporary folder under a name of its own
(``racerbile_1``, ...; its game registry renamed with it), so each is compiled once,
cold, before the rounds start. With no checkout given, only the package on the path
is measured.

    PYTHONPATH=src python3 benchmarks/bench_racerbile_checkouts.py [CHECKOUT ...]
        [--rounds 100] [--games 128] [--workers 1] [--laps 3]
"""

from __future__ import annotations

import argparse
import gc
import importlib
import random
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Contender:
    """One checkout's fast engine and the CPU time and player-turns it has played."""

    name: str
    engine: Any
    spec: Any
    cpu: float = 0.0
    turns: int = 0

    def play(self, indices: list[int]) -> list[Any]:
        started = time.process_time()
        outcomes = self.engine.play_chunk(self.spec, indices)
        self.cpu += time.process_time() - started
        self.turns += sum(seat.turns for game in outcomes for seat in game.seats)
        # Plain data: the checkouts' outcome classes are not the same classes.
        return [
            (g.index, g.seed, g.length, g.actions, g.locations,
             [(s.seat, s.place, s.turns, s.stats) for s in g.seats])
            for g in outcomes
        ]  # fmt: skip


def copy_package(checkout: Path, name: str, into: Path) -> str:
    """Copies ``checkout``'s package to ``into/name`` (the registry's module paths
    renamed, compiled code left behind); returns the name."""
    source = checkout / "src" / "racerbile"
    if not source.is_dir():
        raise SystemExit(f"{checkout}: no src/racerbile package there")
    shutil.copytree(source, into / name, ignore=shutil.ignore_patterns("__pycache__"))
    registry = into / name / "games" / "__init__.py"
    registry.write_text(registry.read_text().replace('"racerbile.games.', f'"{name}.games.'))
    return name


def contender(package: str, workers: int, laps: int) -> Contender:
    """The fast engine of ``package`` on the benchmark races, compiled and warmed up."""
    outcome = importlib.import_module(f"{package}.engine.outcome")
    fast = importlib.import_module(f"{package}.games").get_game("racerbile").fast
    spec = outcome.SimSpec("racerbile", fast.bench_setup(laps), fast.bench_players, 0, "fast")
    engine = fast.engine(workers)
    engine.play_chunk(spec, [10**6])  # compiling, the policy and the tables: not timed
    return Contender(package, engine, spec)


def measure(contenders: list[Contender], rounds: int, games: int, seed: int) -> None:
    """Plays ``rounds`` rounds of new games in every contender, in shuffled order."""
    shuffle = random.Random(seed).shuffle
    order = list(contenders)
    for r in range(rounds):
        indices = list(range(r * games, (r + 1) * games))
        shuffle(order)
        played = [c.play(indices) for c in order]
        if any(p != played[0] for p in played[1:]):
            raise SystemExit(f"round {r}: the checkouts' games differ")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs="*", type=Path, help="checkouts to compare")
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--games", type=int, default=128, help="new games per round")
    parser.add_argument("--workers", type=int, default=1, help="fast-path threads")
    parser.add_argument("--laps", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1, help="of the shuffled order")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        sys.path.insert(0, folder)
        packages = [
            copy_package(checkout, f"racerbile_{k}", Path(folder))
            for k, checkout in enumerate(args.checkouts, 1)
        ] or ["racerbile"]
        contenders = [contender(p, args.workers, args.laps) for p in packages]
        # Compiling leaves a heap of objects that every full collection would scan,
        # in whichever contender's round it falls: set them aside first.
        gc.collect()
        gc.freeze()
        try:
            measure(contenders, args.rounds, args.games, args.seed)
        finally:
            gc.unfreeze()
    first = contenders[0].turns / contenders[0].cpu
    print(f"{args.rounds} rounds of {args.games} new games, {args.workers} worker(s), games equal")
    for c, checkout in zip(contenders, args.checkouts or [Path("(on the path)")], strict=True):
        rate = c.turns / c.cpu
        ratio = rate / first
        print(f"{c.name:<12} {rate:>12,.0f} player-turns per CPU s {ratio:6.3f}  {checkout}")


if __name__ == "__main__":
    main()
