"""Racerbile's fast simulation path: a compiled race that gives the reference engine's
outcomes (both rule sets with their defaults; bots ``random``, ``cautious``,
``greedy``, ``stalin`` and ``optimal``).

The game declares it as :data:`racerbile.games.racerbile.game.FAST_PATH`; the
simulator builds :class:`.engine.RacerbileFastEngine` through that declaration.
Importing this package first drops compiled code left by older sources (see
:mod:`.cache`).
"""

from __future__ import annotations

from .cache import drop_stale_cache

drop_stale_cache()  # before any compiled module is imported (see .cache)
