"""Vectrace's commands: ``racerbile solve vectrace TRACK`` finds the fastest line.

Registered through ``MANIFEST.cli``; the solver loads only when the command runs, and
local files (a track, a path to check) are read by the platform's command line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ...engine.capabilities import CommandMount
from ...engine.errors import UsageError

if TYPE_CHECKING:
    from .track import Point


def register(mount: CommandMount) -> None:
    """Adds ``solve vectrace`` to the command line."""

    @mount.command("vectrace", group="solve")
    def vectrace(
        track: Annotated[str, typer.Argument(help="a bundled track id or a track file")],
        start: Annotated[
            str | None, typer.Option("--start", help="start point x,y (default: the best S)")
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
        verify: Annotated[
            Path | None, typer.Option("--verify", help="check a path file: one x,y per line")
        ] = None,
    ) -> None:
        """Finds the fewest moves and best finish time for one car, or checks a path."""
        solve_vectrace(mount, track, start, as_json, verify)


def _point(text: str, what: str) -> Point:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2 or not all(p.lstrip("-").isdigit() for p in parts):
        raise UsageError(f"{what}: expected 'x,y' with whole numbers, got {text!r}")
    return int(parts[0]), int(parts[1])


def _read_path(mount: CommandMount, path_file: Path) -> list[Point]:
    try:
        lines = mount.read_file(path_file, "path file").decode("utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path_file}: cannot read the path file: {exc}") from None
    points = []
    for number, line in enumerate(lines, start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            points.append(_point(line.strip(), f"{path_file}:{number}"))
    return points


def solve_vectrace(
    mount: CommandMount, track: str, start: str | None, as_json: bool, verify: Path | None
) -> None:
    """Solves ``track`` (or checks the path file ``verify``) and prints the answer."""
    from .catalog import TRACKS
    from .solver import solve, verify_path

    loaded = mount.load_track(TRACKS, track)
    if verify is not None:
        verdict = verify_path(loaded, _read_path(mount, verify))
        if not verdict.ok:
            typer.echo(mount.plain(f"WRONG: {verdict.problem}"))
            raise typer.Exit(1)
        typer.echo(f"OK: finishes in {verdict.moves} moves, time {verdict.time}")
        return
    origin = _point(start, "--start") if start is not None else None
    if origin is not None and not loaded.on_track(*origin):
        raise UsageError(f"--start {origin[0]},{origin[1]} is not on the track")
    solution = solve(loaded, origin)
    if as_json:
        typer.echo(json.dumps(solution.to_json()))
    elif solution.moves is None:
        typer.echo("no solution: the finish cannot be reached")
    else:
        route = " ".join(f"{x},{y}" for x, y in solution.path)
        typer.echo(f"{solution.moves} moves, time {solution.time}: {route}")
