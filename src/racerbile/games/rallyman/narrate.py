"""The log as a table reads it: one sentence per driver's turn, in Danish or English.

A turn's events (the spare wheel, the dice in order with their gears and hazards, the
spaces driven, a loss of control and SISU, a shortcut card, the gear card that ends it
and what follows from it: off the road, retired, across the line) become one line:
"Anna rolls gears 3, 4 (hazard) and 5, drives 3 spaces and stops: 10 s." Rallyman has
no event for the start of a turn: a turn ends with its gear card and the card's own
consequences, and the next driver's event starts the next sentence. Every other event
(tyres, the stage's start and end, the mechanics, the end of the rally) keeps its own
sentence from :mod:`.describe`, which still tells every event.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from ...engine.capabilities import LogLine
from ...engine.contract import Event
from .describe import DA_WORDS, REASONS, describe

TURN_KINDS = frozenset(
    {
        "spare_fitted",
        "waited",
        "die_rolled",
        "pool_rolled",
        "moved",
        "lost_control",
        "sisu_played",
        "shortcut_drawn",
        "card_taken",
        "went_off",
        "retired",
        "finished",
    }
)
"""The events of a driver's turn: they make its sentence."""
AFTER_CARD = frozenset({"went_off", "retired", "finished", "shortcut_drawn"})
"""What the gear card that ends a turn may still bring about in the same turn."""
BREAKS = frozenset(
    {
        "tyres_fitted",
        "stage_started",
        "stage_over",
        "repaired",
        "rally_over",
        "spare_fitted",  # fitted only before the turn's first die: it starts a turn
    }
)
"""The kinds no turn spans: the narration starts afresh before each (``narration_breaks``)."""
STEPS = TURN_KINDS - {"spare_fitted"}
"""What may follow in a turn before its gear card."""

WORDS = {
    "en": {
        "spare": "fits the spare wheel (+{penalty} s)",
        "cannot": "cannot move",
        "rolls": "rolls {dice}",
        "attacks": "attacks with {dice}",
        "tokens": "takes {n} s in tokens",
        "gear": "gear ",
        "gears": "gears ",
        "gas": "gas",
        "hazard": "hazard",
        "secured": "secured for {cost} s",
        "drives": "drives {n} {spaces}",
        "space": "space",
        "spaces": "spaces",
        "loses": "loses control ({reason}, {rule_id})",
        "sisu": "plays the SISU card",
        "shortcut": "draws a {card} shortcut card",
        "stops": "stops: {s} s",
        "waits": "waits: {s} s",
        "spins": "spins: {s} s",
        "off": "goes off to the {side}",
        "into": " into {terrain}",
        "onto_shortcut": " onto the shortcut",
        "damage": " (damage {n})",
        "costs": ": {s} s",
        "retires": "retires with damage {n}",
        "finish": "crosses the finish line",
        "stage_time": " (stage time {t})",
        "and": "and",
    },
    "da": {
        "spare": "monterer reservehjulet (+{penalty} s)",
        "cannot": "kan ikke køre",
        "rolls": "slår {dice}",
        "attacks": "angriber med {dice}",
        "tokens": "tager {n} s i sekunder",
        "gear": "gear ",
        "gears": "gear ",
        "gas": "gas",
        "hazard": "faresymbol",
        "secured": "sikret for {cost} s",
        "drives": "kører {n} {spaces}",
        "space": "felt",
        "spaces": "felter",
        "loses": "mister herredømmet ({reason}, {rule_id})",
        "sisu": "spiller SISU-kortet",
        "shortcut": "trækker et genvejskort ({card})",
        "stops": "stopper: {s} s",
        "waits": "venter: {s} s",
        "spins": "snurrer rundt: {s} s",
        "off": "kører af til {side}",
        "into": " i {terrain}",
        "onto_shortcut": " ind på genvejen",
        "damage": " (skade {n})",
        "costs": ": {s} s",
        "retires": "udgår med skade {n}",
        "finish": "krydser målstregen",
        "stage_time": " (prøvetid {t})",
        "and": "og",
    },
}


class _Turn:
    """One driver's turn so far: whose, the record position of its last event, its events."""

    __slots__ = ("carded", "events", "seat", "seq")

    def __init__(self, seat: int, seq: int, first: Any):
        self.seat, self.seq, self.events = seat, seq, [first]
        self.carded = first.kind == "card_taken"  # only the card's consequences may follow


class _Run:
    """A turn's events by identity, with what else its line depends on: the key of a
    told sentence. The cache holds the events of its keys alive, so an equal key names
    the very same events (and events are immutable)."""

    __slots__ = ("_hash", "events", "key", "lang", "name", "seq")

    def __init__(self, events: list[Any], lang: str, name: str, seq: int):
        self.events, self.lang, self.name, self.seq = events, lang, name, seq
        self.key = (lang, name, seq, *map(id, events))
        self._hash = hash(self.key)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Run) and self.key == other.key


def narrate(events: Sequence[tuple[int, Event]], lang: str, names: Sequence[str]) -> list[LogLine]:
    """Returns the log's lines for ``events`` (record position, event), oldest first."""
    lang = "da" if lang == "da" else "en"
    lines: list[LogLine] = []
    turn: _Turn | None = None
    for seq, event in events:
        e: Any = event
        kind = e.kind
        if (
            turn is not None
            and getattr(e, "seat", None) == turn.seat
            and (kind in AFTER_CARD if turn.carded else kind in STEPS)
        ):  # the same driver's turn: before its card, or what the card brings about
            turn.events.append(e)
            turn.seq = seq
            turn.carded |= kind == "card_taken"
            continue
        if turn is not None:
            lines.append(_close(turn, lang, names))
            turn = None
        if kind in TURN_KINDS:  # a turn's first event (or the first one still logged)
            turn = _Turn(e.seat, seq, e)
        else:
            lines.append(LogLine(seq, kind, describe(event, lang, names), _seat(e)))
    if turn is not None:
        lines.append(_close(turn, lang, names))
    return lines


def _close(turn: _Turn, lang: str, names: Sequence[str]) -> LogLine:
    """Returns the turn's line; the server tells a turn again at every change while it
    is in the log's oldest part or still open, so the lines are kept (see :class:`_Run`)."""
    return _told(_Run(turn.events, lang, _name(names, turn.seat), turn.seq))


@functools.lru_cache(maxsize=4096)  # a few turns for each room and language in play
def _told(run: _Run) -> LogLine:
    *first, last = _Clauses(run.lang).told(run.events)
    told = f"{', '.join(first)} {WORDS[run.lang]['and']} {last}" if first else last
    return LogLine(run.seq, "move", f"{run.name} {told}.", run.events[0].seat)


class _Clauses:
    """The clauses of one turn's sentence, the dice and spaces of a run gathered."""

    __slots__ = ("clauses", "dice", "lang", "spaces", "w")

    def __init__(self, lang: str):
        self.lang, self.w = lang, WORDS[lang]
        self.clauses: list[str] = []
        self.dice: list[tuple[str, bool]] = []  # the run's, and if geared
        self.spaces = 0  # the run's spaces driven

    def told(self, events: list[Any]) -> list[str]:
        """Returns the clauses of ``events``, one turn's, in order."""
        i = 0
        while i < len(events):
            i += self._event(events[i], events[i + 1] if i + 1 < len(events) else None)
        self._flush()
        return self.clauses

    def _event(self, e: Any, after: Any) -> int:
        """Tells ``e`` (``after``: the next event); returns how many events it took."""
        w = self.w
        if e.kind == "die_rolled":  # its gear is the move's: a gas die keeps the gear
            gear = after.gear if after is not None and after.kind == "moved" else None
            told = self._die(e.die, e.hazard, e.secured_cost, gear)
            self.dice.append((told, e.die != "G" or gear is not None))
        elif e.kind == "moved":
            self.spaces += 1
        elif e.kind == "pool_rolled":
            faces = zip(e.dice, e.faces, strict=True)
            pool = [(self._die(d, f == "H"), d != "G") for d, f in faces]
            self._add(w["attacks"].format(dice=self._listed(pool)))
            if e.tokens:
                self.clauses.append(w["tokens"].format(n=e.tokens))
        elif e.kind == "card_taken":
            return self._card(e, after)
        else:
            self._add(self._simple(e))
        return 1

    def _simple(self, e: Any) -> str:
        w = self.w
        if e.kind == "spare_fitted":
            return w["spare"].format(penalty=e.penalty)
        if e.kind == "waited":
            return w["cannot"]
        if e.kind == "lost_control":
            reason = REASONS.get(e.reason, (e.reason, e.reason))[self.lang == "da"]
            return w["loses"].format(reason=reason, rule_id=e.rule_id)
        if e.kind == "sisu_played":
            return w["sisu"]
        if e.kind == "shortcut_drawn":
            return w["shortcut"].format(card=self._word(e.card))
        if e.kind == "went_off":
            return self._off(e.side, e.terrain, e.damage)
        if e.kind == "retired":
            return w["retires"].format(n=e.damage)
        assert e.kind == "finished", e.kind
        return w["finish"] + w["stage_time"].format(t=_clock(e.time))

    def _card(self, e: Any, after: Any) -> int:
        """Tells the gear card ending the turn, with the event it brings about at once
        (the verge it lands on, or the finish line it crossed); returns the events taken."""
        w, costs = self.w, self.w["costs"].format(s=e.seconds)
        kind = after.kind if after is not None else None
        if e.back is None and kind == "finished":
            self._add(w["finish"] + costs + w["stage_time"].format(t=_clock(after.time)))
            return 2
        if e.back in ("left", "right") and kind == "went_off":
            self._add(self._off(after.side, after.terrain, after.damage) + costs)
            return 2
        if e.back is None:
            waited = not self.dice and self.clauses[-1:] == [w["cannot"]]
            self._add(w["waits" if waited else "stops"].format(s=e.seconds))
        elif e.back == "spin":
            self._add(w["spins"].format(s=e.seconds))
        else:
            self._add(self._off(e.back, None, 0) + costs)
        return 1

    def _off(self, side: str, terrain: str | None, damage: int) -> str:
        w = self.w
        text = w["off"].format(side=self._word(side))
        if terrain == "shortcut":
            text += w["onto_shortcut"]
        elif terrain is not None:
            text += w["into"].format(terrain=self._word(terrain))
        return text + (w["damage"].format(n=damage) if damage else "")

    def _die(self, die: str, hazard: bool, secured_cost: int = 0, gear: int | None = None) -> str:
        """Returns one die as told: its gear, "gas" (with the gear it kept, when known),
        its hazard or the seconds that secured it."""
        w = self.w
        marks = [w["gas"]] if die == "G" and gear is not None else []
        marks += [w["secured"].format(cost=secured_cost)] if secured_cost else []
        marks += [w["hazard"]] if hazard and not secured_cost else []
        told = str(gear) if die == "G" and gear is not None else w["gas"] if die == "G" else die
        return f"{told} ({', '.join(marks)})" if marks else told

    def _listed(self, dice: list[tuple[str, bool]]) -> str:
        """Returns dice (each told, and whether it tells a gear) as a list, e.g. "gears
        3, 4 and gas"; gas dice of unknown gear alone take no "gears"."""
        *first, last = [told for told, _ in dice]
        listed = f"{', '.join(first)} {self.w['and']} {last}" if first else last
        if not any(geared for _, geared in dice):
            return listed
        return self.w["gears" if first else "gear"] + listed

    def _add(self, clause: str) -> None:
        """Adds ``clause`` after the run of dice and spaces told so far."""
        self._flush()
        self.clauses.append(clause)

    def _flush(self) -> None:
        if self.dice:
            self.clauses.append(self.w["rolls"].format(dice=self._listed(self.dice)))
        if self.spaces:
            spaces = self.w["space" if self.spaces == 1 else "spaces"]
            self.clauses.append(self.w["drives"].format(n=self.spaces, spaces=spaces))
        self.dice, self.spaces = [], 0

    def _word(self, word: str) -> str:
        return DA_WORDS.get(word, word) if self.lang == "da" else word


def _clock(seconds: int) -> str:
    """Returns a stage time as minutes and seconds, e.g. ``3:34``."""
    minutes, rest = divmod(seconds, 60)
    return f"{minutes}:{rest:02d}"


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"driver {seat + 1}"


def _seat(e: Any) -> int | None:
    seat = getattr(e, "seat", None)
    return seat if isinstance(seat, int) else None
