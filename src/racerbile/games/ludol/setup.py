"""Ludøl setup: the validated settings (pydantic, at the edge) and the two rule profiles.

The profiles "norsk" (ordinary Norwegian Ludo, spec §1.2) and "ludol" (spec §2) are
values of :class:`Profile`, never subclasses. The decisions the spec marks ⚙ (A2, A5,
A7, A15) are switches of :class:`LudolOptions` that adjust the profile.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

COLOURS = 4
LETTERS = "ABCD"


@dataclass(frozen=True)
class Profile:
    """The switches that tell the Norwegian base game from Ludøl (spec §1.3)."""

    name: str
    roros: bool  # LD-ROROS-1: the bottom face 7 - t may be used
    six_rule: bool  # LD-SIX-1: a 1 or a 6 may be used as either
    forced_six_from: int | None  # LD-SIX-2: chain index from which a 1/6 must be a 6 (+ beer)
    block_sizes: frozenset[int]  # LD-BLOCK-1: glasses of one colour that block a square
    owner_passes_blocks: bool  # LD-BLOCK-1: the owner passes its own block
    start_square_immune: bool  # LD-HIT-2
    referee_flags: bool  # LD-REF-3: flags raised for the referee, automatic penalty beers
    immune_landing: bool = True  # A2: an opponent may land on an immune glass
    roros_per_throw: bool = False  # A5 alternative: no bottom face while a glass is in the column
    chain_resets: bool = True  # A7: a failed entry attempt restarts the six-chain
    finish_any_colour: bool = False  # A15 alternative: one colour home wins


PROFILES: dict[str, Profile] = {
    # §1.2: towers of two or more can be neither passed nor hit, "by anyone" (the owner too)
    "norsk": Profile(
        "norsk",
        roros=False,
        six_rule=False,
        forced_six_from=None,
        block_sizes=frozenset({2, 3, 4}),
        owner_passes_blocks=False,
        start_square_immune=False,
        referee_flags=False,
    ),
    "ludol": Profile(
        "ludol",
        roros=True,
        six_rule=True,
        forced_six_from=3,
        block_sizes=frozenset({2, 4}),
        owner_passes_blocks=True,
        start_square_immune=True,
        referee_flags=True,
    ),
}


class PlayerSetup(BaseModel):
    """One participant: a name and how many colours they play (LD-SEAT-1)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    colours: int = Field(1, ge=1, le=3, description="LD-SEAT-1: colours this participant plays")


class LudolOptions(BaseModel):
    """The ⚙ decisions of spec §2.6 and the timers of §2.5."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    immune_landing: Literal["share", "illegal"] = Field(
        "share", description="A2: landing on an immune glass shares the square, or is illegal"
    )
    roros_exception: Literal["per_move", "per_throw"] = Field(
        "per_move", description="A5: the home-column exception applies per move or per throw"
    )
    six_chain: Literal["chain", "turn"] = Field(
        "chain", description="A7: count the third throw of the six-chain, or of the whole turn"
    )
    finish: Literal["all_colours", "any_colour"] = Field(
        "all_colours", description="A15: a participant wins with all glasses home, or one colour"
    )
    chug_seconds: int = Field(10, ge=1, le=120, description="LD-HIT-1: the chug countdown")
    idle_seconds: int | None = Field(
        60, ge=5, le=3600, description="LD-REF-4: idle time before the 10→0 count (None: off)"
    )
    count_seconds: int = Field(10, ge=1, le=60, description="LD-REF-4: the 10→0 count")


class LudolSetup(BaseModel):
    """A game: participants in clockwise seating order, the profile and the switches."""

    model_config = ConfigDict(extra="forbid")
    players: list[PlayerSetup] = Field(min_length=2, max_length=4)
    profile: Literal["ludol", "norsk"] = "ludol"
    options: LudolOptions = LudolOptions()
    first: int | None = Field(
        None, ge=0, le=3, description="LD-START-1: who starts (None: the start-order roll-off)"
    )
    line_judges: list[str] = Field(
        default_factory=list, max_length=2, description="LD-REF-1: up to two line judges"
    )
    abv: float = Field(4.5, ge=4.5, le=100, description="LD-DRINK-1: pilsner of 4.5 % or more")

    @model_validator(mode="after")
    def _fits_the_board(self) -> LudolSetup:
        total = sum(p.colours for p in self.players)
        if total > COLOURS:
            raise ValueError(f"LD-SEAT-1: {total} colours asked for, the board has {COLOURS}")
        if self.first is not None and self.first >= len(self.players):
            raise ValueError(f"first: there is no participant {self.first}")
        names = [p.name for p in self.players] + self.line_judges
        if len(set(names)) != len(names):
            raise ValueError("players and line_judges: every name must be different")
        if any(not 1 <= len(j) <= 40 for j in self.line_judges):
            raise ValueError("line_judges: a name has 1 to 40 characters")
        return self


@dataclass(frozen=True)
class Config:
    """The fixed settings the rules read: profile, names, colours, judges, timers."""

    profile: Profile
    names: tuple[str, ...]
    colours: tuple[int, ...]  # colours per participant, in seating order
    judges: tuple[str, ...] = ()
    first: int | None = None
    chug_seconds: int = 10
    idle_seconds: int | None = 60
    count_seconds: int = 10


def configure(setup: LudolSetup) -> Config:
    """Returns the rules' settings for a validated setup."""
    opts = setup.options
    profile = replace(
        PROFILES[setup.profile],
        immune_landing=opts.immune_landing == "share",
        roros_per_throw=opts.roros_exception == "per_throw",
        chain_resets=opts.six_chain == "chain",
        finish_any_colour=opts.finish == "any_colour",
    )
    return Config(
        profile=profile,
        names=tuple(p.name for p in setup.players),
        colours=tuple(p.colours for p in setup.players),
        judges=tuple(setup.line_judges),
        first=setup.first,
        chug_seconds=opts.chug_seconds,
        idle_seconds=opts.idle_seconds,
        count_seconds=opts.count_seconds,
    )
