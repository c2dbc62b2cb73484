"""Vectrace actions and events: frozen dataclasses with a ``kind`` and a sentence.

Actions (VT-START-1, VT-MOVE-2, and the records section of the rules):

* :class:`Begin` names the seat that begins; the rest follow in seat order.
* :class:`Place` puts the acting car on a start point.
* :class:`Move` gives the chosen target point (the acceleration is implied).

Events explain what happened; ``str(event)`` is the English sentence and
:func:`describe` gives it in English (``en``) or Danish (``da``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from ...engine.contract import Action, Event

Point = tuple[int, int]


def fmt_point(p: Point) -> str:
    """Returns ``x,y``."""
    return f"{p[0]},{p[1]}"


def fmt_vector(v: Point) -> str:
    """Returns the signed form ``+1,-2``."""
    return f"{v[0]:+d},{v[1]:+d}"


def fmt_time(t: Fraction) -> str:
    """Returns a finish time as a mixed number: ``6``, ``6 1/3``, ``2/5``."""
    whole, rest = divmod(t, 1)
    if rest == 0:
        return str(whole)
    if whole == 0:
        return f"{rest.numerator}/{rest.denominator}"
    return f"{whole} {rest.numerator}/{rest.denominator}"


# --- actions -----------------------------------------------------------------------------


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


# --- events ------------------------------------------------------------------------------

SENTENCES: dict[str, dict[str, str]] = {
    "order_set": {
        "en": "{first} begins; turn order {order}.",
        "da": "{first} begynder; turrækkefølge {order}.",
    },
    "placed": {
        "en": "{name} starts at {at}.",
        "da": "{name} starter på {at}.",
    },
    "moved": {
        "en": "{name} moves from {frm} to {to} (vector {vector}).",
        "da": "{name} kører fra {frm} til {to} (vektor {vector}).",
    },
    "crashed": {
        "en": "{name} crashes at {at}: {reason} ({rule_id}).",
        "da": "{name} forulykker ved {at}: {reason} ({rule_id}).",
    },
    "skidded": {
        "en": "{name} skids and spins at {at} (VT-OPT-2).",
        "da": "{name} skrider ud og snurrer rundt ved {at} (VT-OPT-2).",
    },
    "hit_barrier": {
        "en": "{name} hits the barrier and stops at {at} (VT-OPT-3).",
        "da": "{name} rammer autoværnet og standser ved {at} (VT-OPT-3).",
    },
    "set_back": {
        "en": "{name} is set back {moves} moves to {at} (VT-OPT-4).",
        "da": "{name} sættes {moves} træk tilbage til {at} (VT-OPT-4).",
    },
    "checkpoint": {
        "en": "{name} passes checkpoint {number}.",
        "da": "{name} passerer kontrolpunkt {number}.",
    },
    "lap": {
        "en": "{name} completes lap {lap}.",
        "da": "{name} fuldfører omgang {lap}.",
    },
    "finished": {
        "en": "{name} finishes after {moves} moves, time {time}.",
        "da": "{name} kommer i mål efter {moves} træk, tid {time}.",
    },
    "race_over": {
        "en": "The race is over: {summary}.",
        "da": "Løbet er slut: {summary}.",
    },
}

REASONS: dict[str, dict[str, str]] = {
    "leaves": {"en": "the line leaves the track", "da": "linjen forlader banen"},
    "off": {"en": "the car ends off the track", "da": "bilen ender uden for banen"},
    "occupied": {"en": "another car stands there", "da": "en anden bil holder der"},
    "hit": {"en": "another car ran into it", "da": "en anden bil kørte ind i den"},
}


@dataclass(frozen=True)
class VtEvent(Event):
    """Base of the Vectrace events: a sentence in English or Danish."""

    def words(self, lang: str) -> dict[str, Any]:
        """Returns the values filled into the sentence template."""
        return {}

    def sentence(self, lang: str = "en") -> str:
        """Returns the sentence in ``lang`` (``en`` or ``da``; others fall back to ``en``)."""
        templates = SENTENCES[self.kind]
        return templates.get(lang, templates["en"]).format(**self.words(lang))

    def __str__(self) -> str:
        return self.sentence("en")


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
    """A car moves along a segment (VT-MOVE-2)."""

    kind: ClassVar[str] = "moved"
    seat: int
    name: str
    frm: Point
    to: Point

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
        reason = REASONS.get(self.reason, {}).get(lang) or REASONS.get(self.reason, {}).get(
            "en", self.reason
        )
        return {
            "name": self.name,
            "at": fmt_point(self.at),
            "reason": reason,
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


def describe(event: Event, lang: str = "en") -> str:
    """Returns the sentence for a Vectrace event in ``lang`` (``en`` or ``da``)."""
    if isinstance(event, VtEvent):
        return event.sentence(lang)
    return str(event)
