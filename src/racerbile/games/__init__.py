"""The registry of games: id -> "module:attribute", imported on first use.

Adding a game means a new folder under ``games/`` and one line here.
"""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path

from ..engine import Game
from ..engine.capabilities import WebAssets

REGISTRY: dict[str, str] = {
    "racerbile": "racerbile.games.racerbile:GAME",
    "ludol": "racerbile.games.ludol:GAME",
    "rallyman": "racerbile.games.rallyman:GAME",
    "vectrace": "racerbile.games.vectrace:GAME",
}

_HERE = Path(__file__).resolve().parent

# Each game's browser code (its folder's ``web/``), served at /games/{id}/static/.
WEB: dict[str, WebAssets] = {
    "racerbile": WebAssets(_HERE / "racerbile" / "web"),
    "rallyman": WebAssets(_HERE / "rallyman" / "web"),
    "vectrace": WebAssets(_HERE / "vectrace" / "web"),
}


class UnknownGame(KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0])


def available_games() -> list[str]:
    """Returns the ids of every registered game."""
    return sorted(REGISTRY)


def web_assets(game_id: str) -> WebAssets | None:
    """Returns the web assets of the registered game ``game_id`` (None: it has none).

    Reads the declaration only; the game's modules are not imported.
    """
    if game_id not in REGISTRY:
        raise UnknownGame(f"unknown game {game_id!r}; available: {', '.join(available_games())}")
    return WEB.get(game_id)


@cache
def get_game(game_id: str) -> Game:
    """Returns the game registered as ``game_id``; raises UnknownGame listing the valid ids."""
    try:
        target = REGISTRY[game_id]
    except KeyError:
        raise UnknownGame(
            f"unknown game {game_id!r}; available: {', '.join(available_games())}"
        ) from None
    module_name, attribute = target.split(":")
    game: Game = getattr(importlib.import_module(module_name), attribute)
    return game
