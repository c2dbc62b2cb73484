"""``racerbile simulate``: many seeded games between bots, with tables, JSON, CSV and plots."""

from __future__ import annotations

import json
import time
import typing
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from ._common import console, err_console, fail, track_fields

PIPED_WIDTH = 160
"""The width of the tables sent to a pipe or file (a terminal gets its own width)."""

if TYPE_CHECKING:
    from ..engine import Game
    from ..engine.capabilities import SimStats
    from ..engine.outcome import GameOutcome, SimSpec
    from ..sim import RunSummary


def register(app: typer.Typer) -> None:
    """Adds the ``simulate`` command to ``app``."""
    app.command("simulate")(simulate)


def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. racerbile.")],
    players: Annotated[
        str, typer.Option("--players", "-p", help="Bot per seat, comma separated: greedy,stalin.")
    ],
    track: Annotated[str | None, typer.Option(help="Bundled track id or a track file.")] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(min=0, help="Master seed.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="Processes.")] = 1,
    dask: Annotated[
        str | None, typer.Option(help="Dask scheduler address, or 'local' for a LocalCluster.")
    ] = None,
    engine: Annotated[str, typer.Option(help="Reference or fast.")] = "reference",
    rule_set: Annotated[
        str | None,
        typer.Option("--rule-set", help="Rule set, e.g. racerbile (default: the game's own)."),
    ] = None,
    rules: Annotated[str | None, typer.Option("--rules", hidden=True)] = None,  # the old name
    option: Annotated[
        list[str] | None,
        typer.Option("--set", metavar="FIELD=VALUE", help="A setup field, e.g. --set laps=2."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    out: Annotated[
        Path | None,
        typer.Option(metavar="FOLDER", help="Write games.csv, summary.json and plots there."),
    ] = None,
) -> None:
    """Simulates GAME between bots: win rates, places and the game's own numbers."""
    from ..sim import ENGINES, SimSpec, check_players, choose_engine

    if engine not in ENGINES:
        fail(f"--engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    game = _game(game_id)
    bots = tuple(p.strip() for p in players.split(",") if p.strip())
    try:
        check_players(game, bots)
    except ValueError as exc:
        fail(str(exc))
    setup = build_setup(game, bots, track, rule_set or rules, option or [])
    if out is not None:
        prepare_out(out)
    spec, note = choose_engine(SimSpec(game_id, setup, bots, seed, engine))
    if note:
        err_console.print(f"[yellow]note:[/] {note}", highlight=False)
    prepared = _prepare_fast(spec, quiet=as_json) if spec.engine == "fast" else None
    started = time.perf_counter()
    outcomes = _run(spec, games, workers, dask, show_progress=not as_json)
    elapsed = time.perf_counter() - started
    _report(spec, game.stats, outcomes, elapsed, as_json, out, prepared, _where(game, setup))


def _where(game: Game, setup: dict[str, Any]) -> str:
    """Returns the track a setup races on, for titles: its id or "a custom track"."""
    if game.tracks is None:
        return ""
    id_field, text_field = game.tracks.setup_fields
    return "a custom track" if setup.get(text_field) else str(setup.get(id_field, ""))


def _prepare_fast(spec: SimSpec, quiet: bool) -> float:
    """Compiles (or loads from Numba's cache) the fast path as a step of its own by
    playing game 0 once, so the run's speed figures leave compile time out; returns
    the seconds it took."""
    from ..sim.engines import play

    started = time.perf_counter()
    if quiet:
        play(spec, [0])
    else:
        message = (
            "preparing the fast path: its first run compiles it once (1-3 minutes); "
            "later runs load it in seconds"
        )
        with err_console.status(message):
            play(spec, [0])
    seconds = time.perf_counter() - started
    if not quiet:
        err_console.print(
            f"fast path ready in {seconds:.1f} s (left out of the speed figures)",
            highlight=False,
        )
    return seconds


def _game(game_id: str) -> Game:
    from ..games import UnknownGame
    from ..sim import resolve_game

    try:
        return resolve_game(game_id)
    except UnknownGame as exc:
        fail(str(exc))


def build_setup(
    game: Game, bots: tuple[str, ...], track: str | None, rule_set: str | None, sets: list[str]
) -> dict[str, Any]:
    """Returns the validated setup JSON for the game; fails with the field at fault."""
    from pydantic import BaseModel, ValidationError

    fields = game.Setup.model_fields
    data: dict[str, Any] = {}
    if "players" in fields:
        names = [f"{bot} {seat + 1}" for seat, bot in enumerate(bots)]
        item = _item_type(fields["players"].annotation)
        takes_models = isinstance(item, type) and issubclass(item, BaseModel)
        data["players"] = [{"name": n} for n in names] if takes_models else names
    if track is not None:
        if game.tracks is None:
            fail(f"--track: {game.info.name} has no tracks")
        data.update(track_fields(game.tracks, track))
    if rule_set is not None:
        if "rule_set" not in fields:
            fail(f"{game.info.name} has no rule sets")
        data["rule_set"] = rule_set
    for item_text in sets:
        _set_path(data, item_text)
    try:
        return game.Setup.model_validate(data).model_dump(mode="json")
    except ValidationError as exc:
        fail(setup_problem(exc, fields))


def setup_problem(exc: Any, fields: dict[str, Any]) -> str:
    """Returns one line for a setup's first validation error: the field, what is wrong
    and, for an unknown field, the fields there are."""
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "setup"
    if first["type"] == "extra_forbidden":
        known = ", ".join(sorted(fields))
        return f"--set {where}: no such setup field; the fields are: {known}"
    given = f" (given {first['input']!r})" if "input" in first and first["loc"] else ""
    return f"setup field {where}: {first['msg']}{given}"


def prepare_out(out: Path) -> None:
    """Creates the ``--out`` folder before the run; fails with one line when it cannot be."""
    if out.exists() and not out.is_dir():
        fail(f"--out {out}: this is a file, not a folder; give a folder for the results")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"--out {out}: cannot create the folder: {exc.strerror or exc}; choose another")


def _item_type(annotation: Any) -> Any:
    args = typing.get_args(annotation)
    return args[0] if args else None


def _set_path(data: dict[str, Any], text: str) -> None:
    key, sep, raw = text.partition("=")
    if not sep or not key:
        fail(f"--set takes FIELD=VALUE, not {text!r}")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    except RecursionError:
        fail(f"--set {key}: the JSON value is nested too deeply")
    *parents, last = key.split(".")
    node = data
    for part in parents:
        node = node.setdefault(part, {})
    node[last] = value


def _run(
    spec: SimSpec, games: int, workers: int, dask: str | None, show_progress: bool
) -> list[GameOutcome]:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    from ..sim import run

    if not show_progress:
        return run(spec, games, workers=workers, dask=dask)
    columns = (
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err_console, transient=True) as bar:
        task = bar.add_task("games", total=games)
        return run(spec, games, workers=workers, dask=dask, progress=lambda n: bar.advance(task, n))


def _report(
    spec: SimSpec,
    declared: SimStats | None,
    outcomes: list[GameOutcome],
    elapsed: float,
    as_json: bool,
    out: Path | None,
    prepared: float | None = None,
    where: str = "",
) -> None:
    from ..sim import summarise
    from ..sim.report import document, tables

    summary = summarise(outcomes, declared)
    doc = document(summary, spec)
    turns = sum(s.turns for g in outcomes for s in g.seats)
    doc["timing"] = {
        "seconds": round(elapsed, 3),
        "games_per_s": round(len(outcomes) / elapsed, 2) if elapsed else None,
        "player_turns_per_s": round(turns / elapsed, 1) if elapsed else None,
    }
    if prepared is not None:
        doc["timing"]["prepare_fast_path_seconds"] = round(prepared, 3)
    if out is not None:
        files = _write_out(spec, declared, outcomes, summary, doc, out, where)
        doc["files"] = [str(p) for p in files]
    if as_json:
        print(json.dumps(doc, indent=2))
        return
    shown = console if console.is_terminal else Console(width=PIPED_WIDTH)  # unsqueezed
    shown.print(tables(summary, spec, declared))
    timing = doc["timing"]
    console.print(
        f"{len(outcomes)} games in {elapsed:.2f} s: {timing['games_per_s']} games/s, "
        f"{timing['player_turns_per_s']} player-turns/s"
    )
    for path in doc.get("files", []):
        console.print(f"wrote {path}", highlight=False)


def _write_out(
    spec: SimSpec,
    declared: SimStats | None,
    outcomes: list[GameOutcome],
    summary: RunSummary,
    doc: dict[str, Any],
    out: Path,
    where: str,
) -> list[Path]:
    from ..sim import board_cells
    from ..sim.plots import write_plots  # Matplotlib loads only when pictures are wanted
    from ..sim.report import write_csv

    csv_path = out / "games.csv"
    json_path = out / "summary.json"
    title = f"{spec.game} on {where}" if where else spec.game
    title = f"{title}: {len(outcomes)} games"
    try:
        write_csv(outcomes, csv_path, declared.columns if declared else ())
        json_path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
        plots = write_plots(outcomes, summary, out, declared, board_cells(spec), title)
    except OSError as exc:
        fail(f"--out {out}: cannot write {exc.filename or 'the results'}: {exc.strerror or exc}")
    return [csv_path, json_path, *plots]
