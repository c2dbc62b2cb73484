"""Relay's simulator column: how often each runner dropped the baton."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from racerbile.engine import Event, Result
from racerbile.engine.capabilities import GameStats, SimStats, TableColumn

from .actions import Dropped


def outcome(setup: BaseModel, state: Any, events: Sequence[Event], result: Result) -> GameStats:
    drops = [0] * len(state.names)
    for event in events:
        if isinstance(event, Dropped):
            drops[event.seat] += 1
    return GameStats([{"drops": n} for n in drops])


STATS = SimStats(
    columns=("drops",),
    outcome=outcome,
    table=(TableColumn("drops", ("drops",), per_seat=True),),
)
