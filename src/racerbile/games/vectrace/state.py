"""The Vectrace state: frozen values with tuples inside (VT-MOVE-1, VT-START-1)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .track import Point, Track

Status = Literal["waiting", "racing", "finished", "crashed"]
Phase = Literal["order", "place", "race", "over"]


@dataclass(frozen=True)
class Options:
    """The rule switches a race is played with (built from the setup).

    ``laps`` is the number of passes over the finish line; ``lap_start`` makes the
    start line the finish line (VT-OPT-5). ``setback`` is the number of moves a crashed
    car is set back (VT-OPT-4), ``None`` when crashed cars retire (VT-MOVE-6).
    """

    collision: bool = False
    skid: bool = False
    skid_limit: int | None = None
    barrier: bool = False
    setback: int | None = None
    laps: int = 1
    lap_start: bool = False
    literal: bool = False
    redraw_order: bool = False
    assign_starts: bool = False
    max_rounds: int | None = None


@dataclass(frozen=True)
class Car:
    """One car: position, vector (VT-MOVE-1), progress and its trail of points.

    ``progress`` counts the checkpoint lines and finish crossings passed so far
    (VT-OPT-5); ``time`` is the exact finish time (VT-END-2).
    """

    pos: Point | None = None
    vel: Point = (0, 0)
    status: Status = "waiting"
    moves: int = 0
    progress: int = 0
    time: Fraction | None = None
    trail: tuple[Point, ...] = ()

    @property
    def racing(self) -> bool:
        """Returns whether the car is on the track and still in the race."""
        return self.status == "racing"


@dataclass(frozen=True)
class State:
    """A whole race: the track, the switches, the seats and whose turn it is.

    ``turn`` indexes ``order`` during the race; while the cars are placed it counts
    the placements (the last in turn order places first).
    """

    track: Track
    options: Options
    names: tuple[str, ...]
    cars: tuple[Car, ...]
    phase: Phase = "order"
    order: tuple[int, ...] = ()
    turn: int = 0
    round: int = 0
    final_round: bool = False

    def occupied(self, exclude: int | None = None) -> dict[Point, int]:
        """Returns the points where racing cars stand, mapped to their seats."""
        return {
            car.pos: seat
            for seat, car in enumerate(self.cars)
            if car.pos is not None and car.racing and seat != exclude
        }
