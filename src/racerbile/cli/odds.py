"""``racerbile odds GAME``: the exact odds of a game's dice, as fractions.

The figures come from the game object's ``odds()`` (computed from its own chance
model). ``--json`` prints them as ``"n/d"`` strings; without it, a table.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.table import Table

from ._common import console, fail

ROWS = (
    ("p_reckless", "P(7-9)"),
    ("p_too_fast", "P(10-12)"),
    ("p_triple_one", "P(three 1s)"),
    ("p_any_one", "P(any 1)"),
    ("expected_total", "E(total)"),
    ("p_three_56", "P(3+ fives/sixes)"),
    ("expected_56_sips", "E(5/6 sips)"),
)


def _text(value: Any) -> str:
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    return str(value)


def _as_json(table: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {
        key: {k: _text(v) for k, v in figures.items()}
        if isinstance(figures, dict)
        else _text(figures)
        for key, figures in table.items()
    }


def odds(
    game: Annotated[str, typer.Argument(help="The game id, e.g. racerbile.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON with n/d strings.")] = False,
) -> None:
    """Prints the exact odds of a roll in each gear."""
    from ..games import UnknownGame, get_game

    try:
        game_object = get_game(game)
    except UnknownGame as exc:
        fail(str(exc))
    compute = getattr(game_object, "odds", None)
    if compute is None:
        fail(f"the game {game!r} has no dice odds to show")
    table: dict[str, dict[str, Any]] = compute()
    if as_json:
        data = {gear: _as_json(figures) for gear, figures in table.items()}
        console.print_json(json.dumps(data))
        return
    grid = Table(title=f"{game}: odds of one roll")
    grid.add_column("figure")
    for gear in table:
        grid.add_column(f"gear {gear}", justify="right")
    for key, label in ROWS:
        grid.add_row(label, *(f"{_text(t[key])} ≈ {float(t[key]):.4f}" for t in table.values()))
    console.print(grid)


def register(app: typer.Typer) -> None:
    """Adds the ``odds`` command to the main command line."""
    app.command("odds")(odds)
