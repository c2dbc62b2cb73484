"""Vectrace's commands: ``racerbile solve vectrace TRACK`` finds the fastest line.

Registered through ``MANIFEST.cli``; the solver loads only when the command runs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ...engine.capabilities import CommandMount
from ...engine.errors import TrackError, UsageError

if TYPE_CHECKING:
    from .track import Point


def register(mount: CommandMount) -> None:
    """Adds ``solve vectrace`` to the command line."""
    mount.command("vectrace", group="solve")(vectrace)


def _point(text: str, what: str) -> Point:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2 or not all(p.lstrip("-").isdigit() for p in parts):
        raise UsageError(f"{what}: expected 'x,y' with whole numbers, got {text!r}")
    return int(parts[0]), int(parts[1])


def _read_path(path_file: Path) -> list[Point]:
    try:
        lines = path_file.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise UsageError(f"{path_file}: no such path file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path_file}: cannot read the path file: {exc}") from None
    points = []
    for number, line in enumerate(lines, start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            points.append(_point(line.strip(), f"{path_file}:{number}"))
    return points


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
    from .catalog import TRACKS
    from .solver import solve, verify_path

    try:
        loaded = TRACKS.load(track)
    except TrackError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    if verify is not None:
        verdict = verify_path(loaded, _read_path(verify))
        if not verdict.ok:
            typer.echo(f"WRONG: {verdict.problem}")
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
