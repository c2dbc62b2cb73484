"""Ludøl: Ludo with glasses of beer as pieces and a referee (``rules/ludol.md``, LD-…).

``GAME`` is the game behind the engine contract; two rule profiles, "ludol" and the
Norwegian base game "norsk".
"""

from __future__ import annotations

from .game import GAME, INFO, LudolGame
from .setup import LudolSetup

__all__ = ["GAME", "INFO", "LudolGame", "LudolSetup"]
