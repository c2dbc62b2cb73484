"""The registry of games: id -> "module:attribute", imported on first use.

Adding a game means a new folder under ``games/`` and one line here.
"""

from __future__ import annotations

import importlib
from functools import cache

from ..engine import Game

REGISTRY: dict[str, str] = {
    "racerbile": "racerbile.games.racerbile:GAME",
    "rallyman": "racerbile.games.rallyman:GAME",
    "vectrace": "racerbile.games.vectrace:GAME",
}


class UnknownGame(KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0])


def available_games() -> list[str]:
    """Returns the ids of every registered game."""
    return sorted(REGISTRY)


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
