"""Racerbile numbers for the simulator: per-seat tallies from a finished game's events
and the board's cell outlines for plots.

Columns: sips drunk and sips caused to others (from ``Drank`` events), beers
finished (RB-DRINK-2), exits from the track (RB-DICE-7, located at the cell the car
left from), overtakes given and taken (RB-TURN-6, located where the overtaker ended
its move); turns are counted from ``TurnStarted``, and the race length in rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from ...engine.capabilities import GameStats, SimStats, TableColumn, ViolinFigure
from ...engine.contract import Event, Result
from ...engine.ledger import drink_totals
from ...hexgrid import Hex, corners
from .events import Moved, Overtook, TurnStarted, WentOffTrack
from .setup import Setup, setup_track
from .state import State

COLUMNS = ("sips", "beers", "caused", "off_track", "overtakes_given", "overtakes_taken")


def outcome_stats(
    setup: BaseModel, state: State, events: Sequence[Event], result: Result
) -> GameStats:
    """Returns the seats' columns, the length in rounds and where cars left the track
    and overtook, for one finished game."""
    n = len(state.cars)
    drinks = drink_totals(events, n)
    seats: list[dict[str, int]] = [
        {"sips": drinks[k]["drunk"], "beers": state.ledger.beers_finished(k),
         "caused": drinks[k]["caused"], "off_track": 0, "overtakes_given": 0,
         "overtakes_taken": 0, "turns": 0}
        for k in range(n)
    ]  # fmt: skip
    off_track: list[str] = []
    overtakes: list[str] = []
    position: dict[int, Hex] = {}
    rounds = 0
    for event in events:
        if isinstance(event, Moved):
            position[event.seat] = event.end
        elif isinstance(event, TurnStarted):
            seats[event.seat]["turns"] += 1
            rounds = max(rounds, event.number)
        elif isinstance(event, WentOffTrack):
            seats[event.seat]["off_track"] += 1
            off_track.append(str(event.left_from))
        elif isinstance(event, Overtook):
            seats[event.seat]["overtakes_given"] += 1
            seats[event.overtaken]["overtakes_taken"] += 1
            if event.seat in position:
                overtakes.append(str(position[event.seat]))
    return GameStats(seats, rounds, {"off_track": off_track, "overtake": overtakes})


def board_cells(setup: BaseModel) -> dict[str, list[tuple[float, float]]]:
    """Returns each track cell's hexagon outline (unit size, y down), keyed ``"q,r"``."""
    assert isinstance(setup, Setup)
    track = setup_track(setup)
    return {str(cell): corners(cell, 1.0, track.orientation) for cell in sorted(track.cells)}


def _outcome(setup: BaseModel, state: Any, events: Sequence[Event], result: Result) -> GameStats:
    assert isinstance(state, State)
    return outcome_stats(setup, state, events, result)


STATS = SimStats(
    columns=COLUMNS,
    outcome=_outcome,
    table=(
        TableColumn("sips", ("sips",), digits=None, spread=True, per_seat=True),
        TableColumn("caused", ("caused",), per_seat=True),
        TableColumn("beers", ("beers",), digits=2, hide_zero=True),
        TableColumn("off", ("off_track",), digits=2, hide_zero=True),
        TableColumn("overtakes", ("overtakes_given", "overtakes_taken"), hide_zero=True),
    ),
    note="sips mean±sd; off = exits from the track; overtakes given/taken",
    rates=("off_track",),
    violins=ViolinFigure(
        "sips.png",
        "Sips per player",
        "sips",
        (("sips", "sips drunk per game"), ("caused", "sips caused to others per game")),
    ),
    locations={
        "off_track": ("where cars left the track", "#b2182b"),
        "overtake": ("where overtakes happened", "#2166ac"),
    },
    board_cells=board_cells,
)
