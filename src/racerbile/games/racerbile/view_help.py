"""What the view adds for the table: which way the race goes, and whether a move end
lies ahead of the car or behind it.

* :func:`race_arrows`: cells with the race direction (RB-TRACK-6's distance to the
  line falls that way), every :data:`ARROW_EVERY` cells of distance, for the board's
  arrows;
* :func:`move_direction`: ``"forward"``, ``"backward"`` or ``"level"`` for one end of
  the move help, by the RB-TRACK-6 ranking key (laps, then distance to the line).
"""

from __future__ import annotations

from typing import Any

from ...hexgrid import Hex
from .rules.moves import MoveOption
from .rules.ranking import field_for
from .state import State

ARROW_EVERY = 4
"""An arrow on the cells whose distance to the line is a multiple of this."""


def race_arrows(state: State) -> list[list[int]]:
    """Returns ``[q, r, direction]`` for the arrow cells, cached on the race's config."""
    config = state.config
    cached: list[list[int]] | None = config.cache.get("race_arrows")
    if cached is not None:
        return cached
    track = config.track
    field = field_for(config, state.forks, 0)
    arrows = []
    for cell, distance in sorted(field.items(), key=lambda item: (item[0].q, item[0].r)):
        if distance % ARROW_EVERY:
            continue
        ahead = [d for d, nxt in track.steps(cell) if field.get(nxt) == distance - 1]
        if ahead:
            arrows.append([cell.q, cell.r, ahead[0]])
    config.cache["race_arrows"] = arrows
    return arrows


def move_direction(state: State, seat: int, end: MoveOption) -> str:
    """Returns whether ``end`` lies ahead of ``seat``'s car, behind it, or level."""
    car = state.cars[seat]
    here = _key(state, car.laps, car.place)
    there = _key(state, car.laps + end.laps, end.cell)
    if there is None or here is None or there == here:
        return "level"
    return "forward" if there > here else "backward"


def _key(state: State, laps: int, cell: Hex) -> tuple[int, int] | None:
    distance = field_for(state.config, state.forks, laps).get(cell)
    return None if distance is None else (laps, -distance)


def move_json(state: State, seat: int, end: MoveOption) -> dict[str, Any]:
    """Returns the move help's JSON of ``end`` with its direction."""
    return {**end.to_json(), "direction": move_direction(state, seat, end)}
