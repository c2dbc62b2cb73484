"""Rallyman numbers for the simulator: per-seat tallies from a finished rally's events.

Columns: the time of each special stage and of the rally in seconds (RM-RALLY-2; 0 for
a stage or rally not finished), retirements (RM-DMG-1), losses of control (RM-LOC-1)
and those of time attacks (RM-ATT-1), off-road excursions and the damage they did,
time attacks announced and the seconds tokens they earned, dice secured with seconds
(RM-SEC-1), SISU cards played (RM-SISU-1), punctures (RM-CORNER-3) and spare wheels
fitted (RM-TYRE-2). A turn is one gear card on the time stack (RM-TURN-3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from ...engine.capabilities import GameStats, SimStats, TableColumn, ViolinFigure
from ...engine.contract import Event, Result
from .actions import (
    CardTaken,
    DieRolled,
    LostControl,
    PoolRolled,
    ShortcutDrawn,
    SisuPlayed,
    SpareFitted,
    WentOff,
)
from .state import State

STAGES = 3
COLUMNS = (
    "ss1",
    "ss2",
    "ss3",
    "rally_time",
    "retired",
    "loc",
    "attack_loc",
    "off_road",
    "damage",
    "attacks",
    "attack_tokens",
    "secured",
    "sisu",
    "punctures",
    "spares",
)


def outcome_stats(state: State, events: Sequence[Event]) -> GameStats:
    """Returns the seats' columns for one finished rally."""
    n = len(state.cars)
    seats: list[dict[str, int]] = [dict.fromkeys((*COLUMNS, "turns"), 0) for _ in range(n)]
    for event in events:
        _tally(seats, event)
    for seat, car in enumerate(state.cars):
        row = seats[seat]
        for number, time in enumerate(car.times[:STAGES], start=1):
            row[f"ss{number}"] = time or 0
        finished = len(car.times) == len(state.rally.stages) and None not in car.times
        row["rally_time"] = sum(t or 0 for t in car.times) if finished else 0
        row["retired"] = int(not finished)
    return GameStats(seats)


def _tally(seats: list[dict[str, int]], event: Event) -> None:
    match event:
        case CardTaken(seat=seat):
            seats[seat]["turns"] += 1
        case LostControl(seat=seat, rule_id=rule):
            seats[seat]["loc"] += 1
            seats[seat]["attack_loc"] += rule == "RM-ATT-1"
        case WentOff(seat=seat, damage=damage, terrain=terrain):
            seats[seat]["off_road"] += terrain != "shortcut"
            seats[seat]["damage"] += damage
        case PoolRolled(seat=seat, tokens=tokens):
            seats[seat]["attacks"] += 1
            seats[seat]["attack_tokens"] += tokens
        case DieRolled(seat=seat, secured_cost=cost) if cost:
            seats[seat]["secured"] += 1
        case SisuPlayed(seat=seat):
            seats[seat]["sisu"] += 1
        case ShortcutDrawn(seat=seat, card="puncture"):
            seats[seat]["punctures"] += 1
        case SpareFitted(seat=seat):
            seats[seat]["spares"] += 1


def _outcome(setup: BaseModel, state: Any, events: Sequence[Event], result: Result) -> GameStats:
    assert isinstance(state, State)
    return outcome_stats(state, events)


STATS = SimStats(
    columns=COLUMNS,
    outcome=_outcome,
    table=(
        TableColumn("rally", ("rally_time",), digits=None, spread=True, per_seat=True),
        TableColumn("SS1/2/3", ("ss1", "ss2", "ss3"), digits=None, per_seat=True),
        TableColumn("DNF", ("retired",), digits=2),
        TableColumn("LoC/att", ("loc", "attack_loc"), digits=2),
        TableColumn("off/dmg", ("off_road", "damage"), digits=2, hide_zero=True),
        TableColumn("att/tok", ("attacks", "attack_tokens"), hide_zero=True),
        TableColumn("sec", ("secured",), digits=2, hide_zero=True),
        TableColumn("SISU", ("sisu",), digits=2, hide_zero=True),
        TableColumn("punct/spare", ("punctures", "spares"), digits=2, hide_zero=True),
    ),
    note=(
        "times in s (0 when not finished: a retirement pulls a mean down); DNF = retired; "
        "LoC/att = losses of control / in time attacks; att/tok = time attacks / tokens; "
        "sec = dice secured with seconds"
    ),
    rates=("retired", "loc", "sisu", "punctures"),
    violins=ViolinFigure(
        "times.png",
        "Stage and rally times per driver",
        "seconds",
        (("rally_time", "rally time"), ("ss1", "SS1 time")),
    ),
)
