"""Which engine plays a simulation: the reference rules, or a game's fast path.

The reference engine plays every game through the engine contract
(:func:`racerbile.sim.runner.play_chunk`). A fast path lives in the module
``racerbile.sim.fast``; when present it exposes ``engine_for(game_id)`` returning
an object with the :class:`FastEngine` methods (or None for a game it does not
cover). Both return the same :class:`~racerbile.sim.outcome.GameOutcome` records
for the same seed, so results do not depend on the engine either.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Sequence
from typing import Protocol

from .outcome import GameOutcome
from .runner import SimSpec, play_chunk

ENGINES = ("reference", "fast")


class FastEngine(Protocol):
    """A game's fast simulation path."""

    def unsupported(self, spec: SimSpec) -> str | None:
        """Returns why this engine cannot play ``spec`` (a sentence), or None if it can."""
        ...

    def play_chunk(self, spec: SimSpec, indices: Sequence[int]) -> list[GameOutcome]:
        """Plays games ``indices`` of ``spec``, seeded exactly as the reference engine."""
        ...


def fast_engine_for(game_id: str) -> FastEngine | None:
    """Returns the fast engine for ``game_id``, or None when there is none."""
    try:
        module = importlib.import_module(f"{__package__}.fast")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__package__}.fast":
            return None
        raise
    factory = getattr(module, "engine_for", None)
    engine: FastEngine | None = factory(game_id) if factory is not None else None
    return engine


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
