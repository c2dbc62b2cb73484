"""A room's log in one language, told incrementally.

The log is split into parts that a game tells independently: one event each for a
game that describes events one by one, and for a game that narrates, the runs of
events that start at one of its ``narration_breaks`` (the whole log when it declares
none). A change tells only the parts it made or changed (the new events and the move
still open; a room's log drops whole parts, see :mod:`.roomlog`, so the oldest one
changes only when a run too long for the bound is cut); the lines of the others are
kept. For a game whose narration resumes after any line
(``narration_resumes``), a part that only grew keeps its lines but the last, and the
events after the line before it (a line's ``seq`` is its last event's) are told
again. The lines are those of telling the whole log at once.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from ..engine import Event, Game
from ..engine.capabilities import LineDrink, LogLine
from ..engine.contract import plain_json
from ..engine.ledger import Drank
from .roomlog import Entry, log_breaks

Line = dict[str, Any]
# A part's first and last entries, by identity. They name all its entries: a room's
# log loses events only at its start (its bound) or its end (an action taken back) and
# gains new entries only at its end, or is replaced whole, so the run between the two
# is the same run; the parts kept hold their entries alive, so no identity is taken by
# another entry meanwhile.
PartKey = tuple[int, int]


class LogLines:
    """One language's lines of a room's log, kept from one change to the next."""

    def __init__(self, game: Game, lang: str):
        self.game = game
        self.lang = lang
        self._names: list[str] | None = None
        # The kinds that start a line of several events, as the room's log splits it
        # (None: every event is a line of its own).
        self._breaks = log_breaks(game)
        # The parts told last time, oldest first, and each one's lines.
        self._parts_told: list[list[Entry]] = []
        self._lines_told: list[list[Line]] = []

    def told(self, log: Sequence[Entry], names: Sequence[str]) -> list[Line]:
        """Returns the lines of ``log`` (each entry the room's own tuple, kept as long as
        the event is in the log), telling only the parts not told before. Any log: a
        room's is already split, and goes to :meth:`told_runs`."""
        self._name(names)
        return self._lines(self._parts(log), names)

    def told_runs(self, runs: Sequence[list[Entry]], names: Sequence[str]) -> list[Line]:
        """Returns :meth:`told` of a log given as its parts, as a room's log keeps them
        (:meth:`.roomlog.RoomLog.runs`), without splitting it again."""
        self._name(names)
        return self._lines(list(runs), names)

    def _name(self, names: Sequence[str]) -> None:
        if self._names != list(names):  # every sentence names the seats: tell anew
            self._names = list(names)
            self._parts_told, self._lines_told = [], []

    def _lines(self, parts: list[list[Entry]], names: Sequence[str]) -> list[Line]:
        same, at = self._unchanged(parts)
        told = self._lines_told[at : at + same]
        known: dict[PartKey, list[Line]] = {
            (id(part[0]), id(part[-1])): lines
            for part, lines in zip(
                self._parts_told[at + same :], self._lines_told[at + same :], strict=True
            )
        }
        for part in parts[same:]:
            kept = known.get((id(part[0]), id(part[-1])))
            told.append(kept if kept is not None else self._grown(part, names))
        self._parts_told, self._lines_told = parts, told
        return list(itertools.chain.from_iterable(told))

    def _unchanged(self, parts: list[list[Entry]]) -> tuple[int, int]:
        """Returns how many parts the log starts with that were told last time, in a row
        from which of those (none if any differs). The newest part told is left out: it
        is the one that grows. (The lists compare item by item, each at once when it is
        the same object: a room's log hands out the same run until it changes.)"""
        before = self._parts_told
        if not parts:
            return 0, 0
        for at, part in enumerate(before):
            if part is parts[0]:
                same = min(len(before) - at - 1, len(parts))
                if same > 0 and parts[:same] == before[at : at + same]:
                    return same, at
                break
        return 0, 0

    def _grown(self, part: list[Entry], names: Sequence[str]) -> list[Line]:
        """Tells a part not told before; a part the newest one grew into keeps the
        lines but its last, and tells only the events after the line before that. (The
        newest part told is the last one. A part that starts with the same entry and
        holds the other's last one where it ended grew from it: see :data:`PartKey`.)"""
        if not (self._breaks is not None and self.game.narration_resumes and self._parts_told):
            return self._tell(part, names)
        before, lines = self._parts_told[-1], self._lines_told[-1]
        if (
            len(lines) < 2
            or len(before) >= len(part)
            or part[0] is not before[0]
            or part[len(before) - 1] is not before[-1]
        ):
            return self._tell(part, names)
        if any(a["seq"] >= b["seq"] for a, b in itertools.pairwise(lines)):
            return self._tell(part, names)  # no line boundary to start from
        start = lines[-2]["seq"]
        return [*lines[:-1], *self._tell([e for e in part if e[0] > start], names)]

    def _parts(self, log: Sequence[Entry]) -> list[list[Entry]]:
        entries, breaks = list(log), self._breaks
        if breaks is None:
            return [[entry] for entry in entries]
        starts = [n for n, (_, event) in enumerate(entries) if n and event.kind in breaks]
        return [entries[a:b] for a, b in itertools.pairwise([0, *starts, len(entries)]) if b > a]

    def _tell(self, part: list[Entry], names: Sequence[str]) -> list[Line]:
        lines = self.game.narrate(part, self.lang, names) if self._breaks is not None else None
        if lines is not None:
            return [_line_json(line) for line in lines]
        return [
            {
                "seq": seq,
                "kind": e.kind,
                "text": self.game.describe(e, self.lang, names),
                "seat": _seat_of(e),
                "drinks": [plain_json(LineDrink.of(e))] if isinstance(e, Drank) else [],
            }
            for seq, e in part
        ]


def _line_json(line: LogLine) -> Line:
    """Returns a narrated line as JSON (``plain_json`` of it, without its generic walk)."""
    drinks = [plain_json(drink) for drink in line.drinks]
    return {
        "seq": line.seq,
        "kind": line.kind,
        "text": line.text,
        "seat": line.seat,
        "drinks": drinks,
    }


def _seat_of(event: Event) -> int | None:
    """Returns the seat an event concerns: its ``player`` or ``seat`` field, if a number."""
    for name in ("player", "seat"):
        value = getattr(event, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None
