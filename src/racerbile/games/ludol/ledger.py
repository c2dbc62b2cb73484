"""The drink ledger in Ludøl's units (LD-DRINK-1): glasses chugged after a knock-home,
penalty beers (automatic and the referee's), per participant, with their causes.

The ledger is the state's ``drinks``: every drink event so far; every total here is
derived from it, never stored twice.
"""

from __future__ import annotations

from typing import Any

from .events import KnockedHome, PenaltyAwarded
from .state import GLASSES, State


def night_table(state: State) -> list[dict[str, Any]]:
    """Returns one row per participant: starting glasses, glasses chugged, chugs failed,
    automatic and referee penalty beers, and the beers in all (glasses + penalties)."""
    rows = []
    for p, name in enumerate(state.config.names):
        chugged = sum(
            len(e.glasses)
            for e in state.drinks
            if isinstance(e, KnockedHome) and e.participant == p
        )
        penalties = [
            e for e in state.drinks if isinstance(e, PenaltyAwarded) and e.participant == p
        ]
        auto = sum(e.beers for e in penalties if e.auto)
        referee = sum(e.beers for e in penalties if not e.auto)
        failed = sum(1 for c in state.chugs if c.participant == p and c.status == "failed")
        rows.append(
            {
                "participant": p,
                "name": name,
                "glasses_poured": GLASSES * len(state.colours_of(p)),
                "glasses_chugged": chugged,
                "chugs_failed": failed,
                "penalty_auto": auto,
                "penalty_referee": referee,
                "beers": chugged + auto + referee,
            }
        )
    return rows
