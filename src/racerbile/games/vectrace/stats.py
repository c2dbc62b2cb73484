"""Vectrace numbers for the simulator: moves driven and crashes per seat, and where
cars crashed (grid points ``"x,y"``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from ...engine.capabilities import GameStats, SimStats, TableColumn, ViolinFigure
from ...engine.contract import Event, Result
from .events import Crashed, Moved


def outcome_stats(
    setup: BaseModel, state: Any, events: Sequence[Event], result: Result
) -> GameStats:
    """Returns each seat's moves (VT-MOVE-2) and crashes (VT-MOVE-4…6), and the crash points."""
    seats = [{"moves": 0, "crashes": 0} for _ in result.standings]
    crashes: list[str] = []
    for event in events:
        if isinstance(event, Moved):
            seats[event.seat]["moves"] += 1
        elif isinstance(event, Crashed):
            seats[event.seat]["crashes"] += 1
            crashes.append(f"{event.at[0]},{event.at[1]}")
    return GameStats(seats, locations={"crash": crashes})


STATS = SimStats(
    columns=("moves", "crashes"),
    outcome=outcome_stats,
    table=(
        TableColumn("moves", ("moves",), digits=None, spread=True, per_seat=True),
        TableColumn("crashes", ("crashes",), digits=2, hide_zero=True),
    ),
    note="moves mean±sd; crashes per game",
    rates=("crashes",),
    violins=ViolinFigure("moves.png", "Moves per player", "moves", (("moves", "moves per game"),)),
)
