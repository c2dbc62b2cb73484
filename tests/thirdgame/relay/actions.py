"""Relay's actions and events (all of them, in one module)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from racerbile.engine import Action, Event


@dataclass(frozen=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Hand(Action):
    """Hand the baton on, banking the points carried."""

    kind: ClassVar[str] = "hand"


@dataclass(frozen=True)
class Die(Action):
    kind: ClassVar[str] = "die"
    value: int


@dataclass(frozen=True)
class Penalty(Action):
    """The referee's (or judge ``judge``'s) penalty: ``seat`` loses ``points``."""

    kind: ClassVar[str] = "penalty"
    seat: int
    points: int
    judge: int | None = None


@dataclass(frozen=True)
class Rolled(Event):
    kind: ClassVar[str] = "rolled"
    seat: int
    value: int


@dataclass(frozen=True)
class Dropped(Event):
    kind: ClassVar[str] = "dropped"
    seat: int
    lost: int


@dataclass(frozen=True)
class Handed(Event):
    kind: ClassVar[str] = "handed"
    seat: int
    banked: int


@dataclass(frozen=True)
class Penalised(Event):
    kind: ClassVar[str] = "penalised"
    seat: int
    points: int
    judge: int | None


@dataclass(frozen=True)
class Won(Event):
    kind: ClassVar[str] = "won"
    seat: int


ACTION_TYPES: tuple[type[Action], ...] = (Roll, Hand, Die)
REFEREE_TYPES: tuple[type[Action], ...] = (Penalty,)
