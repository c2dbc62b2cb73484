"""SQLite's WAL checkpoints, run by a thread of their own instead of inside a commit.

In WAL mode a commit appends to the ``-wal`` file; a checkpoint copies those pages
back into the database file and syncs it. By default SQLite checkpoints inside the
commit that takes the WAL past 1,000 pages, and that commit (a hundred milliseconds
or more on a slow disk) holds up every write queued behind it: under load, every room
waited for it at once, a few times a minute. So a daemon thread copies the WAL back
after commits, at most every :data:`INTERVAL_S`, with a passive checkpoint, which
never blocks a writer or a reader. While writes go on it seldom finds the WAL copied
whole at a moment when no write is under way, and only then does the next write start
the WAL again from its beginning; so a commit still checkpoints by itself once the WAL
passes :data:`BACKSTOP_PAGES`, and then has only the pages written since the thread's
last round to copy. A commit is as durable as before: the WAL is synced at each.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from sqlalchemy import Engine

log = logging.getLogger(__name__)

BACKSTOP_PAGES = 4_000
"""Pages (4 KiB each) past which a commit checkpoints by itself (the default is 1,000)."""

INTERVAL_S = 0.2
"""The shortest time between two background checkpoints."""

STOP_WAIT_S = 10.0
"""How long closing the store waits for a checkpoint under way."""


class Checkpointer:
    """Runs ``checkpoint`` in a daemon thread after commits, at most every INTERVAL_S.

    ``checkpoint`` runs ``PRAGMA wal_checkpoint(PASSIVE)`` on a connection of its own.
    The thread starts with the first commit and ends with :meth:`stop`; a failed
    checkpoint is logged and tried again a round later.
    """

    def __init__(self, checkpoint: Callable[[], None], interval_s: float = INTERVAL_S):
        self._checkpoint = checkpoint
        self._interval_s = interval_s
        self._wake = threading.Condition()
        self._pending = False  # a commit came since the last checkpoint
        self._idle = False  # the thread waits for a commit (not out its interval)
        self._stopping = False
        self._thread: threading.Thread | None = None
        self.done = 0  # checkpoints run (for tests and diagnostics)

    def committed(self) -> None:
        """Notes a commit: a checkpoint follows within INTERVAL_S. Never blocks on I/O."""
        with self._wake:
            if self._stopping:
                return
            self._pending = True
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="sqlite-checkpoint", daemon=True
                )
                self._thread.start()
            elif self._idle:  # wake it only when it waits for this: not once a commit
                self._wake.notify()

    def stop(self) -> None:
        """Runs a last checkpoint if commits are pending, then ends the thread."""
        with self._wake:
            self._stopping = True
            thread = self._thread
            self._wake.notify()
        if thread is not None:
            thread.join(STOP_WAIT_S)

    def _run(self) -> None:
        while True:
            with self._wake:
                self._idle = True
                while not self._pending and not self._stopping:
                    self._wake.wait()
                self._idle = False
                if not self._pending:
                    return  # stopping, nothing left to copy
                self._pending = False
                stopping = self._stopping
            self._run_one()
            if stopping:
                return
            with self._wake:  # commits that come meanwhile wait for the next round
                self._wake.wait_for(lambda: self._stopping, self._interval_s)

    def _run_one(self) -> None:
        try:
            self._checkpoint()
            self.done += 1
        except Exception:  # the backstop keeps the WAL bounded meanwhile
            log.warning("the background WAL checkpoint failed", exc_info=True)
            with self._wake:
                self._pending = True


def sqlite_checkpointer(engine: Engine) -> Checkpointer | None:
    """Returns the background checkpointer of a SQLite file's store (None for
    PostgreSQL or an in-memory database)."""
    if engine.dialect.name != "sqlite" or engine.url.database in (None, "", ":memory:"):
        return None

    def checkpoint() -> None:
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").all()

    return Checkpointer(checkpoint)
