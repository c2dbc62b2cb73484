"""``racerbile odds GAME``: the exact odds of a game's dice, as fractions.

The figures come from the game's declared ``odds`` (an
:class:`~racerbile.engine.capabilities.OddsTable` computed from its own chance
model). ``--json`` prints them as ``"n/d"`` strings; without it, a table.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Annotated, Any

import typer

from ._common import console, fail


def _text(value: Any) -> str:
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator} ≈ {float(value):.4f}"
    return str(value)


def odds(
    game: Annotated[str, typer.Argument(help="The game id, e.g. racerbile.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON with n/d strings.")] = False,
) -> None:
    """Prints the exact odds of the game's chance model (for Racerbile: a roll per gear)."""
    from rich.table import Table

    from ..engine.capabilities import fraction_text
    from ..games import UnknownGame, get_game

    try:
        game_object = get_game(game)
    except UnknownGame as exc:
        fail(str(exc))
    if game_object.odds is None:
        fail(f"the game {game!r} has no dice odds to show")
    table = game_object.odds()
    if as_json:
        console.print_json(json.dumps(fraction_text(table.columns)))
        return
    grid = Table(title=f"{game}: {table.title}")
    grid.add_column("figure")
    for column in table.columns:
        grid.add_column(f"{table.column_label} {column}", justify="right")
    for key, label in table.rows.items():
        grid.add_row(label, *(_text(figures[key]) for figures in table.columns.values()))
    console.print(grid)


def register(app: typer.Typer) -> None:
    """Adds the ``odds`` command to the main command line."""
    app.command("odds")(odds)
