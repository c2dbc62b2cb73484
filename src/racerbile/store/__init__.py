"""The append-only event store of games, seats and actions (SQLite or PostgreSQL)."""

from .errors import (
    DRIVER_ERRORS,
    STORE_FAILURES,
    DamagedRecord,
    DuplicateWrite,
    RefusedValue,
    StoreError,
    StoreUnavailable,
    unavailable,
)
from .rows import ActionRow, GameRow, Head, JudgeRow, SeatRow
from .snapshots import SnapshotRow
from .store import Store, data_dir, default_url, now

__all__ = [
    "DRIVER_ERRORS",
    "STORE_FAILURES",
    "ActionRow",
    "DamagedRecord",
    "DuplicateWrite",
    "GameRow",
    "Head",
    "JudgeRow",
    "RefusedValue",
    "SeatRow",
    "SnapshotRow",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "data_dir",
    "default_url",
    "now",
    "unavailable",
]
