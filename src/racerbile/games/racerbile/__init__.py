"""Racerbile: bottle caps, dice and beer on a hexagon track (rule ids RB-…).

``MANIFEST`` is the game's face to the platform and imports nothing heavy; the game
object ``GAME`` (:mod:`.game`), ``Setup`` and ``State`` load on first use.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...engine.capabilities import CommandMount, GameManifest, WebAssets
from ...engine.contract import Game, GameInfo, TrackCatalog

if TYPE_CHECKING:
    from .game import GAME, RacerbileGame
    from .setup import Setup
    from .state import State

INFO = GameInfo(
    id="racerbile",
    name="Racerbile",
    min_seats=1,
    max_seats=8,
    rules_version=1,
    has_chance=True,
    supports_referee=True,
    rule_sets=("babybile", "racerbile", "lemans"),
    description="Bottle caps, dice and beer on a hexagon track (Officielle Racerbileregler 1.1).",
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
    """Loads ``GAME``, ``RacerbileGame``, ``Setup`` and ``State`` on first use."""
    if name in ("GAME", "RacerbileGame"):
        from . import game

        return game.GAME if name == "GAME" else game.RacerbileGame
    if name == "Setup":
        from .setup import Setup

        return Setup
    if name == "State":
        from .state import State

        return State
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "INFO", "MANIFEST", "RacerbileGame", "Setup", "State"]
