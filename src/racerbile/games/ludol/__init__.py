"""Ludøl: Ludo with glasses of beer as pieces and a referee (``rules/ludol.md``, LD-…).

``MANIFEST`` is the game's face to the platform and imports nothing heavy; the game
object ``GAME`` (:mod:`.game`, two rule profiles, "ludol" and the Norwegian base
game "norsk") and its setup load on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.capabilities import CommandMount, GameManifest
from ...engine.contract import Game, GameInfo

if TYPE_CHECKING:
    from .game import GAME, LudolGame
    from .setup import LudolSetup

INFO = GameInfo(
    id="ludol",
    name="LUDØL",
    min_seats=2,
    max_seats=4,
    rules_version=1,
    has_chance=True,
    supports_referee=True,
    rule_sets=("ludol", "norsk"),
    description="Ludo with glasses of beer as pieces, and a referee who may overrule anything.",
)


def _game() -> Game:
    from .game import GAME

    return GAME


def _cli(mount: CommandMount) -> None:
    from .cli import register

    register(mount)


MANIFEST = GameManifest(info=INFO, load=_game, cli=_cli)


def __getattr__(name: str) -> Any:
    """Loads ``GAME``, ``LudolGame`` and ``LudolSetup`` on first use."""
    if name in ("GAME", "LudolGame"):
        from . import game

        return game.GAME if name == "GAME" else game.LudolGame
    if name == "LudolSetup":
        from .setup import LudolSetup

        return LudolSetup
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "INFO", "MANIFEST", "LudolGame", "LudolSetup"]
