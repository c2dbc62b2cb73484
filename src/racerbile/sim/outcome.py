"""The record of one simulated game: small, frozen, JSON-able and picklable.

A :class:`GameOutcome` is what every executor returns for one game, so the same
seed gives equal lists of outcomes whatever ran them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

# The per-seat numbers a game's statistics adapter may fill in (all integers).
SEAT_FIELDS: tuple[str, ...] = (
    "place",
    "sips",
    "beers",
    "caused",
    "off_track",
    "overtakes_given",
    "overtakes_taken",
    "turns",
)


@dataclass(frozen=True)
class SeatOutcome:
    """How one seat fared: its place (1 = first, shared on ties) and its tallies."""

    seat: int
    player: str
    place: int
    sips: int = 0
    beers: int = 0
    caused: int = 0
    off_track: int = 0
    overtakes_given: int = 0
    overtakes_taken: int = 0
    turns: int = 0


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
        seat_keys = {f.name for f in fields(SeatOutcome)}
        seats = tuple(
            SeatOutcome(**{k: v for k, v in s.items() if k in seat_keys}) for s in data["seats"]
        )
        return cls(
            index=data["index"],
            seed=data["seed"],
            seats=seats,
            length=data["length"],
            actions=data["actions"],
            locations={k: list(v) for k, v in data.get("locations", {}).items()},
        )
