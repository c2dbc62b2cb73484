"""The log as a table reads it: one sentence per move, in Danish or English.

A turn's events (from ``turn_started`` to ``turn_ended``) become one line: "Bo shifts up
to third gear, rolls 7, drives 7 cells, squeals twice, drinks 2; Anna drinks 1." The
per-cell steps, the dice one by one and the automatic announcements are folded into
it; a turn still in progress is told so far. Every other event (the start order, the
referee's and judges' calls, the end of the race) keeps its own sentence from
:mod:`.describe`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine.capabilities import LineDrink, LogLine
from ...engine.contract import Event
from ...engine.ledger import Drank
from .describe import ORDINAL, describe

WORDS = {
    "en": {
        "shift_up": "shifts up to {g} gear",
        "shift_down": "shifts down to {g} gear",
        "forced": "is forced down to {g} gear",
        "rolls": "rolls {n} in {g} gear",
        "rolls56": "rolls {n} in {g} gear after {k}× 5/6",
        "smashed": "smashes the gearbox",
        "drives": "drives {n} {cells}",
        "drives_of": "drives {n} of {total} cells",
        "cell": "cell",
        "cells": "cells",
        "squeals": "squeals {times}",
        "off": "leaves the track",
        "back": "comes back onto the track",
        "flipped": "flips over",
        "bonks": "bonks {who}",
        "midway": "passes midway (everyone toasts)",
        "lap": "completes lap {n}",
        "overtakes": "overtakes {who}",
        "drinks": "drinks {n}",
        "others": "{who} drinks {n}",
        "waits": "waits",
        "once": "once",
        "twice": "twice",
        "times": "{n} times",
    },
    "da": {
        "shift_up": "gearer op i {g} gear",
        "shift_down": "gearer ned i {g} gear",
        "forced": "tvinges ned i {g} gear",
        "rolls": "slår {n} i {g} gear",
        "rolls56": "slår {n} i {g} gear efter {k}× 5/6",
        "smashed": "smadrer gearkassen",
        "drives": "kører {n} {cells}",
        "drives_of": "kører {n} af {total} felter",
        "cell": "felt",
        "cells": "felter",
        "squeals": "hviner {times}",
        "off": "kører af banen",
        "back": "kommer tilbage på banen",
        "flipped": "vælter",
        "bonks": "bonker {who}",
        "midway": "passerer midtvejs (alle skåler)",
        "lap": "fuldfører omgang {n}",
        "overtakes": "overhaler {who}",
        "drinks": "drikker {n}",
        "others": "{who} drikker {n}",
        "waits": "venter",
        "once": "én gang",
        "twice": "to gange",
        "times": "{n} gange",
    },
}


@dataclass
class _Move:
    """What one turn did so far."""

    seat: int
    gear: int
    seq: int
    clauses: list[str] = field(default_factory=list)
    squeals: int = 0
    steps: int = 0
    stopped: bool = False
    drive_at: int | None = None  # where the clause of the drive goes (after the roll)
    sips: dict[int, int] = field(default_factory=dict)
    drinks: list[LineDrink] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)


def narrate(events: Sequence[tuple[int, Event]], lang: str, names: Sequence[str]) -> list[LogLine]:
    """Returns the log's lines for ``events`` (record position, event), oldest first."""
    lang = "da" if lang == "da" else "en"
    lines: list[LogLine] = []
    move: _Move | None = None
    for seq, event in events:
        kind = event.kind
        if kind == "turn_started":
            _close(lines, move, lang, names)
            gear = getattr(event, "gear", 1)
            move = _Move(getattr(event, "seat", 0), gear, seq)
            continue
        if move is None or not _fold(move, event, lang, names):
            drinks = (LineDrink.of(event),) if isinstance(event, Drank) else ()
            lines.append(LogLine(seq, kind, describe(event, lang, names), _seat(event), drinks))
            continue
        move.seq = seq
        if kind == "turn_ended":
            _close(lines, move, lang, names)
            move = None
    _close(lines, move, lang, names)
    return lines


def _close(lines: list[LogLine], move: _Move | None, lang: str, names: Sequence[str]) -> None:
    """Adds the move's line, unless the turn did nothing yet (or was lost at its start)."""
    if move is not None and (move.clauses or move.steps or any(move.sips.values())):
        lines.append(_line(move, lang, names))


def _fold(move: _Move, event: Event, lang: str, names: Sequence[str]) -> bool:
    """Adds ``event`` to the move's sentence; returns False for one told on its own."""
    w = WORDS[lang]
    e: Any = event
    kind = event.kind
    if isinstance(event, Drank):
        move.sips[e.player] = move.sips.get(e.player, 0) + e.sips
        move.drinks.append(LineDrink.of(event))
        return True
    if kind in ("turn_ended", "die_shown", "announced", "forgot"):
        return True
    if getattr(e, "seat", move.seat) != move.seat:
        return False
    if kind == "shifted":
        key = "forced" if e.forced else "shift_up" if e.after > e.before else "shift_down"
        move.gear = e.after
        move.clauses.append(w[key].format(g=_ordinal(lang, e.after)))
    elif kind == "rolled":
        key = "rolls56" if e.shown56 else "rolls"
        move.clauses.append(w[key].format(n=e.total, g=_ordinal(lang, move.gear), k=e.shown56))
        move.drive_at = len(move.clauses)
    elif kind == "moved":
        move.steps += 1
        move.squeals += bool(e.squeal)
    elif kind == "stopped":
        move.stopped = True
        at = len(move.clauses) if move.drive_at is None else move.drive_at
        move.clauses.insert(at, w["drives_of"].format(n=e.moved, total=e.total))
    else:
        return _fold_other(move, e, w, names)
    return True


def _fold_other(move: _Move, e: Any, w: dict[str, str], names: Sequence[str]) -> bool:
    simple = {
        "gearbox_smashed": "smashed",
        "went_off_track": "off",
        "flipped": "flipped",
        "midway_toast": "midway",
    }
    if e.kind in simple:
        move.clauses.append(w[simple[e.kind]])
    elif e.kind == "back_on_track":
        move.clauses.append(w["waits" if e.waiting else "back"])
    elif e.kind == "lap_counted":
        if e.delta > 0 and e.laps > 0:
            move.clauses.append(w["lap"].format(n=e.laps))
    elif e.kind == "overtook":
        move.clauses.append(w["overtakes"].format(who=_name(names, e.overtaken)))
    elif e.kind == "bonked":
        move.clauses.append(w["bonks"].format(who=_name(names, e.blocker)))
    else:
        return False
    return True


def _line(move: _Move, lang: str, names: Sequence[str]) -> LogLine:
    w = WORDS[lang]
    clauses = list(move.clauses)
    if move.steps and not move.stopped:
        cells = w["cell" if move.steps == 1 else "cells"]
        at = len(clauses) if move.drive_at is None else move.drive_at
        clauses.insert(at, w["drives"].format(n=move.steps, cells=cells))
    if move.squeals:
        times = w["once"] if move.squeals == 1 else w["twice"] if move.squeals == 2 else None
        clauses.append(w["squeals"].format(times=times or w["times"].format(n=move.squeals)))
    own = move.sips.get(move.seat, 0)
    if own:
        clauses.append(w["drinks"].format(n=own))
    text = f"{_name(names, move.seat)} {', '.join(clauses)}" if clauses else _name(names, move.seat)
    others = [
        w["others"].format(who=_name(names, seat), n=sips)
        for seat, sips in sorted(move.sips.items())
        if seat != move.seat and sips
    ]
    if others:
        text += "; " + ", ".join(others)
    return LogLine(move.seq, "move", text + ".", move.seat, tuple(move.drinks))


def _ordinal(lang: str, gear: int) -> str:
    return ORDINAL[lang][gear] if 0 <= gear <= 3 else str(gear)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


def _seat(event: Event) -> int | None:
    for name in ("seat", "player"):
        value = getattr(event, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None
