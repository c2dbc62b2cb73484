"""Vectrace actions: frozen dataclasses with a ``kind``.

Actions (VT-START-1, VT-MOVE-2, and the records section of the rules):

* :class:`Begin` names the seat that begins; the rest follow in seat order.
* :class:`Place` puts the acting car on a start point.
* :class:`Move` gives the chosen target point (the acceleration is implied).

The events that explain what happened are in :mod:`.events`, their sentences in
:mod:`.describe`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.contract import Action


@dataclass(frozen=True)
class Begin(Action):
    """The seat ``first`` begins; turn order follows the seats from there (VT-START-1)."""

    kind: ClassVar[str] = "begin"
    first: int

    def __str__(self) -> str:
        return f"seat {self.first} begins"


@dataclass(frozen=True)
class Place(Action):
    """The acting car is placed on the start point ``(x, y)`` (VT-START-1)."""

    kind: ClassVar[str] = "place"
    x: int
    y: int

    def __str__(self) -> str:
        return f"place the car on {self.x},{self.y}"


@dataclass(frozen=True)
class Move(Action):
    """The acting car moves to the target point ``(x, y)`` (VT-MOVE-2)."""

    kind: ClassVar[str] = "move"
    x: int
    y: int

    def __str__(self) -> str:
        return f"move to {self.x},{self.y}"


ACTION_TYPES: tuple[type[Action], ...] = (Begin, Place, Move)
