"""Rallyman's commands: ``racerbile analyse rallyman STAGE``.

The optimal solo driver's expected stage time and its plan per space (see
:mod:`.analysis`); STAGE is a bundled stage or rally id or a stage or rally file (every
stage of a rally is analysed). ``--json`` prints the figures as JSON, ``--out`` writes
the stage picture with the plan on it (SVG; one file per stage for a rally). Registered
through ``MANIFEST.cli``; the solver loads only when the command runs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ...engine.capabilities import CommandMount
from ...engine.errors import UsageError

TYRES = ("asphalt", "snow")


def register(mount: CommandMount) -> None:
    """Adds ``analyse rallyman`` to the command line."""

    @mount.command("rallyman", group="analyse")
    def analyse_rallyman(
        stage: Annotated[
            str, typer.Argument(metavar="STAGE", help="A bundled stage or rally id, or a file.")
        ],
        tyres: Annotated[str, typer.Option(help="Tyres: asphalt or snow.")] = "asphalt",
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
        out: Annotated[
            Path | None,
            typer.Option("--out", metavar="FILE", help="Write the stage picture (.svg)."),
        ] = None,
    ) -> None:
        """The optimal solo driver: expected stage time and the plan on every space."""
        analyse(mount, stage, tyres, as_json, out)


def analyse(mount: CommandMount, ref: str, tyres: str, as_json: bool, out: Path | None) -> None:
    """Analyses every stage of ``ref`` and prints (and draws) the figures."""
    from .analysis import analyse_stage, policy_svg, report
    from .board.catalog import TRACKS, bundled_stages

    if tyres not in TYRES:
        raise UsageError(f"--tyres {tyres!r}: choose asphalt or snow")
    if out is not None and out.suffix.lower() != ".svg":
        raise UsageError(f"--out {out}: the picture must end in .svg")
    if out is not None and not out.parent.is_dir():
        raise UsageError(f"--out {out}: no such folder {out.parent}")
    rally = TRACKS.load(ref) if ref in bundled_stages() else mount.load_track(TRACKS, ref)
    stages = getattr(rally, "stages", None)
    if not stages:
        raise UsageError(f"{ref}: a tile alone cannot be driven; give a stage or a rally")
    results = []
    for number, stage in enumerate(stages, start=1):
        analysis = analyse_stage(stage, tyres)  # type: ignore[arg-type]
        results.append(analysis)
        if out is not None:
            path = out if len(stages) == 1 else out.with_name(f"{out.stem}-ss{number}{out.suffix}")
            try:
                path.write_text(policy_svg(stage, analysis), encoding="utf-8")
            except OSError as exc:
                raise UsageError(f"--out {path}: cannot write: {exc.strerror or exc}") from None
            if not as_json:
                typer.echo(mount.plain(f"wrote {path}"))
    if as_json:
        typer.echo(json.dumps([a.to_json() for a in results]))
        return
    for analysis in results:
        for line in report(analysis):
            typer.echo(mount.plain(line))
