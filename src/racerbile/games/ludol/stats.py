"""Ludøl numbers for the simulator: per participant, from a finished game's events.

Columns (spec §4.3's, per participant): turns (``TurnStarted``: one colour's go with
its bonus throws), throws (``Thrown``, the start-order roll-off left out),
knock-homes made (``KnockedHome`` events by the participant's colours, LD-HIT-1),
glasses drunk (the participant's own glasses knocked home and chugged), penalty beers
(``PenaltyAwarded``: in a simulation the automatic ones of LD-SIX-2). The drink bill
(LD-DRINK-1) counts a glass of pilsner and a penalty beer as one beer each: ``beers``
drunk during the game are glasses drunk + penalty beers, and ``to_buy`` adds the
glasses poured at the start (four per colour played) and one refill per glass drunk.
The per-game totals of both, with their 95th percentile, say how many to buy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from ...engine.capabilities import GameStats, SimStats, TableColumn, TotalColumn, ViolinFigure
from ...engine.contract import Event, Result
from .events import KnockedHome, PenaltyAwarded, Thrown, TurnStarted
from .setup import LETTERS
from .state import GLASSES, State

COLUMNS = (
    "throws",
    "knock_homes",
    "glasses_drunk",
    "penalty_beers",
    "beers",
    "to_buy",
)
BILL_QUANTILE = 0.95  # enough beer for 19 nights in 20


def outcome_stats(state: State, events: Sequence[Event]) -> GameStats:
    """Returns each participant's columns (and turns) for one finished game; a game
    set up with its first participant fixed starts in A's first turn (no event)."""
    owner = {LETTERS[k]: p for k, p in enumerate(state.owner)}
    seats: list[dict[str, int]] = [
        {key: 0 for key in ("turns", *COLUMNS)} for _ in state.config.names
    ]
    if not any(isinstance(e, TurnStarted) and e.number == 1 for e in events):
        seats[state.owner[0]]["turns"] += 1  # colour A's first turn began at the start
    for event in events:
        if isinstance(event, TurnStarted):
            seats[event.participant]["turns"] += 1
        elif isinstance(event, Thrown):
            seats[owner[event.colour]]["throws"] += 1
        elif isinstance(event, KnockedHome):
            seats[owner[event.by]]["knock_homes"] += 1
            seats[event.participant]["glasses_drunk"] += len(event.glasses)
        elif isinstance(event, PenaltyAwarded):
            seats[event.participant]["penalty_beers"] += event.beers
    for p, seat in enumerate(seats):
        seat["beers"] = seat["glasses_drunk"] + seat["penalty_beers"]
        seat["to_buy"] = GLASSES * len(state.colours_of(p)) + seat["beers"]
    return GameStats(seats)


def _outcome(setup: BaseModel, state: Any, events: Sequence[Event], result: Result) -> GameStats:
    assert isinstance(state, State)
    return outcome_stats(state, events)


STATS = SimStats(
    columns=COLUMNS,
    outcome=_outcome,
    table=(
        TableColumn("turns", ("turns",), per_seat=True),
        TableColumn("throws", ("throws",)),
        TableColumn("hits", ("knock_homes",), per_seat=True),
        TableColumn("pen", ("penalty_beers",), hide_zero=True),
        TableColumn("beers", ("beers",), per_seat=True),
    ),
    note=(
        "hits = knock-homes made; pen = penalty beers; "
        "beers = glasses + penalty beers; to buy = beers + 4 glasses per colour"
    ),
    rates=("knock_homes", "penalty_beers"),
    violins=ViolinFigure(
        "beers.png",
        "Beers per participant",
        "beers",
        (("beers", "beers drunk per game"), ("penalty_beers", "penalty beers per game")),
    ),
    totals=(
        TotalColumn("beers drunk", ("beers",), quantile=BILL_QUANTILE),
        TotalColumn("beers to buy", ("to_buy",), quantile=BILL_QUANTILE),
        TotalColumn("turns", ("turns",)),
        TotalColumn("throws", ("throws",)),
        TotalColumn("knock-homes", ("knock_homes",)),
        TotalColumn("penalty beers", ("penalty_beers",)),
    ),
)
