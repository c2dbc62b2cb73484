"""``racerbile solve``: exact solvers. ``solve vectrace TRACK`` finds the fastest line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..games.vectrace.catalog import TRACKS
from ..games.vectrace.solver import solve, verify_path
from ..games.vectrace.track import Point
from ._common import LocalFileError, console, fail, load_track_arg, read_local_file

app = typer.Typer(
    help="Exact solvers: the fewest moves and best time for one car (Vectrace).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def solve_group() -> None:
    """Exact solvers: the fewest moves and best time for one car (Vectrace)."""


def _point(text: str, what: str) -> Point:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2 or not all(p.lstrip("-").isdigit() for p in parts):
        fail(f"{what}: expected 'x,y' with whole numbers, got {text!r}")
    return int(parts[0]), int(parts[1])


def _read_path(path_file: Path) -> list[Point]:
    try:
        lines = read_local_file(path_file, "path file").decode("utf-8").splitlines()
    except LocalFileError as exc:
        fail(str(exc))
    except UnicodeDecodeError as exc:
        fail(f"{path_file}: cannot read the path file: {exc}")
    points = []
    for number, line in enumerate(lines, start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            points.append(_point(line.strip(), f"{path_file}:{number}"))
    return points


@app.command("vectrace")
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
    loaded = load_track_arg(TRACKS, track)
    if verify is not None:
        verdict = verify_path(loaded, _read_path(verify))
        if not verdict.ok:
            console.print(f"WRONG: {verdict.problem}", highlight=False)
            raise typer.Exit(1)
        console.print(
            f"OK: finishes in {verdict.moves} moves, time {verdict.time}", highlight=False
        )
        return
    origin = _point(start, "--start") if start is not None else None
    if origin is not None and not loaded.on_track(*origin):
        fail(f"--start {origin[0]},{origin[1]} is not on the track")
    solution = solve(loaded, origin)
    if as_json:
        typer.echo(json.dumps(solution.to_json()))
    elif solution.moves is None:
        console.print("no solution: the finish cannot be reached", highlight=False)
    else:
        route = " ".join(f"{x},{y}" for x, y in solution.path)
        console.print(f"{solution.moves} moves, time {solution.time}: {route}", highlight=False)
