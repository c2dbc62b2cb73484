"""The fast simulation path: compiled games that give the reference engine's outcomes.

:func:`engine_for` is the hook :func:`racerbile.sim.engines.fast_engine_for` calls.
Racerbile is covered (both rule sets with their defaults, bots ``random``,
``cautious``, ``greedy``, ``stalin`` and ``optimal``); any other game gets None.
"""

from __future__ import annotations

from ..engines import FastEngine
from .cache import drop_stale_cache

drop_stale_cache()  # before any compiled module is imported (see .cache)


def engine_for(game_id: str) -> FastEngine | None:
    """Returns the fast engine of ``game_id``, or None when there is none."""
    from ...games.racerbile import INFO
    from ..runner import resolve_game

    try:
        info = resolve_game(game_id).info
    except (ImportError, ValueError, AttributeError):
        return None
    if info.id != INFO.id:
        return None
    from .engine import RacerbileFastEngine

    return RacerbileFastEngine()


__all__ = ["engine_for"]
