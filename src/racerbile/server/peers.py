"""Several server processes on one PostgreSQL: each tells the others of its changes.

After every change it commits (an action, an undo, a seat claimed), a process sends
``NOTIFY`` on one channel with its own id and the game's; every other process
``LISTEN``s on a connection of its own and, for a game it holds in memory, brings its
copy up to the store and pushes the new state to its websockets
(:meth:`.rooms.Rooms.changed_elsewhere`). A notification only says "look again": the
store stays the one truth, so one that is lost (while the listening connection is down)
costs a late push, never a wrong state; after connecting again every watched room is
looked at.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Coroutine
from typing import Any

from sqlalchemy import Engine, text

from .room import Room

log = logging.getLogger(__name__)

CHANNEL = "racerbile_changes"
RETRY_FIRST_S = 1.0
RETRY_LONGEST_S = 30.0

Heard = Callable[[str | None], Coroutine[Any, Any, None]]
"""What a process does on hearing of a game changed elsewhere (None: any game may have)."""


class Peers:
    """This process's side of the channel: announces its changes, hears the others'."""

    def __init__(self, engine: Engine, heard: Heard):
        self.engine = engine
        self.heard = heard
        self.instance = secrets.token_hex(8)  # to pass over its own notifications
        self.listening = asyncio.Event()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._changed: set[str] = set()  # games to announce with the next sending
        self._sending: asyncio.Task[None] | None = None

    def announce(self, room: Room) -> None:
        """Tells the other processes that ``room`` changed (a room listener). The games
        that change while one sending is under way go together in the next: one
        transaction, not one per change, each sent after the change was committed."""
        self._changed.add(room.id)
        if self._sending is None or self._sending.done():
            self._sending = asyncio.create_task(self._send())
            self._tasks.add(self._sending)
            self._sending.add_done_callback(self._done)

    async def _send(self) -> None:
        while self._changed:
            games, self._changed = sorted(self._changed), set()
            await asyncio.to_thread(self._notify, games)

    def _notify(self, game_ids: list[str]) -> None:
        payloads = [f"{self.instance} {game_id}" for game_id in game_ids]
        with self.engine.begin() as conn:
            conn.execute(
                text("SELECT pg_notify(:channel, p) FROM unnest(CAST(:payloads AS text[])) AS p"),
                {"channel": CHANNEL, "payloads": payloads},
            )

    async def listen(self) -> None:
        """Hears the other processes' changes until cancelled; connects again after a
        failure, waiting longer each time (up to 30 s)."""
        import psycopg  # the PostgreSQL driver: only a server on PostgreSQL needs it

        conninfo = self.engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False
        )
        wait = RETRY_FIRST_S
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    conninfo, autocommit=True, connect_timeout=10
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    wait = RETRY_FIRST_S
                    self._spawn(self.heard(None))  # what changed while not listening
                    async for note in conn.notifies():
                        sender, _, game_id = note.payload.partition(" ")
                        if sender != self.instance:
                            self._spawn(self.heard(game_id))
            except psycopg.Error as exc:
                # The store logs an outage; a listener that stays down for long is news.
                level = logging.WARNING if wait >= RETRY_LONGEST_S else logging.INFO
                log.log(
                    level,
                    "not hearing the other servers' changes (%s); trying again in %g s",
                    type(exc).__name__,
                    wait,
                )
            self.listening.clear()
            await asyncio.sleep(wait)
            wait = min(wait * 2, RETRY_LONGEST_S)

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and (failure := task.exception()) is not None:
            # The store is the truth: a missed notification only delays a push.
            log.warning("a change was not passed between servers (%s)", type(failure).__name__)

    def close(self) -> None:
        """Cancels what is under way (when the server shuts down)."""
        for task in list(self._tasks):
            task.cancel()
