"""The log as a table reads it: one sentence per move, in Danish or English.

A move's events (the segment, the checkpoints and laps it passes, a skid, the barrier,
a crash and its set-back, the finish) become one line: "Anna accelerates to speed
+3,-2 and passes checkpoint 1 (at 12,7)." The speed is the move's vector, compared
with the one before it; the point where the car stands afterwards closes the sentence,
in the game's notation, for a judge to check against the paper. Every other event (the
turn order, a start point, a car crashed into by another, the end of the race) keeps
its own sentence from :mod:`.describe`, which still tells every event with its
coordinates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine.capabilities import LogLine
from ...engine.contract import Event
from .describe import Point, describe, fmt_point, fmt_time, fmt_vector, reason_text

WORDS = {
    "en": {
        "sets_off": "sets off at speed {v}",
        "accelerates": "accelerates to speed {v}",
        "brakes": "brakes to speed {v}",
        "holds": "holds speed {v}",
        "turns": "turns at speed {v}",
        "stops": "stands still",
        "checkpoint": "passes checkpoint {n}",
        "lap": "completes lap {n}",
        "skidded": "skids and spins (VT-OPT-2)",
        "hit_barrier": "hits the barrier (VT-OPT-3)",
        "crashed": "crashes: {reason} ({rule_id})",
        "set_back": "is set back {n} moves (VT-OPT-4)",
        "finished": "finishes after {n} moves, time {time}",
        "and": "and",
        "at": "at {at}",
    },
    "da": {
        "sets_off": "kører af sted med fart {v}",
        "accelerates": "accelererer til fart {v}",
        "brakes": "bremser ned til fart {v}",
        "holds": "holder farten {v}",
        "turns": "drejer med fart {v}",
        "stops": "holder stille",
        "checkpoint": "passerer kontrolpunkt {n}",
        "lap": "fuldfører omgang {n}",
        "skidded": "skrider ud og snurrer rundt (VT-OPT-2)",
        "hit_barrier": "rammer autoværnet (VT-OPT-3)",
        "crashed": "forulykker: {reason} ({rule_id})",
        "set_back": "sættes {n} træk tilbage (VT-OPT-4)",
        "finished": "kommer i mål efter {n} træk, tid {time}",
        "and": "og",
        "at": "på {at}",
    },
}


@dataclass
class _Move:
    """What one move did: whose, its record position, its clauses, where it ended."""

    seat: int
    name: str
    seq: int
    at: Point
    clauses: list[str] = field(default_factory=list)


def narrate(events: Sequence[tuple[int, Event]], lang: str, names: Sequence[str]) -> list[LogLine]:
    """Returns the log's lines for ``events`` (record position, event), oldest first."""
    lang = "da" if lang == "da" else "en"
    lines: list[LogLine] = []
    move: _Move | None = None
    for seq, event in events:
        e: Any = event
        if event.kind == "moved":
            _close(lines, move, lang)
            move = _Move(e.seat, e.name, seq, e.to, [speed_clause(e.before, e.to, e.frm, lang)])
            continue
        if move is not None and _is_own(move, seq, e) and _fold(move, e, lang):
            continue
        _close(lines, move, lang)  # the mover's events come first, then the others'
        move = None
        lines.append(LogLine(seq, event.kind, describe(event, lang), getattr(e, "seat", None)))
    _close(lines, move, lang)
    return lines


def speed_clause(before: Point, to: Point, frm: Point, lang: str) -> str:
    """Tells the move's new speed against the one before: sets off, accelerates,
    brakes, holds it, turns at it, or stands still."""
    after = (to[0] - frm[0], to[1] - frm[1])
    size = (after[0] ** 2 + after[1] ** 2) - (before[0] ** 2 + before[1] ** 2)
    if after == (0, 0):
        key = "stops"
    elif before == (0, 0):
        key = "sets_off"
    elif after == before:
        key = "holds"
    else:
        key = "accelerates" if size > 0 else "brakes" if size < 0 else "turns"
    return WORDS[lang][key].format(v=fmt_vector(after))


def _is_own(move: _Move, seq: int, e: Any) -> bool:
    """Tells whether ``e`` is the mover's own, from the same action as the move."""
    return seq == move.seq and getattr(e, "seat", None) == move.seat


def _fold(move: _Move, e: Any, lang: str) -> bool:
    """Adds the move's own event ``e`` to its sentence; False for one told on its own."""
    w = WORDS[lang]
    if e.kind == "checkpoint":
        move.clauses.append(w["checkpoint"].format(n=e.number))
    elif e.kind == "lap":
        move.clauses.append(w["lap"].format(n=e.lap))
    elif e.kind in ("skidded", "hit_barrier"):
        move.clauses.append(w[e.kind])
        move.at = e.at
    elif e.kind == "crashed":
        reason = reason_text(e.reason, lang)
        move.clauses.append(w["crashed"].format(reason=reason, rule_id=e.rule_id))
    elif e.kind == "set_back":
        move.clauses.append(w["set_back"].format(n=e.moves))
        move.at = e.at
    elif e.kind == "finished":
        move.clauses.append(w["finished"].format(n=e.moves, time=fmt_time(e.time)))
    else:
        return False
    return True


def _close(lines: list[LogLine], move: _Move | None, lang: str) -> None:
    if move is None:
        return
    w = WORDS[lang]
    *first, last = move.clauses
    told = f"{', '.join(first)} {w['and']} {last}" if first else last
    at = w["at"].format(at=fmt_point(move.at))
    lines.append(LogLine(move.seq, "move", f"{move.name} {told} ({at}).", move.seat))
