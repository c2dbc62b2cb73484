"""The rows the store reads and writes: a game, its seats and judges, its actions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class SeatRow:
    """One seat of a stored game; bots have no token."""

    seat: int
    name: str
    token_hash: str | None
    claimed: bool = False
    bot: str | None = None


@dataclass(frozen=True)
class JudgeRow:
    """One judge of a stored game (referee actions only): number, name, token hash."""

    judge: int
    name: str
    token_hash: str


@dataclass(frozen=True)
class GameRow:
    """A stored game without its actions."""

    id: str
    game: str
    rules_version: int
    setup: dict[str, Any]
    seed: int
    dice: str
    host_token_hash: str
    join_code: str
    seats: tuple[SeatRow, ...]
    created: datetime
    finished: datetime | None = None
    takeover_after_s: float | None = None  # a bot acts for a seat silent this long
    judges: tuple[JudgeRow, ...] = ()


@dataclass(frozen=True)
class ActionRow:
    """One stored action: its number (1 = first), JSON, who sent it and when."""

    seq: int
    action: dict[str, Any]
    actor: str
    at: datetime


Head = tuple[int, tuple[SeatRow, ...]]
"""What a copy of a game must match to be current: its last action's number, its seats."""
