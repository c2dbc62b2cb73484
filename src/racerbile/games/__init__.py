"""The registry of games: id -> package, each package exporting a light ``MANIFEST``.

Adding a game means a new folder under ``games/`` and one line here. The platform
asks this module only: :func:`manifest` (cheap: metadata, track catalogue, commands,
web assets), :func:`get_game` (loads the rules) and :func:`available_games`.
"""

from __future__ import annotations

import importlib
from functools import cache

from ..engine.capabilities import GameManifest, WebAssets
from ..engine.contract import Game

REGISTRY: dict[str, str] = {
    "racerbile": "racerbile.games.racerbile",
    "ludol": "racerbile.games.ludol",
    "rallyman": "racerbile.games.rallyman",
    "vectrace": "racerbile.games.vectrace",
}


class UnknownGame(KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0])


def available_games() -> list[str]:
    """Returns the ids of every registered game, in the order registered (the first is
    the one the start page offers first)."""
    return list(REGISTRY)


def web_assets(game_id: str) -> WebAssets | None:
    """Returns the web assets the game ``game_id`` declares (None: it has none); its
    rules are not loaded. Raises UnknownGame listing the valid ids."""
    return manifest(game_id).web


def manifest(game_id: str) -> GameManifest:
    """Returns the manifest of ``game_id`` without loading its rules; raises
    UnknownGame listing the valid ids."""
    try:
        package = REGISTRY[game_id]
    except KeyError:
        raise UnknownGame(
            f"unknown game {game_id!r}; available: {', '.join(available_games())}"
        ) from None
    found: GameManifest = importlib.import_module(package).MANIFEST
    return found


@cache
def get_game(game_id: str) -> Game:
    """Returns the game registered as ``game_id``; raises UnknownGame listing the valid ids."""
    return manifest(game_id).load()
