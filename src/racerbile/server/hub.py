"""The websocket hub: per game, every connection gets its own view after each change.

Pushes go into a bounded queue per connection, drained by that connection's writer,
so a slow client never holds up a room; one that falls too far behind is dropped
(it reconnects and fetches the current state). Connections that see the same get the
same push, turned into JSON text once for all of them.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .access import Caller
from .jsontext import json_text
from .patches import Envelope, envelope_patch
from .room import Room

QUEUE_SIZE = 256


@dataclass(eq=False)
class Push:
    """One message for the connections that see the same, and its JSON text."""

    message: dict[str, Any]
    known_text: str | None = None  # the text, when it was made already

    @cached_property
    def text(self) -> str:
        """The message as compact JSON text, made on first send."""
        return self.known_text if self.known_text is not None else json_text(self.message)


@dataclass(eq=False)
class Subscriber:
    """One websocket connection: who it is, its language, whether it takes patches
    (:mod:`.patches`), the state it was sent last, and its outgoing queue."""

    caller: Caller
    lang: str
    patches: bool = False
    sent: Envelope | None = None
    queue: asyncio.Queue[Push | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_SIZE))

    def push(self, message: Push) -> bool:
        """Queues a message; returns False (and queues the end) when the client lags."""
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)
            return False
        return True


class Hub:
    """Fans each room's changes out to its connections."""

    def __init__(self) -> None:
        self._subscribers: dict[str, set[Subscriber]] = defaultdict(set)

    def join(self, room: Room, subscriber: Subscriber) -> None:
        """Adds a connection and queues the current state for it."""
        self._subscribers[room.id].add(subscriber)
        subscriber.push(state_message(room, subscriber))
        subscriber.sent = room.public(subscriber.caller, subscriber.lang)

    def leave(self, room_id: str, subscriber: Subscriber) -> None:
        """Removes a connection."""
        subscribers = self._subscribers.get(room_id)
        if subscribers is not None:
            subscribers.discard(subscriber)
            if not subscribers:
                del self._subscribers[room_id]

    def publish(self, room: Room) -> None:
        """Queues the new state for every connection to ``room`` (one view per caller),
        or for one that takes patches, what changed since its last push."""
        made: dict[tuple[Caller, str, int], tuple[Envelope | None, Push]] = {}
        for subscriber in list(self._subscribers.get(room.id, ())):
            caller, lang = subscriber.caller, subscriber.lang
            after = room.public(caller, lang)  # made once per change and caller
            before = subscriber.sent if subscriber.patches else None
            # The same push for every connection that saw the same (kept in ``made``
            # with the state it was made from, so no other takes that state's id).
            key = (caller, lang, id(before))
            if key not in made:
                if before is None:
                    push = state_message(room, subscriber)
                else:
                    push = Push(envelope_patch(before, after))
                made[key] = (before, push)
            subscriber.sent = after
            if not subscriber.push(made[key][1]):
                self.leave(room.id, subscriber)

    def count(self, room_id: str) -> int:
        """Returns how many connections watch a room."""
        return len(self._subscribers.get(room_id, ()))


def state_message(room: Room, subscriber: Subscriber) -> Push:
    """Returns the ``{"type": "state", ...}`` push for one connection; its text is the
    envelope's, made once per change for HTTP answers and pushes alike."""
    caller, lang = subscriber.caller, subscriber.lang
    envelope = room.views.text(caller, lang)  # a JSON object: "{" and its members
    return Push({"type": "state", **room.public(caller, lang)}, '{"type":"state",' + envelope[1:])
