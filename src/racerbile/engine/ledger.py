"""The drink ledger shared by the drinking games, counted in each game's own units.

Every drink is a :class:`Drank` event: who drinks, how much and in which unit (the
unit is the game's: Racerbile counts sips, a game may count glasses, chugs or penalty
beers), the rule id, the kind of fault and who caused it. The ledger is a tuple of
those entries; every total (drunk, caused) is derived from them per unit, never
stored twice. What a game builds on the totals (Racerbile's beers of 11 or 8 sips)
lives in the game, which also declares the columns of its drinking table
(:class:`~racerbile.engine.capabilities.DrinkColumn`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar, Literal, Self

from .contract import Event

FaultKind = Literal["technical", "general", "rule"]
SIP = "sip"


@dataclass(frozen=True)
class Drank(Event):
    """A player drinks ``sips`` (the amount, counted in ``unit``) under ``rule_id``;
    ``caused_by`` is the seat that caused it."""

    kind: ClassVar[str] = "drank"
    player: int
    sips: int
    rule_id: str
    fault: FaultKind = "rule"
    caused_by: int | None = None
    reason: str = ""
    unit: str = SIP

    def __str__(self) -> str:
        return f"seat {self.player} drinks {self.sips} {self.unit} ({self.rule_id})"


_Totals = dict[str, tuple[list[int], list[int]]]  # unit -> (drunk, caused) per player


@dataclass(frozen=True)
class Ledger:
    """Every Drank entry of ``players`` players so far (append-only)."""

    players: int
    entries: tuple[Drank, ...] = ()

    def add(self, *entries: Drank) -> Self:
        """Returns the ledger with ``entries`` appended (entries of 0 are dropped)."""
        kept = tuple(e for e in entries if e.sips > 0)
        if not kept:
            return self
        new = dataclasses.replace(self, entries=self.entries + kept)
        # Totals carried forward: recounting every entry at each read is quadratic in a race.
        carried = {unit: (d.copy(), c.copy()) for unit, (d, c) in self._totals.items()}
        new.__dict__["_totals"] = _count(kept, carried, self.players)
        return new

    @cached_property
    def _totals(self) -> _Totals:
        return _count(self.entries, {}, self.players)

    def drunk(self, player: int, unit: str = SIP) -> int:
        """Returns how much the player has drunk, in ``unit``."""
        totals = self._totals.get(unit)
        return totals[0][player] if totals else 0

    def caused(self, player: int, unit: str = SIP) -> int:
        """Returns how much the player made others drink, in ``unit``."""
        totals = self._totals.get(unit)
        return totals[1][player] if totals else 0


def _count(entries: Sequence[Drank], totals: _Totals, players: int) -> _Totals:
    """Adds ``entries`` to the per-unit totals drunk and caused and returns them."""
    for e in entries:
        drunk, caused = totals.setdefault(e.unit, ([0] * players, [0] * players))
        drunk[e.player] += e.sips
        if e.caused_by is not None and e.caused_by != e.player:
            caused[e.caused_by] += e.sips
    return totals


def drink_totals(events: Sequence[Event], players: int, unit: str = SIP) -> list[dict[str, int]]:
    """Returns per player ``{"drunk": …, "caused": …}`` in ``unit`` from ``Drank`` events."""
    totals = _count([e for e in events if isinstance(e, Drank)], {}, players)
    drunk, caused = totals.get(unit, ([0] * players, [0] * players))
    return [{"drunk": d, "caused": c} for d, c in zip(drunk, caused, strict=True)]
