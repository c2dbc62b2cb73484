"""Relay's state: immutable, one per position."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class RelayState:
    names: tuple[str, ...]
    target: int
    scores: tuple[int, ...]
    judges: tuple[str, ...] = ()
    baton_s: float | None = None
    current: int = 0
    phase: Literal["turn", "dice", "over"] = "turn"
    carried: int = 0
    handovers: int = 0
    """Baton handovers so far: names the countdown each one starts."""
