"""What a game declares to the platform besides its rules.

A game package's ``__init__`` exports ``MANIFEST``: a :class:`GameManifest` that is
cheap to import (it imports no rules engine, NumPy, Numba or web framework). It holds
the lobby's metadata, a loader for the game object, and the parts the platform mounts
before the rules are needed: the game's command-line commands and its web assets.

The game object (what ``GameManifest.load`` returns, a
:class:`~racerbile.engine.contract.Game`) declares the remaining optional
capabilities as attributes that are ``None`` (or empty) when a game lacks them:
tracks, bots, referee, odds, analysis, simulator statistics and a fast simulation
path. The platform reads these declarations; it never looks a game's modules up
by name and never imports them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .contract import Game, GameInfo


@dataclass(frozen=True)
class WebAssets:
    """A game's browser code: a folder served read-only at ``/games/{id}/static/``.

    ``board`` is the ES module (inside ``folder``) that the platform's room,
    spectator and start pages import for this game; it draws the board, the
    game's panels, setup form and referee console from the platform's view
    envelope.
    """

    folder: Path
    board: str = "board.js"


@dataclass(frozen=True)
class GameManifest:
    """A game's face to the platform, importable without its rules engine.

    ``cli`` (optional) adds the game's own commands to the ``racerbile`` command
    line: it is called with the Typer app and must import heavy modules only
    inside the commands it registers, so ``racerbile --help`` stays fast.
    """

    info: GameInfo
    load: Callable[[], Game]
    cli: Callable[[Any], None] | None = None
    web: WebAssets | None = None
