"""Which engine plays a simulation: the reference rules, or a game's fast path.

The reference engine plays every game through the engine contract
(:func:`racerbile.sim.runner.play_chunk`). A game with a fast path declares it
(``game.fast``, a :class:`~racerbile.engine.capabilities.FastPath`); both return the
same :class:`~racerbile.engine.outcome.GameOutcome` records for the same seed, so
results do not depend on the engine either.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..engine.capabilities import FastEngine
from ..engine.outcome import GameOutcome, SimSpec
from .runner import play_chunk, resolve_game

ENGINES = ("reference", "fast")


def fast_engine_for(game_ref: str, threads: int | None = None) -> FastEngine | None:
    """Returns the fast engine of the game ``game_ref`` (id or ``module:attribute``),
    or None when it declares none."""
    fast = resolve_game(game_ref).fast
    return fast.engine(threads) if fast is not None else None


def choose_engine(spec: SimSpec) -> tuple[SimSpec, str | None]:
    """Returns the spec to run and, when the fast engine was asked for but cannot
    play it, a note saying why the reference engine plays instead."""
    if spec.engine not in ENGINES:
        raise ValueError(f"unknown engine {spec.engine!r}; expected one of: {', '.join(ENGINES)}")
    if spec.engine == "reference":
        return spec, None
    engine = fast_engine_for(spec.game)
    reason = "no fast engine is available" if engine is None else engine.unsupported(spec)
    if reason is None:
        return spec, None
    note = f"fast engine not used for {spec.game}: {reason}; playing with the reference engine"
    return dataclasses.replace(spec, engine="reference"), note


def play(spec: SimSpec, indices: Sequence[int]) -> list[GameOutcome]:
    """Plays games ``indices`` of ``spec`` with the engine it names (a worker's job)."""
    if spec.engine == "fast":
        engine = fast_engine_for(spec.game)
        if engine is None:
            raise RuntimeError(f"no fast engine for {spec.game} on this worker")
        return engine.play_chunk(spec, indices)
    return play_chunk(spec, indices)
