"""Relay: a tiny dice relay race that uses every capability a game may declare.

Runners race to ``target`` points. A turn: roll (the dice decide) as often as you
dare, then hand the baton on to bank the points carried; a one drops the baton and
loses them. The referee (the host) and the judges may dock points (a penalty); the
host or a judge may take a penalty back (a void). A fresh runner who does not roll
within ``baton_s`` seconds of taking the baton hands it on (a clock started by the
handover). It has a bot roster, a simulator column (``drops``), a command
(``racerbile analyse relay``) and a web board (``web/board.js``).

This folder is the whole game: a test registers it with one registry line.
"""

from __future__ import annotations

from pathlib import Path

from racerbile.engine.capabilities import CommandMount, GameManifest, WebAssets
from racerbile.engine.contract import Game, GameInfo

INFO = GameInfo(
    id="relay",
    name="Relay",
    min_seats=2,
    max_seats=4,
    rules_version=1,
    has_chance=True,
    supports_referee=True,
    description="A dice relay race: roll on or hand the baton over.",
)


def _game() -> Game:
    from .game import GAME

    return GAME


def _cli(mount: CommandMount) -> None:
    from .cli import register

    register(mount)


MANIFEST = GameManifest(
    info=INFO, load=_game, cli=_cli, web=WebAssets(Path(__file__).resolve().parent / "web")
)
