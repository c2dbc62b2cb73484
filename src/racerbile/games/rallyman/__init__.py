"""Rallyman: gear dice against the clock (``rules/rallyman.md``, rule ids RM-…).

``MANIFEST`` is the game's face to the platform and imports nothing heavy; the game
object ``GAME`` (:mod:`.game`), its setup and ``TRACKS`` (tiles, stages and rallies)
load on first use.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...engine.capabilities import CommandMount, GameManifest, WebAssets
from ...engine.contract import Game, GameInfo, TrackCatalog

if TYPE_CHECKING:
    from .board.catalog import TRACKS
    from .game import GAME, RallymanGame
    from .setup import RallymanSetup

INFO = GameInfo(
    id="rallyman",
    name="Rallyman",
    min_seats=1,
    max_seats=4,
    rules_version=1,
    has_chance=True,
    supports_referee=True,
    description="Gear dice one at a time against the clock over three special stages.",
)


def _game() -> Game:
    from .game import GAME

    return GAME


def _tracks() -> TrackCatalog:
    from .board.catalog import TRACKS

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
    """Loads ``GAME``, ``RallymanGame``, ``RallymanSetup`` and ``TRACKS`` on first use."""
    if name in ("GAME", "RallymanGame"):
        from . import game

        return game.GAME if name == "GAME" else game.RallymanGame
    if name == "RallymanSetup":
        from .setup import RallymanSetup

        return RallymanSetup
    if name == "TRACKS":
        from .board.catalog import TRACKS

        return TRACKS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "INFO", "MANIFEST", "TRACKS", "RallymanGame", "RallymanSetup"]
