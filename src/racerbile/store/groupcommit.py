"""Group commit: the writes that queue up while one commits go together in the next.

Each caller's write is committed before its call returns, as with a transaction of its
own. But when several threads append at once (the server writes every room's actions
from its worker threads), the first to find the database free leads: it takes every
write queued by then and commits them in one transaction, while the others wait for
it. One commit (one sync of the file) and one round of the driver's work then serve
many rooms, instead of each room waiting its turn for its own.

A write the group cannot take (one of its numbers is taken: another process wrote
first) would fail the whole transaction; the leader then commits the group's writes
one by one, so only that write fails, with the error its own transaction gives. A
failure that is no one write's own (the database cannot answer) is every write's: it
is not tried again once per write, which in an outage would wait out a timeout each.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass
class Write:
    """One caller's write: what it writes, and once committed, whether it failed."""

    data: Any
    done: bool = False
    error: BaseException | None = None


class GroupCommit:
    """Commits writes through ``commit(writes)`` (one transaction for all of them, which
    raises, writing none, when one fails), grouping those that queue up meanwhile;
    ``owned(error)`` tells whether a failure may be one write's own."""

    def __init__(
        self, commit: Callable[[Sequence[Any]], None], owned: Callable[[BaseException], bool]
    ):
        self._commit = commit
        self._owned = owned
        self._queue_lock = threading.Lock()  # guards the queue
        self._leading = threading.Lock()  # held by the leader while it commits
        self._queue: list[Write] = []

    def run(self, data: Any) -> None:
        """Commits ``data`` (with whatever queued meanwhile); raises its own failure."""
        write = Write(data)
        with self._queue_lock:
            self._queue.append(write)
        with self._leading:
            if not write.done:  # no leader took it: lead the writes queued by now
                with self._queue_lock:
                    group, self._queue = self._queue, []
                self._commit_group(group)
        if write.error is not None:
            raise write.error

    def _commit_group(self, group: list[Write]) -> None:
        try:
            self._commit([w.data for w in group])
        except BaseException as exc:
            if len(group) > 1 and self._owned(exc):
                for write in group:  # alone, so only the write that fails fails
                    self._commit_group([write])
            else:
                for write in group:
                    write.error = exc
        for write in group:
            write.done = True
