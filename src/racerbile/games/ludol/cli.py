"""Ludøl's commands: ``racerbile ludol-board`` draws the board, empty or with a position.

Registered through ``MANIFEST.cli``; the picture module loads only when the command runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...engine.capabilities import CommandMount
from ...engine.errors import InvalidAction, UsageError


def register(mount: CommandMount) -> None:
    """Adds ``ludol-board`` to the command line."""

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
