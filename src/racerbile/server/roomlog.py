"""A room's recent events: at least the last ``size``, from the start of a line.

A game that narrates tells runs of events as one line each, every run starting at one
of its ``narration_breaks`` (see :mod:`.loglines`). A log cut at a fixed number of
events would mostly start inside such a run: its first line would tell only the run's
last events (half a move), and it would change at every action as the cut moved on, so
the server would tell it again each time. This log drops whole runs instead: it keeps
the last ``size`` events and the rest of the run the first of them is in. A run longer
than :data:`LONGEST_RUNS` times ``size`` is cut, so the log stays bounded whatever a
game declares. For a game that tells its events one by one it is the last ``size``.

What it holds depends only on the events, not on how they came in batches: the start
is always the last run start with at least ``size`` events from it to the end (it only
moves on as events are added), so a room rebuilt from its record or a snapshot holds
the same log as the room that played the game.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable, Iterator

from ..engine import Event, Game

Entry = tuple[int, Event]  # the record position of an event, and the event
LONGEST_RUNS = 4
"""The log holds at most this many times ``size`` events (a longer run is cut)."""


class RoomLog:
    """The recent events of a room, oldest first, in runs (one line each). ``breaks``
    are the event kinds that start a run of several events, or None when every event
    is a run of its own."""

    def __init__(self, size: int, breaks: frozenset[str] | None):
        self.size = size
        self.breaks = breaks
        # A run handed out is never changed: a run that grows is a new list.
        self._runs: deque[list[Entry]] = deque()
        self._count = 0

    def __iter__(self) -> Iterator[Entry]:
        return itertools.chain.from_iterable(self._runs)

    def __len__(self) -> int:
        return self._count

    def runs(self) -> list[list[Entry]]:
        """Returns the runs, oldest first (shared lists: callers must not change them)."""
        return list(self._runs)

    def extend(self, entries: Iterable[Entry]) -> None:
        """Adds ``entries`` at the end, dropping the oldest runs the log no longer needs."""
        runs, breaks = self._runs, self.breaks
        growing: list[Entry] | None = None  # the last run, as a new list: not handed out
        for entry in entries:
            if breaks is None or not runs or entry[1].kind in breaks:
                growing = [entry]
                runs.append(growing)
            else:
                if growing is None:
                    growing = runs[-1] = list(runs[-1])
                growing.append(entry)
            self._count += 1
        self._trim()

    def clear(self) -> None:
        self._runs.clear()
        self._count = 0

    def _trim(self) -> None:
        runs = self._runs
        while runs and self._count - len(runs[0]) >= self.size:
            self._count -= len(runs.popleft())
        # Left over, the first run holds more than count - size events: the cut is in it.
        cut = self._count - self.size * LONGEST_RUNS
        if cut > 0:
            runs[0] = runs[0][cut:]
            self._count -= cut


def log_breaks(game: Game) -> frozenset[str] | None:
    """Returns the event kinds that start a line of ``game``'s log, or None when it
    tells every event on its own line."""
    return game.narration_breaks if game.narrate([], "en", []) is not None else None
