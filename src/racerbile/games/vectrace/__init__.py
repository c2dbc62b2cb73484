"""Vectrace: the pen-and-paper vector race (``rules/vectrace.md``, rule ids VT-…).

``GAME`` is the game behind the engine contract; ``TRACKS`` its track catalogue.
"""

from __future__ import annotations

from .catalog import TRACKS
from .game import GAME, VectraceGame, VectraceSetup
from .track import Track

__all__ = ["GAME", "TRACKS", "Track", "VectraceGame", "VectraceSetup"]
