"""Racerbile's commands: ``racerbile analyse racerbile --track TRACK``.

Exact figures for one car alone: the optimal policy's expected turns per lap and, per
cell, the distance to the line, the chance of leaving the track per gear for a car
heading along the racing line, and the expected turns to the line; ``--json`` gives
the same data, ``--out`` draws the track coloured by the chance of leaving it in one
gear (PNG or SVG). Registered through ``MANIFEST.cli``; the analysis loads only when
the command runs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ...engine.capabilities import CommandMount
from ...engine.errors import UsageError

PICTURE_SUFFIXES = (".png", ".svg")


def register(mount: CommandMount) -> None:
    """Adds ``analyse racerbile`` to the command line."""

    @mount.command("racerbile", group="analyse")
    def analyse_racerbile(
        track: Annotated[str, typer.Option("--track", help="a bundled track id or a track file")],
        rules: Annotated[
            str, typer.Option("--rules", help="rule set: racerbile (facing) or babybile")
        ] = "racerbile",
        gear: Annotated[int, typer.Option("--gear", help="gear to colour in the picture: 1-3")] = 3,
        as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
        out: Annotated[
            Path | None, typer.Option("--out", help="write the picture to FILE.png or FILE.svg")
        ] = None,
    ) -> None:
        """Expected turns per lap (optimal policy, alone) and P(off the track) per cell
        and gear."""
        analyse_track(mount, track, rules, gear, as_json, out)


def analyse_track(
    mount: CommandMount, track: str, rules: str, gear: int, as_json: bool, out: Path | None
) -> None:
    """Analyses ``track`` for one car alone and prints (and draws) the figures."""
    from rich.console import Console
    from rich.markup import escape

    from ...hexgrid import direction_names
    from .analysis import GEARS, analyse
    from .analysis_report import analysis_figure, print_table
    from .catalog import TRACKS
    from .setup import RULE_SETS

    if rules not in RULE_SETS:
        raise UsageError(f"--rules {rules!r}: choose from {', '.join(RULE_SETS)}")
    if gear not in GEARS:
        raise UsageError(f"--gear {gear}: choose 1, 2 or 3")
    if out is not None and out.suffix.lower() not in PICTURE_SUFFIXES:
        raise UsageError(f"--out {out}: the picture must end in .png or .svg")
    if out is not None and not out.parent.is_dir():
        raise UsageError(f"--out {out}: no such folder {out.parent}")
    loaded = mount.load_track(TRACKS, track)
    if not loaded.grid or loaded.lap_length() <= 0:
        raise UsageError(f"{track}: the track has no grid or no lap to analyse")
    result = analyse(loaded, rules)
    names = direction_names(loaded.orientation)
    if as_json:
        typer.echo(json.dumps(result.to_json(names)))
    else:
        print_table(Console(), result, names, lambda text: escape(mount.plain(text)))
    if out is not None:
        figure = analysis_figure(loaded, result, gear)
        try:
            figure.savefig(out, dpi=150, format=out.suffix.lower().lstrip("."))
        except OSError as exc:
            problem = exc.strerror or exc
            raise UsageError(f"--out {out}: cannot write the picture: {problem}") from None
        if not as_json:
            typer.echo(mount.plain(f"wrote {out}"))
