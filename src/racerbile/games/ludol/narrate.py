"""The log as a table reads it: one sentence per throw, in Danish or English.

A throw and what it leads to (the move, or no move, or the six declared; the glasses
knocked home and the chug they cost; the bonus throw) become one line naming the
player: "Anna throws 6 and moves glass 2 from 14 to 20, knocking Bo's glass home: Bo
chugs 1 glass within 10 s; Anna throws again." A throw still waiting for its move is
told so far. Every other event (the start order, a turn's start, the referee's and
judges' calls, penalty beers, flags, a disqualification, the end) keeps its own
sentence from :mod:`.describe`, which still tells every event; a penalty's drink is
carried on its line, and a drink nothing tells of gets its own.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine.capabilities import LineDrink, LogLine
from ...engine.contract import Event
from ...engine.ledger import Drank
from .describe import WORDS as PLACES
from .describe import describe, place_name

WORDS = {
    "en": {
        "throws": "{who} throws {top}",
        "forced": " (a forced six)",
        "moves": " and moves glass {glass} from {frm} to {to}",
        "bottom": " with the bottom {value}",
        "six_rule": " as a {six}",
        "six": "six",
        "one": "one",
        "no_move": " but cannot move",
        "tries_left": " ({n} {tries} left)",
        "try": "try",
        "tries": "tries",
        "declares": ", cannot move and declares it a {six}",
        "knocks": ", knocking {whose} {glasses} home: {owner} chugs {count} within {seconds} s",
        "glass": "glass",
        "glasses": "glasses",
        "again": ", then throws again",
        "again_after": "; {who} throws again",
    },
    "da": {
        "throws": "{who} slår {top}",
        "forced": " (en tvungen sekser)",
        "moves": " og flytter glas {glass} fra {frm} til {to}",
        "bottom": " med undersiden {value}",
        "six_rule": " som {six}",
        "six": "sekser",
        "one": "ener",
        "no_move": " men kan ikke flytte",
        "tries_left": " ({n} {tries} tilbage)",
        "try": "forsøg",
        "tries": "forsøg",
        "declares": ", kan ikke flytte og erklærer kastet for en {six}",
        "knocks": " og slår {whose} {glasses} hjem: {owner} bunder {count} inden {seconds} s",
        "glass": "glas",
        "glasses": "glas",
        "again": " og slår igen",
        "again_after": "; {who} slår igen",
    },
}


_NONE: Any = object()  # an event without the attribute asked for


@dataclass
class _Told:
    """A line being told: a throw's sentence grows as its events come."""

    seq: int
    kind: str
    text: str
    seat: int | None
    drinks: list[LineDrink] = field(default_factory=list)
    sentence: bool = False  # a throw's sentence, closed with a full stop

    def line(self) -> LogLine:
        text = self.text + "." if self.sentence else self.text
        return LogLine(self.seq, self.kind, text, self.seat, tuple(self.drinks))


@dataclass
class _Throw:
    """The open throw: its line, whose it is and how far it got."""

    told: _Told
    colour: str
    who: str
    resolved: int | None = None  # the record position of its move (or no move)
    moved: bool = False
    knocked: bool = False
    bonus: bool = False


class _Teller:
    """Tells events one by one, folding a throw's events into its sentence."""

    def __init__(self, lang: str, names: Sequence[str]):
        self.lang, self.names, self.w = lang, tuple(names), WORDS[lang]
        self.told: list[_Told] = []
        self.turn: tuple[str, int] | None = None  # the colour to play and its participant
        self.throw: _Throw | None = None
        self.drinks_to: _Told | None = None  # the line the next drink belongs to

    def tell(self, seq: int, event: Event) -> None:
        e: Any = event
        if isinstance(event, Drank):
            self._drink(seq, event)
            return
        self.drinks_to = None
        if event.kind == "turn_started":
            self.turn, self.throw = (e.colour, e.participant), None
        elif event.kind == "thrown":
            self._open(seq, e)
            return
        elif self.throw is not None and self._fold(self.throw, seq, e):
            return
        told = self._own(seq, event, [])
        if event.kind == "penalty_awarded":
            self.drinks_to = told

    def _own(self, seq: int, event: Event, drinks: list[LineDrink]) -> _Told:
        seat = getattr(event, "participant", _NONE)
        if seat is _NONE:  # asked only then: a missing attribute costs an exception
            seat = getattr(event, "player", None)
        told = _Told(seq, event.kind, _sentence(event, self.lang, self.names), seat, drinks)
        self.told.append(told)
        return told

    def _drink(self, seq: int, drank: Drank) -> None:
        if self.drinks_to is None:
            self._own(seq, drank, [LineDrink.of(drank)])
            return
        self.drinks_to.drinks.append(LineDrink.of(drank))
        self.drinks_to.seq = seq

    def _open(self, seq: int, e: Any) -> None:
        seat = self.turn[1] if self.turn is not None and self.turn[0] == e.colour else None
        who = e.colour if seat is None else _name(self.names, seat)
        text = self.w["throws"].format(who=who, top=e.top) + (self.w["forced"] if e.forced else "")
        told = _Told(seq, "move", text, seat, sentence=True)
        self.told.append(told)
        self.throw = _Throw(told, e.colour, who)

    def _fold(self, throw: _Throw, seq: int, e: Any) -> bool:
        """Adds ``e`` to the open throw's sentence; False for an event told on its own."""
        w, kind = self.w, e.kind
        if kind in ("moved", "no_move", "declared"):
            if throw.resolved is not None or e.colour != throw.colour:
                return False
            throw.resolved, throw.moved = seq, kind == "moved"
            clause = self._resolution(e)
        elif kind == "knocked_home" and throw.moved and throw.resolved == seq:
            clause = self._knock(e)
            throw.knocked = True
            self.drinks_to = throw.told
        elif kind == "bonus_throw" and throw.resolved == seq and not throw.bonus:
            throw.bonus = True
            clause = w["again_after"].format(who=throw.who) if throw.knocked else w["again"]
        else:
            return False
        throw.told.text += clause
        throw.told.seq = seq
        return True

    def _resolution(self, e: Any) -> str:
        w = self.w
        if e.kind == "declared":
            return w["declares"].format(six=w["six" if e.six else "one"])
        if e.kind == "no_move":
            tries = w["try" if e.tries_left == 1 else "tries"]
            left = w["tries_left"].format(n=e.tries_left, tries=tries) if e.tries_left else ""
            return w["no_move"] + left
        places = PLACES[self.lang]
        frm, to = place_name(e.frm, places), place_name(e.to, places)
        how = ""
        if e.face == "bottom":
            how = w["bottom"].format(value=e.value)
        elif e.face == "six_rule":
            how = w["six_rule"].format(six=w["six" if e.value == 6 else "one"])
        return w["moves"].format(glass=e.glass, frm=frm, to=to) + how

    def _knock(self, e: Any) -> str:
        w, owner = self.w, _name(self.names, e.participant)
        n = len(e.glasses)
        count = f"{n} {w['glass' if n == 1 else 'glasses']}"
        glasses = w["glass"] if n == 1 else count
        whose = _possessive(owner, self.lang)
        return w["knocks"].format(
            whose=whose, glasses=glasses, owner=owner, count=count, seconds=e.countdown
        )


def narrate(events: Sequence[tuple[int, Event]], lang: str, names: Sequence[str]) -> list[LogLine]:
    """Returns the log's lines for ``events`` (record position, event), oldest first."""
    teller = _Teller("da" if lang == "da" else "en", names)
    for seq, event in events:
        teller.tell(seq, event)
    return [told.line() for told in teller.told]


@functools.lru_cache(maxsize=1024)
def _sentence(event: Event, lang: str, names: tuple[str, ...]) -> str:
    """Returns ``describe(event, lang, names)``, once per event: a turn's log is told
    again after each of its actions, and its first line is always the turn's start."""
    return describe(event, lang, names)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat}"


def _possessive(name: str, lang: str) -> str:
    """Returns the name's possessive: "Bo's" in English; "Bos" in Danish ("Lars'" after
    an s, x or z)."""
    if lang == "da":
        return name + ("'" if name[-1:].lower() in ("s", "x", "z") else "s")
    return name + "'s"
