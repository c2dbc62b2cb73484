"""Racerbile's drinks: sips, and beers of 11 or 8 sips (RB-DRINK-1…3).

The engine's :class:`~racerbile.engine.ledger.Ledger` counts sips; this adds the
beer arithmetic on top: beers finished, sips left in the current beer, and the sips
a chug takes.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ...engine.capabilities import DrinkColumn
from ...engine.ledger import Ledger


class DrinkType(enum.StrEnum):
    """RB-DRINK-1: a standard beer holds 11 sips; a light beer or any other drink 8."""

    standard = "standard"
    light = "light"
    other = "other"

    @property
    def sips(self) -> int:
        """Returns how many sips one full drink of this type holds."""
        return 11 if self is DrinkType.standard else 8


# The columns of the drinking table (rows of BeerLedger.table, the view's "drinks").
DRINK_COLUMNS = (
    DrinkColumn("sips", "sips"),
    DrinkColumn("beers", "beers"),
    DrinkColumn("caused", "caused"),
)


@dataclass(frozen=True)
class BeerLedger(Ledger):
    """The ledger of a race: sips per player, and each player's drink (its size)."""

    drinks: tuple[DrinkType, ...] = ()

    @classmethod
    def of(cls, drinks: tuple[DrinkType, ...]) -> BeerLedger:
        """Returns the empty ledger of players drinking ``drinks`` (one per seat)."""
        return cls(len(drinks), drinks=drinks)

    def sips_drunk(self, player: int) -> int:
        """Returns all sips the player has drunk."""
        return self.drunk(player)

    def sips_caused(self, player: int) -> int:
        """Returns the sips the player made others drink."""
        return self.caused(player)

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
