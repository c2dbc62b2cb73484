"""``racerbile track``: list, inspect, validate and draw the tracks of a game.

TRACK is a bundled id or a local file (read here; the game gets its text). ``--game``
picks the game (default ``racerbile``); its catalogue comes from the game's manifest,
without loading the game's rules. Every error is one line on stderr and exit status 2,
never a traceback; the text a track file holds is printed with its control characters
shown, never raw.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from ..engine.contract import TrackCatalog
from ..engine.errors import TrackError
from ._common import (
    err_console,
    fail,
    json_text,
    load_track_arg,
    plain,
    read_track,
    track_problem,
)

app = typer.Typer(no_args_is_help=True, add_completion=False)

GameOption = Annotated[str, typer.Option("--game", "-g", help="The game whose tracks to use.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
TrackArg = Annotated[
    str, typer.Argument(metavar="TRACK", help="A bundled track id or a track file path.")
]


def catalog_for(game: str) -> TrackCatalog:
    """Returns the track catalogue of ``game``; exits with one error line if it has none."""
    from ..games import UnknownGame, manifest

    try:
        tracks = manifest(game).tracks
    except UnknownGame as exc:
        fail(str(exc))
    if tracks is None:
        fail(f"game {game!r} has no tracks")
    return tracks()


def _load(catalog: TrackCatalog, ref: str) -> Any:
    try:
        return catalog.load(ref)
    except TrackError as exc:
        fail(track_problem(exc))


def png_from_svg(svg: str) -> bytes:
    """Returns a PNG picture of an SVG document (via cairosvg)."""
    import cairosvg

    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    return png


@app.command("list")
def list_tracks(game: GameOption = "racerbile", as_json: JsonOption = False) -> None:
    """Lists the bundled tracks."""
    catalog = catalog_for(game)
    rows = []
    for track_id, path in catalog.bundled().items():
        info = catalog.info(_load(catalog, track_id))
        rows.append({"id": track_id, "name": info["name"], "path": str(path), **_size(info)})
    if as_json:
        typer.echo(json_text(rows))
        return
    for row in rows:
        typer.echo(plain(f"{row['id']:<12} {row['name']:<24} {_size_text(row)}"))


def _size(info: dict[str, Any]) -> dict[str, Any]:
    """Returns a track's size as its game gives it: cells (hex boards), width and height
    (grids) or the number of stages (rallies)."""
    size: dict[str, Any] = {k: info[k] for k in ("cells", "width", "height") if k in info}
    if isinstance(info.get("stages"), list):
        size["stages"] = len(info["stages"])
    return size


def _size_text(row: dict[str, Any]) -> str:
    if "cells" in row:
        return f"{row['cells']:>4} cells"
    if "width" in row and "height" in row:
        return f"{row['width']}x{row['height']}"
    if "stages" in row:
        return f"{row['stages']} stages"
    return ""


@app.command("info")
def track_info(
    track: TrackArg, game: GameOption = "racerbile", as_json: JsonOption = False
) -> None:
    """Shows the facts of a track: cells, lap length, forks, pit, grid."""
    catalog = catalog_for(game)
    info = catalog.info(load_track_arg(catalog, track))
    if as_json:
        typer.echo(json_text(info))
        return
    for key, value in info.items():
        if value in (None, [], {}, ""):
            continue
        shown = value if isinstance(value, str | int | float) else json.dumps(value)
        typer.echo(plain(f"{key:<18} {shown}"))


@app.command("validate")
def validate_tracks(
    files: Annotated[
        list[str], typer.Argument(metavar="TRACK...", help="Track files (or bundled ids).")
    ],
    game: GameOption = "racerbile",
) -> None:
    """Checks track files; prints OK and any warnings, or one error line per broken file."""
    catalog = catalog_for(game)
    broken = 0
    for ref in files:
        path = catalog.bundled().get(ref, Path(ref))
        try:
            warnings = catalog.warnings(read_track(catalog, ref))
        except TrackError as exc:
            broken += 1
            for problem in _listed(exc.problems):
                error = Text.assemble(("error:", "bold red"), " ", plain(problem))
                err_console.print(error, highlight=False, soft_wrap=True)
            continue
        note = f" ({len(warnings)} warning{'s' if len(warnings) != 1 else ''})" if warnings else ""
        typer.echo(plain(f"OK {path}{note}"))
        for warning in warnings:
            typer.echo(plain(f"  warning: {warning}"))
    if broken:
        raise typer.Exit(2)


MAX_LISTED = 20
"""The most problems ``validate`` lists for one file; the rest are counted."""


def _listed(problems: list[str]) -> list[str]:
    more = len(problems) - MAX_LISTED
    return problems if more <= 0 else [*problems[:MAX_LISTED], f"and {more} more problems"]


@app.command("render")
def render_track(
    track: TrackArg,
    output: Annotated[Path, typer.Option("--output", "-o", help="An .svg or .png file.")],
    show: Annotated[
        list[str] | None,
        typer.Option("--show", help="An overlay the game draws: distance, coords (repeatable)."),
    ] = None,
    game: GameOption = "racerbile",
) -> None:
    """Draws a track to an SVG or PNG file."""
    suffix = output.suffix.lower()
    if suffix not in (".svg", ".png"):
        fail(f"{output}: the output must end in .svg or .png")
    catalog = catalog_for(game)
    loaded = load_track_arg(catalog, track)
    try:
        svg = catalog.render_svg(loaded, frozenset(show or ()))
    except ValueError as exc:
        fail(str(exc))
    data = svg.encode("utf-8") if suffix == ".svg" else png_from_svg(svg)
    try:
        output.write_bytes(data)
    except OSError as exc:
        fail(f"{output}: cannot write: {exc.strerror or exc}")
    typer.echo(plain(f"wrote {output}"))
