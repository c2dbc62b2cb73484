"""Racerbile numbers for the simulator: per-seat tallies from a finished game's events
and the board's cell outlines for plots.

The simulator derives places, sips and sips caused itself; this adds beers finished
(RB-DRINK-2), exits from the track (RB-DICE-7, located at the cell the car left
from), overtakes given and taken (RB-TURN-6, located where the overtaker ended its
move), turns, and the race length in rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from ...engine.contract import Event, Result
from ...hexgrid import Hex, corners
from .events import Moved, Overtook, TurnStarted, WentOffTrack
from .setup import Setup, setup_track
from .state import State


def outcome_stats(
    setup: BaseModel, state: State, events: Sequence[Event], result: Result
) -> dict[str, Any]:
    """Returns ``{"seats": [...], "length": rounds, "locations": {...}}`` for one game."""
    n = len(state.cars)
    seats: list[dict[str, int]] = [
        {"beers": state.ledger.beers_finished(k), "off_track": 0, "turns": 0,
         "overtakes_given": 0, "overtakes_taken": 0}
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
    return {
        "seats": seats,
        "length": rounds,
        "locations": {"off_track": off_track, "overtake": overtakes},
    }


def board_cells(setup: BaseModel) -> dict[str, list[tuple[float, float]]]:
    """Returns each track cell's hexagon outline (unit size, y down), keyed ``"q,r"``."""
    assert isinstance(setup, Setup)
    track = setup_track(setup)
    return {str(cell): corners(cell, 1.0, track.orientation) for cell in sorted(track.cells)}
