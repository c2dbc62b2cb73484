"""The fast Ludøl engine: what it covers, and turning kernel results into outcomes.

``unsupported`` names the first thing in a spec the kernel does not play (then the
simulator plays the reference engine). ``play_chunk`` runs the kernel on all games of
the chunk at once, in ``threads`` shares (the kernel releases the GIL); the kernel
seeds each game's dice and bots bit for bit as the reference runner does
(:func:`racerbile.sim.runner.game_seed`, :func:`~racerbile.sim.runner.bot_rng`), so
the :class:`~racerbile.engine.outcome.GameOutcome` records are the same.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any

import numpy as np
from pydantic import ValidationError

from ....engine.outcome import (
    MAX_ACTIONS,
    GameOutcome,
    SeatOutcome,
    SimSpec,
    SimulationError,
    collector_paused,
)
from ..setup import LudolSetup, configure
from ..state import GLASSES
from .jit import board, kernel

BOT_CODES = {
    "random": kernel.RANDOM,
    "fast": kernel.FAST,
    "aggressive": kernel.AGGRESSIVE,
    "random_larger": kernel.RANDOM_LARGER,
}


class LudolFastEngine:
    """The :class:`racerbile.engine.capabilities.FastEngine` of Ludøl; ``threads``
    shares of a chunk play at once (default: one per CPU core)."""

    def __init__(self, threads: int | None = None):
        self.threads = threads or os.cpu_count() or 1

    def unsupported(self, spec: SimSpec) -> str | None:
        """Returns why the kernel cannot play ``spec`` (a Ludøl spec), or None."""
        try:
            setup = LudolSetup.model_validate(spec.setup)
        except (ValidationError, ValueError) as exc:
            return f"the setup is not valid ({exc})"
        unknown = sorted({p for p in spec.players if p not in BOT_CODES})
        if unknown:
            covered = ", ".join(BOT_CODES)
            return f"bots {', '.join(unknown)} are not covered (covered: {covered})"
        if len(spec.players) != len(setup.players):
            return "the number of bots does not match the number of players"
        if not 0 <= spec.seed < 2**64:
            return "the seed must be a whole number from 0 to 2**64 - 1"
        unknown_columns = [c for c in _declared_columns() if c not in COLUMNS]
        if unknown_columns:
            return f"the columns {', '.join(unknown_columns)} are not covered"
        return None

    def play_chunk(self, spec: SimSpec, indices: Sequence[int]) -> list[GameOutcome]:
        """Plays games ``indices`` of ``spec`` with the reference engine's seeds."""
        problem = self.unsupported(spec)
        if problem:
            raise SimulationError(f"the fast engine cannot play this setup: {problem}")
        cfg, colours = _prepared(json.dumps(spec.setup, sort_keys=True))
        bots = np.array([BOT_CODES[p] for p in spec.players], np.int64)
        games = len(indices)
        seeds = np.zeros(games, np.uint64)
        stats = np.zeros((games, len(spec.players), kernel.N_STATS), np.int64)
        counters = np.zeros((games, kernel.N_COUNTERS), np.int64)
        arrays = (cfg, colours, bots, np.uint64(spec.seed), np.array(indices, np.uint64),
                  seeds, stats, counters)  # fmt: skip
        _run_threads(arrays, games, self.threads)
        layout = (colours.tolist(), _declared_columns())
        rows, games_counters = stats.tolist(), counters.tolist()  # Python ints, once
        with collector_paused():
            return [
                _outcome(spec, index, seed, rows[g], games_counters[g], layout)
                for g, (index, seed) in enumerate(zip(indices, seeds.tolist(), strict=True))
            ]


@cache
def _prepared(setup_json: str) -> tuple[np.ndarray, np.ndarray]:
    """The kernel's profile row and each participant's number of colours."""
    setup = LudolSetup.model_validate(json.loads(setup_json))
    config = configure(setup)
    profile = config.profile
    cfg = np.zeros(board.N_CONFIG, np.int64)
    cfg[board.K_ROROS] = profile.roros
    cfg[board.K_SIX_RULE] = profile.six_rule
    cfg[board.K_FORCED_FROM] = profile.forced_six_from or 0
    cfg[board.K_BLOCK_MASK] = sum(1 << n for n in profile.block_sizes)
    cfg[board.K_OWNER_PASSES] = profile.owner_passes_blocks
    cfg[board.K_IMMUNE_START] = profile.start_square_immune
    cfg[board.K_IMMUNE_LANDING] = profile.immune_landing
    cfg[board.K_ROROS_PER_THROW] = profile.roros_per_throw
    cfg[board.K_CHAIN_RESETS] = profile.chain_resets
    cfg[board.K_FINISH_ANY] = profile.finish_any_colour
    cfg[board.K_FIRST] = -1 if config.first is None else config.first
    cfg[board.K_MAX_ACTIONS] = MAX_ACTIONS
    return cfg, np.array(config.colours, np.int64)


def _run_threads(arrays: tuple[Any, ...], games: int, threads: int) -> None:
    """Runs the kernel on ``threads`` contiguous shares of the games at once."""
    threads = max(1, min(threads, games))
    bounds = [games * k // threads for k in range(threads + 1)]
    if threads == 1:
        _share(arrays, 0, games)
        return
    with ThreadPoolExecutor(threads) as pool:
        jobs = [pool.submit(_share, arrays, lo, hi) for lo, hi in itertools.pairwise(bounds)]
        for job in jobs:
            job.result()


def _share(arrays: tuple[Any, ...], lo: int, hi: int) -> None:
    """Plays games ``lo`` to ``hi`` of the batch (the kernel releases the GIL)."""
    play: Any = kernel.play_batch
    play(*arrays, lo, hi)


def _columns(row: list[int], colours: int) -> dict[str, int]:
    """A participant's simulator columns (``games/ludol/stats.py``) from its kernel row:
    knock-homes are the events it caused (one per colour hit), beers the glasses it
    drank plus its penalty beers, and to buy adds four glasses per colour it played."""
    drunk, penalty = row[kernel.S_DRUNK], row[kernel.S_PENALTY]
    return {
        "throws": row[kernel.S_THROWS],
        "knock_homes": row[kernel.S_HIT_EVENTS],
        "glasses_drunk": drunk,
        "penalty_beers": penalty,
        "beers": drunk + penalty,
        "to_buy": GLASSES * colours + drunk + penalty,
    }


COLUMNS = tuple(_columns([0] * kernel.N_STATS, 1))


def _outcome(
    spec: SimSpec,
    index: int,
    seed: int,
    stats: list[list[int]],
    counters: list[int],
    layout: tuple[list[int], tuple[str, ...]],
) -> GameOutcome:
    """One game's outcome; ``layout`` holds each participant's colours and the game's
    declared columns."""
    if counters[kernel.C_STATUS] == kernel.TOO_LONG:
        raise SimulationError(
            f"game {index} (dice seed {seed}) did not end in {MAX_ACTIONS} actions"
        )
    colours, declared = layout
    seats = []
    for k, row in enumerate(stats):
        values = _columns(row, colours[k])
        seats.append(
            SeatOutcome(
                seat=k,
                player=spec.players[k],
                place=row[kernel.S_PLACE],
                turns=row[kernel.S_TURNS],
                stats={key: values[key] for key in declared},
            )
        )
    return GameOutcome(
        index=index,
        seed=seed,
        seats=tuple(seats),
        length=max(seat.turns for seat in seats),
        actions=counters[kernel.C_ACTIONS],
        locations={},
    )


def _declared_columns() -> tuple[str, ...]:
    """The simulator columns Ludøl declares (``GAME.stats``)."""
    from ..game import GAME

    return GAME.stats.columns if GAME.stats is not None else ()
