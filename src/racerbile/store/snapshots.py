"""Snapshots of games: the latest one per game, written beside the append-only record.

A snapshot only saves replay time: the record stays the whole truth, so a snapshot
that is missing, unreadable or older than another one is simply not used.
"""

from __future__ import annotations

import logging
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from .errors import READ_ERRORS, row_problem
from .tables import snapshots

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SnapshotRow:
    """A stored snapshot: the game after its action ``seq``, in the ``fingerprint``'s form."""

    seq: int
    fingerprint: str
    data: dict[str, Any]


class _Opened(Protocol):
    def _begin(self) -> AbstractContextManager[Connection]: ...
    def _connect(self) -> AbstractContextManager[Connection]: ...


class SnapshotStore:
    """The store's snapshot methods (:class:`~.store.Store` has them)."""

    def save_snapshot(self: _Opened, game_id: str, row: SnapshotRow) -> bool:
        """Keeps ``row`` as the game's snapshot unless one as new or newer is stored
        (another process may write its own); returns whether it was kept."""
        values = {"seq": row.seq, "fingerprint": row.fingerprint, "data": row.data}
        newer = update(snapshots).where(snapshots.c.game_id == game_id, snapshots.c.seq < row.seq)
        with self._begin() as conn:
            if conn.execute(newer, values).rowcount:
                return True
        try:  # the game's first snapshot (or one as new is there: the insert clashes)
            with self._begin() as conn:
                conn.execute(insert(snapshots), {"game_id": game_id, **values})
        except IntegrityError:
            return False
        return True

    def snapshot(self: _Opened, game_id: str) -> SnapshotRow | None:
        """Returns the game's snapshot, or None (none stored, or it does not read)."""
        query = select(snapshots).where(snapshots.c.game_id == game_id)
        with self._connect() as conn:
            try:
                found = conn.execute(query).mappings().one_or_none()
            except READ_ERRORS as exc:
                problem = row_problem(exc)
                if problem is None:  # the database failed: as any read, the caller is told
                    raise
                log.warning("the snapshot of game %s is not read (%s)", game_id, problem)
                return None  # the record replays from its start
        if found is None or not isinstance(found["data"], dict):
            return None
        return SnapshotRow(int(found["seq"]), str(found["fingerprint"]), found["data"])
