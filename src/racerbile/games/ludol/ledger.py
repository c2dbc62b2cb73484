"""The drink ledger in Ludøl's units (LD-DRINK-1), on the engine's unit-aware ledger.

Every drink is an engine :class:`~racerbile.engine.ledger.Drank` entry, emitted as an
event and kept in the state's ``ledger``, in one of three units: ``glass`` (glasses
emptied after a knock-home), ``chug`` (one per knock-home: the owner empties every
glass knocked home in one countdown) and ``penalty_beer`` (automatic from LD-SIX-2 or
the referee's, LD-REF-3). The participant who knocks the glasses home is the entry's
``caused_by``. Every total below is derived from the entries, never stored twice.
"""

from __future__ import annotations

from typing import Any

from ...engine.capabilities import DrinkColumn
from ...engine.contract import Event
from ...engine.frozen import replace
from ...engine.ledger import Drank, FaultKind
from .state import GLASSES, State

GLASS = "glass"
CHUG = "chug"
PENALTY_BEER = "penalty_beer"
AUTO_RULE = "LD-SIX-2"  # the automatic penalty beer of a forced six

DRINK_COLUMNS = (
    DrinkColumn("glasses_chugged", "glasses"),
    DrinkColumn("chugs", "chugs"),
    DrinkColumn("penalty_auto", "auto penalty"),
    DrinkColumn("penalty_referee", "referee penalty"),
    DrinkColumn("beers", "beers"),
    DrinkColumn("knock_homes", "knocked home"),
)
"""The columns of the drinking table (keys of :func:`night_table`'s rows)."""


def drink(state: State, events: list[Event], *entries: Drank) -> State:
    """Returns ``state`` with ``entries`` in its ledger, and emits them as events."""
    events.extend(entries)
    return replace(state, ledger=state.ledger.add(*entries))


def knock_home(owner: int, glasses: int, by: int) -> tuple[Drank, Drank]:
    """LD-HIT-1: the owner empties ``glasses`` glasses in one chug, caused by ``by``."""
    return (
        Drank(owner, glasses, "LD-HIT-1", "rule", by, "knocked_home", GLASS),
        Drank(owner, 1, "LD-HIT-1", "rule", by, "knocked_home", CHUG),
    )


def penalty(participant: int, beers: int, reason: str, rule_id: str) -> Drank:
    """Returns ``beers`` penalty beers: automatic under LD-SIX-2, else the referee's."""
    fault: FaultKind = "rule" if rule_id == AUTO_RULE else "general"
    return Drank(participant, beers, rule_id, fault, None, reason, PENALTY_BEER)


def night_table(state: State) -> list[dict[str, Any]]:
    """Returns one row per participant: starting glasses, glasses chugged, chugs (and
    those failed), automatic and referee penalty beers, the beers in all (glasses +
    penalties), and the chugs they made others do by knocking glasses home."""
    ledger = state.ledger
    auto = [0] * ledger.players
    for entry in ledger.entries:
        if entry.unit == PENALTY_BEER and entry.rule_id == AUTO_RULE:
            auto[entry.player] += entry.sips
    failed = [0] * ledger.players
    for chug in state.chugs:
        if chug.status == "failed":
            failed[chug.participant] += 1
    rows = []
    for p, name in enumerate(state.config.names):
        glasses, penalties = ledger.drunk(p, GLASS), ledger.drunk(p, PENALTY_BEER)
        rows.append(
            {
                "participant": p,
                "name": name,
                "glasses_poured": GLASSES * len(state.colours_of(p)),
                "glasses_chugged": glasses,
                "chugs": ledger.drunk(p, CHUG),
                "chugs_failed": failed[p],
                "penalty_auto": auto[p],
                "penalty_referee": penalties - auto[p],
                "beers": glasses + penalties,
                "knock_homes": ledger.caused(p, CHUG),
            }
        )
    return rows
