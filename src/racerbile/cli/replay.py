"""``racerbile replay RECORD.json``: replays a game record and prints how it ended.

Generic over the registry: the record names its game. The final standings and the
drinking table come from the game's ``view(state, None)`` (keys ``standings`` and
``drinks``, the drinks' columns as the game declares them in ``drinks``) or, where a
game has none, from ``result(state)``. A bad record is one error line naming the action
that failed and why (exit status 2). Names come from the record, so they are printed
with their control characters shown and markup escaped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from ..engine.errors import RecordError
from ._common import LocalFileError, console, fail, read_local_file, safe


def replay_command(
    record: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
) -> None:
    """Replays RECORD and prints the final standings and the drinking table."""
    from ..engine.record import Record, replay
    from ..games import UnknownGame, get_game

    try:
        text = read_local_file(record, "record").decode("utf-8")
        loaded = Record.parse(text, source=str(record))
        game = get_game(loaded.game)
        final = replay(game, loaded)
    except (RecordError, UnknownGame, LocalFileError) as exc:
        fail(str(exc))
    except UnicodeDecodeError as exc:
        fail(f"{record}: byte {exc.start} is not UTF-8; a record is JSON text")
    except RecursionError:
        fail(f"{record}: nested too deeply to be a game record")
    view = game.view(final.state, None)
    summary = _summary(game, final.state, view, len(loaded.actions))
    if as_json:
        console.print_json(json.dumps(summary, default=str))
        return
    _print_tables(summary, [(c.key, c.label) for c in game.drinks])


def _summary(game: Any, state: Any, view: dict[str, Any], actions: int) -> dict[str, Any]:
    result = game.result(state)
    standings = view.get("standings")
    if standings is None and result is not None:
        standings = [{"place": s.place, "seat": s.seat, **s.detail} for s in result.standings]
    names = game.seat_names(state)
    return {
        "game": game.info.id,
        "actions": actions,
        "over": result is not None,
        "standings": standings or [],
        "drinks": view.get("drinks", []),
        "players": names,
    }


def _print_tables(summary: dict[str, Any], columns: list[tuple[str, str]]) -> None:
    status = "finished" if summary["over"] else "not finished"
    console.print(f"[bold]{safe(summary['game'])}[/]: {summary['actions']} actions, {status}")
    standings = Table(title="Standings")
    for column in ("place", "player", "laps"):
        standings.add_column(column)
    names = summary["players"]
    for row in summary["standings"]:
        name = row.get("name") or names[row["seat"]]
        standings.add_row(safe(row["place"]), safe(name), safe(row.get("laps", "")))
    console.print(standings)
    if summary["drinks"]:
        drinks = Table(title="Drinks")
        drinks.add_column("player", justify="left")
        for _, title in columns:
            drinks.add_column(title, justify="right")
        for row in summary["drinks"]:
            name = safe(row.get("name", ""))
            drinks.add_row(name, *(safe(row.get(key, "")) for key, _ in columns))
        console.print(drinks)


def register(app: typer.Typer) -> None:
    """Adds the ``replay`` command to the main command line."""
    app.command("replay")(replay_command)
