"""Showing a run: Rich tables, the JSON document, and ``games.csv``."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table

from ..engine.capabilities import SimStats, TableColumn
from ..engine.outcome import GameOutcome, SimSpec
from .summary import GroupSummary, RunSummary, Stat, win_share


def csv_columns(columns: Sequence[str]) -> tuple[str, ...]:
    """Returns the header of ``games.csv``: the core, then the game's columns."""
    return ("game", "dice_seed", "seat", "player", "place", *columns, "turns", "win", "length",
            "actions")  # fmt: skip


def _ms(stat: Stat, digits: int | None = None) -> str:
    """Returns ``mean±sd``, whole numbers from 10 up unless ``digits`` is given."""
    if digits is None:
        digits = 0 if abs(stat.mean) >= 10 else 1
    return f"{stat.mean:.{digits}f}±{stat.std:.{digits}f}"


def _mean(stat: Stat, digits: int | None) -> str:
    if digits is None:
        digits = 0 if abs(stat.mean) >= 10 else 1
    return f"{stat.mean:.{digits}f}"


def _cell(column: TableColumn, group: GroupSummary) -> str:
    stats = [group.stat(key) for key in column.keys]
    if column.spread:
        return "/".join(_ms(stat, column.digits) for stat in stats)
    return "/".join(_mean(stat, column.digits) for stat in stats)


def _shown(column: TableColumn, groups: Sequence[GroupSummary]) -> bool:
    if not column.hide_zero:
        return True
    return any(g.stat(key).mean for g in groups for key in column.keys)


def _win(g: GroupSummary) -> str:
    return f"{100 * g.win_rate:.1f} [{100 * g.win_low:.0f}–{100 * g.win_high:.0f}]"


def _group_table(
    title: str, first: str, groups: Sequence[GroupSummary], columns: Sequence[TableColumn]
) -> Table:
    shown = [c for c in columns if _shown(c, groups)]
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(first, style="bold", no_wrap=True, min_width=max(len(g.label) for g in groups))
    for header in ("win % [95% CI]", "place", *(c.label for c in shown)):
        table.add_column(header, justify="right", no_wrap=True)
    for g in groups:
        table.add_row(g.label, _win(g), f"{g.place.mean:.2f}", *(_cell(c, g) for c in shown))
    return table


def _totals_table(summary: RunSummary, seats: int) -> Table:
    title = f"per game, all {seats} players together"
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for header in ("total", "mean±sd", "enough for"):
        table.add_column(header, justify="left" if header == "total" else "right", no_wrap=True)
    for total in summary.totals:
        covers = ""
        if total.quantile is not None and total.at_quantile is not None:
            covers = f"≤ {total.at_quantile:.0f} in {100 * total.quantile:.0f}% of games"
        table.add_row(total.label, _ms(total.stat), covers)
    return table


def tables(summary: RunSummary, spec: SimSpec, declared: SimStats | None = None) -> Group:
    """Returns the Rich renderable: players, seats (the columns marked ``per_seat``),
    the game's per-game totals, and the game length."""
    columns = declared.table if declared else ()
    rule_set = spec.setup.get("rule_set")
    rules = f", {rule_set} rules" if rule_set else ""
    title = f"{spec.game}{rules}: {summary.games} games, seed {spec.seed}, {spec.engine} engine"
    note = f"; {declared.note}" if declared and declared.note else ""
    length = (
        f"game length: {_ms(summary.length, 1)} rounds; "
        f"{_ms(summary.actions, 0)} decisions per game"
        f"\nper game means{note}"
    )
    parts: list[Any] = [
        _group_table(title, "player", summary.players, columns),
        _group_table("per seat", "seat", summary.seats, [c for c in columns if c.per_seat]),
    ]
    if summary.totals:
        parts.append(_totals_table(summary, len(spec.players)))
    return Group(*parts, length)


def document(summary: RunSummary, spec: SimSpec) -> dict[str, Any]:
    """Returns the JSON document of a run: what was simulated and the summary."""
    return {
        "game": spec.game,
        "setup": spec.setup,
        "players": list(spec.players),
        "seed": spec.seed,
        "engine": spec.engine,
        "summary": summary.to_json(),
    }


def write_csv(outcomes: Sequence[GameOutcome], path: Path, columns: Sequence[str]) -> None:
    """Writes one row per seat of every game (the per-game results) with the game's
    ``columns`` between the core numbers."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(csv_columns(columns))
        for game in outcomes:
            for seat in game.seats:
                writer.writerow(
                    [
                        game.index,
                        game.seed,
                        seat.seat,
                        seat.player,
                        seat.place,
                        *(seat.stats.get(key, 0) for key in columns),
                        seat.turns,
                        round(win_share(game, seat), 6),
                        game.length,
                        game.actions,
                    ]
                )
