"""Group commit: the writes that queue up while one commits go together in the next.

Each caller's write is committed before its call returns, as with a transaction of its
own. But when several threads append at once (the server writes every room's actions
from its worker threads), the first to find the database free leads: it takes every
write queued by then and commits them in one transaction, while the others wait for
it. One commit (one sync of the file) and one round of the driver's work then serve
many rooms, instead of each room waiting its turn for its own.

A coroutine's write (:meth:`GroupCommit.run_async`) waits on its event loop, not in a
worker thread: a committing thread of the group's own leads the writes queued by then,
and the loop learns of a group's end in one wake-up. The loop wakes that thread once
at the end of its pass over the ready callbacks, not at each write, so the writes of
all the rooms that acted in one pass go together. Threads' writes and coroutines' go
in the same groups.

A write the group cannot take (one of its numbers is taken: another process wrote
first) would fail the whole transaction; the leader then commits the group's writes
one by one, so only that write fails, with the error its own transaction gives. A
failure that is no one write's own (the database cannot answer) is every write's: it
is not tried again once per write, which in an outage would wait out a timeout each.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass
class Write:
    """One caller's write: what it writes, and once committed, whether it failed (and
    for a coroutine's write, the future it awaits)."""

    data: Any
    done: bool = False
    error: BaseException | None = None
    future: asyncio.Future[None] | None = None


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
        self._queued = threading.Condition(self._queue_lock)  # wakes the committing thread
        self._committer: threading.Thread | None = None
        self._closed = False
        # The loops that will wake the committing thread once they finish their pass:
        # the writes their coroutines queue meanwhile go in one group, and each wake
        # hands the interpreter lock to that thread and back.
        self._waking: weakref.WeakSet[asyncio.AbstractEventLoop] = weakref.WeakSet()

    def run(self, data: Any) -> None:
        """Commits ``data`` (with whatever queued meanwhile); raises its own failure."""
        write = Write(data)
        with self._queue_lock:
            self._queue.append(write)
        with self._leading:
            if not write.done:  # no leader took it: lead the writes queued by now
                self._lead()
        if write.error is not None:
            raise write.error

    async def run_async(self, data: Any) -> None:
        """Commits ``data`` as :meth:`run` does, awaiting the commit on the running loop."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        write = Write(data, future=future)
        with self._queued:
            if self._closed:
                raise RuntimeError("the group commit is closed")
            if self._committer is None:
                self._committer = threading.Thread(
                    target=self._commit_queued, name="group-commit", daemon=True
                )
                self._committer.start()
            self._queue.append(write)
            loop = future.get_loop()
            if loop not in self._waking:
                self._waking.add(loop)
                loop.call_soon(self._wake, loop)
        await future

    def _wake(self, loop: asyncio.AbstractEventLoop) -> None:
        """Wakes the committing thread for the writes a loop queued in one pass."""
        with self._queued:
            self._waking.discard(loop)
            self._queued.notify()

    def close(self) -> None:
        """Commits the coroutines' writes queued by now and stops the committing thread."""
        with self._queued:
            self._closed = True
            self._queued.notify()
            committer = self._committer
        if committer is not None:
            committer.join()

    def _commit_queued(self) -> None:
        """The committing thread: leads whatever is queued, until closed."""
        while True:
            with self._queued:
                while not self._queue and not self._closed:
                    self._queued.wait()
                if not self._queue:
                    return
            with self._leading:
                self._lead()

    def _lead(self) -> None:
        """Commits every write queued by now and tells their callers (the leader holds
        ``_leading``)."""
        with self._queue_lock:
            group, self._queue = self._queue, []
        if not group:
            return
        self._commit_group(group)
        for write in group:
            write.done = True
        _wake(group)

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


def _wake(group: list[Write]) -> None:
    """Settles the futures of the coroutines' writes in ``group``: one call into each
    of their loops (a loop already closed has no one left to tell)."""
    by_loop: dict[asyncio.AbstractEventLoop, list[Write]] = {}
    for write in group:
        if write.future is not None:
            by_loop.setdefault(write.future.get_loop(), []).append(write)
    for loop, writes in by_loop.items():
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(_settle, writes)


def _settle(writes: list[Write]) -> None:
    for write in writes:
        future = write.future
        if future is None or future.done():  # its caller was cancelled meanwhile
            continue
        if write.error is None:
            future.set_result(None)
        else:
            future.set_exception(write.error)
