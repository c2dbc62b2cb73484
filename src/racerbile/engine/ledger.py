"""The drink ledger shared by the drinking games (RB-DRINK-1…4).

Every sip is a :class:`Drank` event: who drinks, how many, the rule id, the kind of
fault and who caused it. The ledger is a tuple of those entries; every total (sips
drunk, beers finished, sips left in the current beer, sips caused) is derived from
them, never stored twice.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar, Literal

from .contract import Event

FaultKind = Literal["technical", "general", "rule"]


class DrinkType(enum.StrEnum):
    """RB-DRINK-1: a standard beer holds 11 sips; a light beer or any other drink 8."""

    standard = "standard"
    light = "light"
    other = "other"

    @property
    def sips(self) -> int:
        """Returns how many sips one full drink of this type holds."""
        return 11 if self is DrinkType.standard else 8


@dataclass(frozen=True)
class Drank(Event):
    """A player drinks ``sips`` sips under ``rule_id``; ``caused_by`` is the seat that caused it."""

    kind: ClassVar[str] = "drank"
    player: int
    sips: int
    rule_id: str
    fault: FaultKind = "rule"
    caused_by: int | None = None
    reason: str = ""

    def __str__(self) -> str:
        return f"seat {self.player} drinks {self.sips} ({self.rule_id})"


@dataclass(frozen=True)
class Ledger:
    """Per-player drink types and every Drank entry so far (append-only)."""

    drinks: tuple[DrinkType, ...]
    entries: tuple[Drank, ...] = ()

    def add(self, *entries: Drank) -> Ledger:
        """Returns the ledger with ``entries`` appended (entries of 0 sips are dropped)."""
        kept = tuple(e for e in entries if e.sips > 0)
        if not kept:
            return self
        new = Ledger(self.drinks, self.entries + kept)
        # Totals carried forward: recounting every entry at each read is quadratic in a race.
        drunk, caused = self._totals
        new.__dict__["_totals"] = _count(kept, drunk.copy(), caused.copy())
        return new

    @cached_property
    def _totals(self) -> tuple[list[int], list[int]]:
        n = len(self.drinks)
        return _count(self.entries, [0] * n, [0] * n)

    def sips_drunk(self, player: int) -> int:
        """Returns all sips the player has drunk."""
        return self._totals[0][player]

    def sips_caused(self, player: int) -> int:
        """Returns the sips the player made others drink."""
        return self._totals[1][player]

    def beers_finished(self, player: int) -> int:
        """Returns how many drinks the player has emptied (RB-DRINK-2)."""
        return self.sips_drunk(player) // self.drinks[player].sips

    def sips_left(self, player: int) -> int:
        """Returns the sips left in the current drink (an empty one is replaced by a full one)."""
        size = self.drinks[player].sips
        return size - self.sips_drunk(player) % size

    def chug_rest(self, player: int) -> int:
        """RB-DRINK-3: returns the sips a chug of the rest of the current drink takes."""
        return self.sips_left(player)

    def chug_whole(self, player: int) -> int:
        """RB-DRINK-3: returns the sips of a whole drink (may span two bottles)."""
        return self.drinks[player].sips

    def table(self) -> list[dict[str, int | str]]:
        """Returns one row per player: drink, sips, beers, sips left, sips caused."""
        return [
            {
                "seat": p,
                "drink": str(self.drinks[p]),
                "sips": self.sips_drunk(p),
                "beers": self.beers_finished(p),
                "sips_left": self.sips_left(p),
                "caused": self.sips_caused(p),
            }
            for p in range(len(self.drinks))
        ]


def _count(
    entries: tuple[Drank, ...], drunk: list[int], caused: list[int]
) -> tuple[list[int], list[int]]:
    """Adds ``entries`` to the sips drunk and caused per player and returns both lists."""
    for e in entries:
        drunk[e.player] += e.sips
        if e.caused_by is not None and e.caused_by != e.player:
            caused[e.caused_by] += e.sips
    return drunk, caused
