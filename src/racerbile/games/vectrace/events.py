"""Vectrace events: frozen dataclasses that say what happened.

Each event gives the values of its sentence (``words``); the templates are in
:mod:`.describe`, and ``str(event)`` is the English sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from ...engine.contract import Event
from .describe import Point, describe, fmt_point, fmt_time, fmt_vector, reason_text


@dataclass(frozen=True)
class VtEvent(Event):
    """Base of the Vectrace events: a sentence in English or Danish."""

    def words(self, lang: str) -> dict[str, Any]:
        """Returns the values filled into the sentence template."""
        return {}

    def sentence(self, lang: str = "en") -> str:
        """Returns the sentence in ``lang`` (``en`` or ``da``; others fall back to ``en``)."""
        return describe(self, lang)

    def __str__(self) -> str:
        return describe(self, "en")


@dataclass(frozen=True)
class OrderSet(VtEvent):
    """The turn order is fixed for the race (or for this round, VT-START-1)."""

    kind: ClassVar[str] = "order_set"
    order: tuple[int, ...]
    names: tuple[str, ...]

    def words(self, lang: str) -> dict[str, Any]:
        return {"first": self.names[0], "order": ", ".join(self.names)}


@dataclass(frozen=True)
class Placed(VtEvent):
    """A car is placed on a start point."""

    kind: ClassVar[str] = "placed"
    seat: int
    name: str
    at: Point

    def words(self, lang: str) -> dict[str, Any]:
        return {"name": self.name, "at": fmt_point(self.at)}


@dataclass(frozen=True)
class Moved(VtEvent):
    """A car moves along a segment (VT-MOVE-2); ``before`` is its velocity before the
    move (the log tells whether it sped up, braked or turned)."""

    kind: ClassVar[str] = "moved"
    seat: int
    name: str
    frm: Point
    to: Point
    before: Point = (0, 0)

    def words(self, lang: str) -> dict[str, Any]:
        vector = (self.to[0] - self.frm[0], self.to[1] - self.frm[1])
        return {
            "name": self.name,
            "frm": fmt_point(self.frm),
            "to": fmt_point(self.to),
            "vector": fmt_vector(vector),
        }


@dataclass(frozen=True)
class Crashed(VtEvent):
    """A car crashes and leaves the race (VT-MOVE-4/5/6, VT-OPT-1)."""

    kind: ClassVar[str] = "crashed"
    seat: int
    name: str
    at: Point
    rule_id: str
    reason: str

    def words(self, lang: str) -> dict[str, Any]:
        return {
            "name": self.name,
            "at": fmt_point(self.at),
            "reason": reason_text(self.reason, lang),
            "rule_id": self.rule_id,
        }


@dataclass(frozen=True)
class Skidded(VtEvent):
    """VT-OPT-2: the line left the track but ended on it; the vector becomes zero."""

    kind: ClassVar[str] = "skidded"
    seat: int
    name: str
    at: Point

    def words(self, lang: str) -> dict[str, Any]:
        return {"name": self.name, "at": fmt_point(self.at)}


@dataclass(frozen=True)
class HitBarrier(VtEvent):
    """VT-OPT-3: the car stops where its line first left the track, vector zero."""

    kind: ClassVar[str] = "hit_barrier"
    seat: int
    name: str
    at: Point

    def words(self, lang: str) -> dict[str, Any]:
        return {"name": self.name, "at": fmt_point(self.at)}


@dataclass(frozen=True)
class SetBack(VtEvent):
    """VT-OPT-4: instead of retiring, the crashed car goes back ``moves`` moves."""

    kind: ClassVar[str] = "set_back"
    seat: int
    name: str
    at: Point
    moves: int

    def words(self, lang: str) -> dict[str, Any]:
        return {"name": self.name, "at": fmt_point(self.at), "moves": self.moves}


@dataclass(frozen=True)
class CheckpointPassed(VtEvent):
    """VT-OPT-5: a car passes the next checkpoint in order."""

    kind: ClassVar[str] = "checkpoint"
    seat: int
    name: str
    number: int

    def words(self, lang: str) -> dict[str, Any]:
        return {"name": self.name, "number": self.number}


@dataclass(frozen=True)
class LapCompleted(VtEvent):
    """VT-OPT-5: a car crosses the finish line after all checkpoints, not yet the last lap."""

    kind: ClassVar[str] = "lap"
    seat: int
    name: str
    lap: int

    def words(self, lang: str) -> dict[str, Any]:
        return {"name": self.name, "lap": self.lap}


@dataclass(frozen=True)
class Finished(VtEvent):
    """VT-END-2: a car finishes; ``time`` is ``(moves - 1) + t``."""

    kind: ClassVar[str] = "finished"
    seat: int
    name: str
    moves: int
    time: Fraction

    def words(self, lang: str) -> dict[str, Any]:
        return {"name": self.name, "moves": self.moves, "time": fmt_time(self.time)}


@dataclass(frozen=True)
class RaceOver(VtEvent):
    """The race has ended; ``places`` lists ``(name, place)`` best first."""

    kind: ClassVar[str] = "race_over"
    places: tuple[tuple[str, int], ...]

    def words(self, lang: str) -> dict[str, Any]:
        summary = ", ".join(f"{place}. {name}" for name, place in self.places)
        return {"summary": summary or "-"}
