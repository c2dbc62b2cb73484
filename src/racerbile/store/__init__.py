"""The append-only event store of games, seats and actions (SQLite or PostgreSQL)."""

from .store import (
    ActionRow,
    DuplicateWrite,
    GameRow,
    JudgeRow,
    SeatRow,
    Store,
    StoreError,
    data_dir,
    default_url,
    now,
)

__all__ = [
    "ActionRow",
    "DuplicateWrite",
    "GameRow",
    "JudgeRow",
    "SeatRow",
    "Store",
    "StoreError",
    "data_dir",
    "default_url",
    "now",
]
