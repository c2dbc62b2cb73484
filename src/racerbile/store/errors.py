"""What the store raises: one type per way a write or read can fail, each with a clear message.

A database driver's error never leaves the store as itself: it becomes
:class:`StoreUnavailable` (the database cannot answer now: down, full, locked),
:class:`DamagedRecord` (one game's stored rows cannot be read), :class:`RefusedValue`
(a value no database column may hold) or :class:`DuplicateWrite`.
"""

from __future__ import annotations

import json
import re

from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.exc import TimeoutError as PoolTimeout

MAX_DETAIL = 200  # characters of a driver's message kept in ours

# Words of the drivers' messages (SQLite, PostgreSQL) that tell what kind of failure it is.
_KINDS = (
    ("disk full", ("database or disk is full", "no space left", "could not extend", "disk full")),
    ("locked", ("database is locked", "table is locked", "lock timeout", "deadlock")),
    ("read-only", ("readonly database", "read-only", "read only")),
    ("damaged", ("malformed", "file is not a database")),
    ("I/O error", ("disk i/o error", "input/output error")),
    ("cannot open", ("unable to open",)),
    ("connection", ("connect", "server closed", "terminating", "network", "timeout", "socket")),
)

DRIVER_ERRORS: tuple[type[Exception], ...] = (DBAPIError, DisconnectionError, PoolTimeout)
"""The errors of SQLAlchemy and its drivers that mean the database failed, not the code."""

# What reading an undecodable row raises: SQLite's decoding error, or JSON's (a ValueError).
READ_ERRORS: tuple[type[Exception], ...] = (ValueError, *DRIVER_ERRORS)
_UNDECODABLE = re.compile(r"could not decode to utf-8 column '([^']+)'", re.IGNORECASE)


class StoreError(RuntimeError):
    """The database cannot be opened or used; the message says which and why."""


class DuplicateWrite(StoreError):
    """A row with that key exists already: another writer got there first."""


class StoreUnavailable(StoreError):
    """The database cannot answer now (down, unreachable, full, locked); try again later.

    ``kind`` names the failure in a few words (``connection``, ``disk full``, ``locked``,
    ``read-only``, ``damaged``, ``I/O error``, ``busy``, ``error``) so that a log can
    count failures by kind.
    """

    def __init__(self, kind: str, detail: str):
        super().__init__(f"the database is unavailable ({kind}): {detail}")
        self.kind = kind
        self.detail = detail


class DamagedRecord(StoreError):
    """A stored row of one game cannot be read (invalid UTF-8 or JSON); other games can."""

    def __init__(self, game_id: str, where: str, problem: str):
        super().__init__(f"game {game_id} is damaged: {where}: {problem}")
        self.game_id = game_id


class RefusedValue(StoreError, ValueError):
    """A value no database of the store may hold (a NUL character, a text too long)."""


def unavailable(exc: Exception) -> StoreUnavailable:
    """Returns the store's error for a driver's failure, its kind read from the message."""
    detail = driver_message(exc)
    lowered = detail.lower()
    for kind, words in _KINDS:
        if any(word in lowered for word in words):
            return StoreUnavailable(kind, detail)
    return StoreUnavailable("busy" if isinstance(exc, PoolTimeout) else "error", detail)


def driver_message(exc: BaseException) -> str:
    """Returns the first line of the driver's message (never the SQL or its parameters)."""
    orig = getattr(exc, "orig", None) or exc
    lines = str(orig).strip().splitlines() or [type(orig).__name__]
    first = lines[0]
    return first if len(first) <= MAX_DETAIL else first[: MAX_DETAIL - 1] + "…"


STORE_FAILURES: tuple[type[Exception], ...] = (StoreError, *DRIVER_ERRORS)
"""Every error that means the store, not the code, failed: the store's own and the drivers'."""


def row_problem(exc: BaseException) -> str | None:
    """Returns what is wrong with a stored row that cannot be decoded, or None."""
    if isinstance(exc, json.JSONDecodeError):
        return f"invalid JSON ({exc.msg} at character {exc.pos})"
    found = _UNDECODABLE.search(str(getattr(exc, "orig", exc)))
    return f"invalid UTF-8 in column {found.group(1)}" if found else None
