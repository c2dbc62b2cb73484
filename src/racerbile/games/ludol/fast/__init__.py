"""Ludøl's fast simulation path: compiled games that give the reference engine's
outcomes game for game (both profiles and every setup switch; bots ``random``,
``fast``, ``aggressive`` and ``random_larger``).

The game declares :data:`FAST_PATH`; the simulator builds
:class:`.engine.LudolFastEngine` through it, so nothing is compiled or imported
before a fast simulation asks for it. The kernels are in :mod:`.jit`.
"""

from __future__ import annotations

from typing import Any

from ....engine.capabilities import FastEngine, FastPath

BENCH_PLAYERS = ("random", "random", "random", "random")


def _engine(threads: int | None) -> FastEngine:
    from .engine import LudolFastEngine  # Numba compiles (or loads its cache) here

    return LudolFastEngine(threads)


def _bench_setup(laps: int) -> dict[str, Any]:
    """The benchmark games: four random bots under Ludøl rules (there are no laps)."""
    return {"players": [{"name": f"random {seat + 1}"} for seat in range(len(BENCH_PLAYERS))]}


FAST_PATH = FastPath(engine=_engine, bench_setup=_bench_setup, bench_players=BENCH_PLAYERS)
