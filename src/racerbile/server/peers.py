"""Several server processes on one PostgreSQL: each tells the others of its changes.

Every transaction of a process's store that changes a game (actions, an undo, a seat
claimed) sends ``NOTIFY`` on one channel, signed with the process's id, naming the games
(:meth:`racerbile.store.Store.announce`, set up by :meth:`Peers.start_announcing`).
Every other process ``LISTEN``s on a connection of its own and, for a game it holds in
memory, brings its copy up to the store and pushes the new state to its websockets
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

from sqlalchemy import Engine

from ..store import Store
from ..store.notices import read_payload

log = logging.getLogger(__name__)

CHANNEL = "racerbile_changes"
RETRY_FIRST_S = 1.0
RETRY_LONGEST_S = 30.0

Heard = Callable[[str | None], Coroutine[Any, Any, None]]
"""What a process does on hearing of a game changed elsewhere (None: any game may have)."""


class Peers:
    """This process's side of the channel: hears the others' changes."""

    def __init__(self, engine: Engine, heard: Heard):
        self.engine = engine
        self.heard = heard
        self.instance = secrets.token_hex(8)  # to pass over its own notifications
        self.listening = asyncio.Event()
        self._tasks: set[asyncio.Task[Any]] = set()

    def start_announcing(self, store: Store) -> None:
        """Has ``store`` announce every change it commits, signed as this process."""
        store.announce(CHANNEL, self.instance)

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
                        sender, game_ids = read_payload(note.payload)
                        if sender != self.instance:
                            for game_id in game_ids:
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
