"""What a simulation plays and what one simulated game gives: small, frozen, picklable.

These types are the contract between the simulator (``racerbile.sim``) and a game's
fast simulation path (:class:`~racerbile.engine.capabilities.FastPath`): both take a
:class:`SimSpec` and return equal :class:`GameOutcome` lists for the same seed.

Every game has the core numbers of a seat (place, turns) and of a game (length,
actions); the rest are the columns the game declares
(:class:`~racerbile.engine.capabilities.SimStats`), kept in ``SeatOutcome.stats``.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

MAX_ACTIONS = 200_000  # a game longer than this is a bot or rules bug, not a long race


class SimulationError(RuntimeError):
    """A simulated game could not be played; the message names the game and its seed."""


@dataclass(frozen=True)
class SimSpec:
    """What to simulate: a game (registry id or ``module:attribute``), its setup as
    JSON, one bot name per seat, the master seed and the engine to use."""

    game: str
    setup: dict[str, Any]
    players: tuple[str, ...]
    seed: int
    engine: str = "reference"


@dataclass(frozen=True)
class SeatOutcome:
    """How one seat fared: its place (1 = first, shared on ties), its turns and the
    game's declared tallies (``stats``: column name -> whole number)."""

    seat: int
    player: str
    place: int
    turns: int = 0
    stats: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class GameOutcome:
    """One finished game: its index and dice seed, every seat, its length and where
    things happened (``locations`` maps a kind such as ``off_track`` to cell keys)."""

    index: int
    seed: int
    seats: tuple[SeatOutcome, ...]
    length: int
    actions: int
    locations: dict[str, list[str]] = field(default_factory=dict)

    @property
    def winners(self) -> list[int]:
        """Returns the seats that share first place."""
        return [s.seat for s in self.seats if s.place == 1]

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameOutcome:
        """Rebuilds an outcome from :meth:`to_json`."""
        seats = tuple(
            SeatOutcome(
                seat=s["seat"],
                player=s["player"],
                place=s["place"],
                turns=s.get("turns", 0),
                stats={k: int(v) for k, v in s.get("stats", {}).items()},
            )
            for s in data["seats"]
        )
        return cls(
            index=data["index"],
            seed=data["seed"],
            seats=seats,
            length=data["length"],
            actions=data["actions"],
            locations={k: list(v) for k, v in data.get("locations", {}).items()},
        )


# A fast path builds thousands of outcomes a second. A frozen dataclass's ``__init__``
# sets each field through ``object.__setattr__``; filling the new object's fields
# directly takes about a third of that time, for the same object.
_new = object.__new__


def seat_outcome(
    seat: int, player: str, place: int, turns: int, stats: dict[str, int]
) -> SeatOutcome:
    """``SeatOutcome(seat, player, place, turns, stats)``, made faster."""
    made = _new(SeatOutcome)
    fields = made.__dict__
    fields["seat"] = seat
    fields["player"] = player
    fields["place"] = place
    fields["turns"] = turns
    fields["stats"] = stats
    return made


def game_outcome(
    index: int,
    seed: int,
    seats: tuple[SeatOutcome, ...],
    length: int,
    actions: int,
    locations: dict[str, list[str]],
) -> GameOutcome:
    """``GameOutcome(index, seed, seats, length, actions, locations)``, made faster."""
    made = _new(GameOutcome)
    fields = made.__dict__
    fields["index"] = index
    fields["seed"] = seed
    fields["seats"] = seats
    fields["length"] = length
    fields["actions"] = actions
    fields["locations"] = locations
    return made


# Outcomes hold no reference cycles: reference counting frees them. A batch of them is
# thousands of new objects the cyclic collector would traverse again and again (a
# collection every 700 of them, an older generation's every ten of those) to free
# nothing: in a fast path's chunk that was about a tenth of its time. So the collector
# is paused while a batch is built, across threads: the first to enter pauses it,
# the last to leave puts back what it found.
_PAUSE_LOCK = threading.Lock()
_pauses = 0
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pauses the cyclic garbage collector (not reference counting) for the block."""
    global _pauses, _was_enabled
    with _PAUSE_LOCK:
        if _pauses == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _PAUSE_LOCK:
            _pauses -= 1
            if _pauses == 0 and _was_enabled:
                gc.enable()
