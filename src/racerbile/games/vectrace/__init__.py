"""Vectrace: the pen-and-paper vector race (``rules/vectrace.md``, rule ids VT-…).

``MANIFEST`` is the game's face to the platform and imports nothing heavy; the game
object ``GAME`` (:mod:`.game`), its setup and its track catalogue ``TRACKS`` load on
first use.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...engine.capabilities import CommandMount, GameManifest, WebAssets
from ...engine.contract import Game, GameInfo, TrackCatalog

if TYPE_CHECKING:
    from .catalog import TRACKS
    from .game import GAME, VectraceGame
    from .setup import VectraceSetup
    from .track import Track

INFO = GameInfo(
    id="vectrace",
    name="Vectrace",
    min_seats=1,
    max_seats=8,
    rules_version=1,
    has_chance=False,
    description="The pen-and-paper vector race on grid paper (Racetrack).",
)


def _game() -> Game:
    from .game import GAME

    return GAME


def _tracks() -> TrackCatalog:
    from .catalog import TRACKS

    return TRACKS


def _cli(mount: CommandMount) -> None:
    from .cli import register

    register(mount)


MANIFEST = GameManifest(
    info=INFO,
    load=_game,
    cli=_cli,
    web=WebAssets(Path(__file__).resolve().parent / "web"),
    tracks=_tracks,
)


def __getattr__(name: str) -> Any:
    """Loads ``GAME``, ``VectraceGame``, ``VectraceSetup``, ``TRACKS`` and ``Track`` on
    first use."""
    if name in ("GAME", "VectraceGame"):
        from . import game

        return game.GAME if name == "GAME" else game.VectraceGame
    if name == "VectraceSetup":
        from .setup import VectraceSetup

        return VectraceSetup
    if name == "TRACKS":
        from .catalog import TRACKS

        return TRACKS
    if name == "Track":
        from .track import Track

        return Track
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "INFO", "MANIFEST", "TRACKS", "Track", "VectraceGame", "VectraceSetup"]
