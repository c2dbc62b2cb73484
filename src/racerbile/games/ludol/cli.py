"""Ludøl's commands: ``racerbile analyse ludol``, the solo figures of spec §4.2, and
``racerbile ludol-board``, a picture of the board, empty or with a position.

Solo figures: one glass from the yard, the other three in the goal, no opponents, the
policy "the 6 whenever legal, else the larger value": the expected turns, throws and
penalty beers, solved exactly by the engine's own rules (:func:`.odds.solo`).
``--rule-set`` picks one profile (default: both); ``--json`` prints ``n/d`` strings.
Registered through ``MANIFEST.cli``; the rules and the picture load only when a
command runs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ...engine.capabilities import CommandMount
from ...engine.errors import InvalidAction, UsageError

FIGURES = {"turns": "E(turns)", "throws": "E(throws)", "beers": "E(penalty beers)"}
TITLE = (
    "Ludøl solo figures (spec §4.2): one glass from the yard, the others in the goal; "
    "the 6 whenever legal, else the larger value"
)


def register(mount: CommandMount) -> None:
    """Adds ``analyse ludol`` and ``ludol-board`` to the command line."""

    @mount.command("ludol", group="analyse")
    def analyse_ludol(
        rule_set: Annotated[
            str | None,
            typer.Option("--rule-set", help="Profile: ludol or norsk (default: both)."),
        ] = None,
        as_json: Annotated[
            bool, typer.Option("--json", help="Print JSON with n/d strings.")
        ] = False,
    ) -> None:
        """Exact solo expectations of spec §4.2 (turns, throws, penalty beers) by value
        iteration over the engine's rules."""
        analyse_solo(rule_set, as_json)

    @mount.command("ludol-board")
    def ludol_board(
        output: Annotated[Path, typer.Option("--output", "-o", help="An .svg or .png file.")],
        position: Annotated[
            str | None,
            typer.Option("--position", help="A position in the state notation (the view's)."),
        ] = None,
        colours: Annotated[
            int, typer.Option("--colours", min=2, max=4, help="Colours in play (empty board).")
        ] = 4,
    ) -> None:
        """Draws Ludøl's board, empty or with a position, to an SVG or PNG file."""
        draw_board(mount, output, position, colours)


def analyse_solo(rule_set: str | None, as_json: bool) -> None:
    """Prints the §4.2 figures of ``rule_set`` (None: every profile)."""
    from rich.console import Console
    from rich.table import Table

    from ...engine.capabilities import fraction_text
    from .odds import solo
    from .setup import PROFILES

    if rule_set is not None and rule_set not in PROFILES:
        raise UsageError(f"--rule-set {rule_set!r}: choose from {', '.join(PROFILES)}")
    names = [rule_set] if rule_set else list(PROFILES)
    figures = {name: solo(name) for name in names}
    if as_json:
        data = {
            name: {key: fraction_text(getattr(f, key)) for key in FIGURES}
            for name, f in figures.items()
        }
        typer.echo(json.dumps(data, indent=2))
        return
    table = Table(title=TITLE, title_justify="left")
    for header in ("profile", "figure", "≈"):
        table.add_column(header, no_wrap=True)
    table.add_column("exact", overflow="fold")
    for name, f in figures.items():
        for key, label in FIGURES.items():
            value = getattr(f, key)
            table.add_row(name, label, f"{float(value):.5f}", str(value))
    Console().print(table)


def draw_board(mount: CommandMount, output: Path, position: str | None, colours: int) -> None:
    """Writes the picture; raises UsageError naming the file or the position's problem."""
    from .render import board_svg, png_from_svg, position_svg

    suffix = output.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise UsageError(f"{output}: the output must end in .svg or .png")
    try:
        svg = board_svg(colours=colours) if position is None else position_svg(position)
    except InvalidAction as exc:
        raise UsageError(mount.plain(str(exc))) from None
    data = svg.encode("utf-8") if suffix == ".svg" else png_from_svg(svg)
    try:
        output.write_bytes(data)
    except OSError as exc:
        raise UsageError(f"{output}: cannot write: {exc.strerror or exc}") from None
    typer.echo(mount.plain(f"wrote {output}"))
