"""Rallyman: gear dice against the clock (``rules/rallyman.md``, rule ids RM-…).

``GAME`` is the game behind the engine contract; ``TRACKS`` its tiles, stages and rallies.
"""

from __future__ import annotations

from .board.catalog import TRACKS
from .game import GAME, RallymanGame
from .setup import RallymanSetup

__all__ = ["GAME", "TRACKS", "RallymanGame", "RallymanSetup"]
