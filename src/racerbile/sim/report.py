"""Showing a run: Rich tables, the JSON document, and ``games.csv``."""

from __future__ import annotations

import csv
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table

from .outcome import SEAT_FIELDS, GameOutcome
from .runner import SimSpec
from .summary import GroupSummary, RunSummary, Stat, win_share

CSV_COLUMNS = ("game", "dice_seed", "seat", "player", *SEAT_FIELDS, "win", "length", "actions")


def _ms(stat: Stat, digits: int | None = None) -> str:
    """Returns ``mean±sd``, whole numbers from 10 up unless ``digits`` is given."""
    if digits is None:
        digits = 0 if abs(stat.mean) >= 10 else 1
    return f"{stat.mean:.{digits}f}±{stat.std:.{digits}f}"


# Columns after the label: (header, value, shown when). Columns whose numbers are all
# zero (a game without beers, exits or overtakes) are left out; the per-seat table
# shows the first four only.
_COLUMNS: tuple[tuple[str, Callable[[GroupSummary], str], Callable[[GroupSummary], float]], ...] = (
    (
        "win % [95% CI]",
        lambda g: f"{100 * g.win_rate:.1f} [{100 * g.win_low:.0f}–{100 * g.win_high:.0f}]",
        lambda g: 1,
    ),
    ("place", lambda g: f"{g.place.mean:.2f}", lambda g: 1),
    ("sips", lambda g: _ms(g.sips), lambda g: 1),
    ("caused", lambda g: f"{g.caused.mean:.1f}", lambda g: 1),
    ("beers", lambda g: f"{g.beers.mean:.2f}", lambda g: g.beers.mean),
    ("off", lambda g: f"{g.off_track.mean:.2f}", lambda g: g.off_track.mean),
    (
        "overtakes",
        lambda g: f"{g.overtakes_given.mean:.1f}/{g.overtakes_taken.mean:.1f}",
        lambda g: g.overtakes_given.mean + g.overtakes_taken.mean,
    ),
)


def _group_table(title: str, first: str, groups: Sequence[GroupSummary], wide: bool) -> Table:
    columns = [c for c in _COLUMNS[: None if wide else 4] if any(c[2](g) for g in groups)]
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(first, style="bold", no_wrap=True, min_width=max(len(g.label) for g in groups))
    for header, _, _ in columns:
        table.add_column(header, justify="right", no_wrap=True)
    for g in groups:
        table.add_row(g.label, *(cell(g) for _, cell, _ in columns))
    return table


def tables(summary: RunSummary, spec: SimSpec) -> Group:
    """Returns the Rich renderable: players, seats, and the game length."""
    title = f"{spec.game}: {summary.games} games, seed {spec.seed}, {spec.engine} engine"
    length = (
        f"game length: {_ms(summary.length, 1)} rounds; "
        f"{_ms(summary.actions, 0)} decisions per game"
        "\nper game means; sips mean±sd; off = exits from the track; overtakes given/taken"
    )
    return Group(
        _group_table(title, "player", summary.players, wide=True),
        _group_table("per seat", "seat", summary.seats, wide=False),
        length,
    )


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


def write_csv(outcomes: Sequence[GameOutcome], path: Path) -> None:
    """Writes one row per seat of every game (the per-game results)."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_COLUMNS)
        for game in outcomes:
            for seat in game.seats:
                numbers = [getattr(seat, name) for name in SEAT_FIELDS]
                writer.writerow(
                    [
                        game.index,
                        game.seed,
                        seat.seat,
                        seat.player,
                        *numbers,
                        round(win_share(game, seat), 6),
                        game.length,
                        game.actions,
                    ]
                )
