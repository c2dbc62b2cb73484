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
    """The recent events of a room, oldest first. ``breaks`` are the event kinds that
    start a line of several events, or None when every event is a line of its own."""

    def __init__(self, size: int, breaks: frozenset[str] | None):
        self.size = size
        self.breaks = breaks
        self._entries: deque[Entry] = deque()

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def extend(self, entries: Iterable[Entry]) -> None:
        """Adds ``entries`` at the end, dropping the oldest runs the log no longer needs."""
        self._entries.extend(entries)
        self._trim()

    def clear(self) -> None:
        self._entries.clear()

    def _trim(self) -> None:
        entries = self._entries
        if self.breaks is None:
            while len(entries) > self.size:
                entries.popleft()
            return
        while len(entries) > self.size:
            run = self._first_run()
            if len(entries) - run < self.size:
                break
            for _ in range(run):
                entries.popleft()
        while len(entries) > self.size * LONGEST_RUNS:
            entries.popleft()

    def _first_run(self) -> int:
        """Returns the number of entries before the second run starts (all if none does)."""
        breaks = self.breaks or frozenset()
        rest = itertools.islice(self._entries, 1, None)
        for n, (_, event) in enumerate(rest, start=1):
            if event.kind in breaks:
                return n
        return len(self._entries)


def log_breaks(game: Game) -> frozenset[str] | None:
    """Returns the event kinds that start a line of ``game``'s log, or None when it
    tells every event on its own line."""
    return game.narration_breaks if game.narrate([], "en", []) is not None else None
