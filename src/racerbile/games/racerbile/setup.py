"""Racerbile setup: the validated settings (pydantic, at the edge) and the frozen config.

The pydantic :class:`Setup` is what a lobby, a record or a test sends. :func:`configure`
turns it into a :class:`Config`: plain frozen values the rules read on every action,
with the track loaded once and its geometry precomputed. Rule sets are data
(:class:`RuleSet`), never subclasses; every special rule (RB-OPT-1…8) is one switch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ...engine.ledger import DrinkType
from .catalog import TRACKS
from .track import Track


@dataclass(frozen=True)
class RuleSet:
    """The switches that tell the rule sets apart (§10: Racerbile on top of Babybile)."""

    name: str
    time_trial: bool = False  # RB-RACE-1: start order by time trial, not by dice
    smashed_gearbox: bool = False  # RB-RACE-2: three 1s also force 1st gear
    off_track_chug: bool = False  # RB-RACE-3: chug the rest before coming back
    facing: bool = False  # RB-RACE-4: cars keep a heading between turns


RULE_SETS: dict[str, RuleSet] = {
    "babybile": RuleSet("babybile"),
    "racerbile": RuleSet(
        "racerbile", time_trial=True, smashed_gearbox=True, off_track_chug=True, facing=True
    ),
}


class Player(BaseModel):
    """One player: a name and the declared drink (RB-DRINK-2)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    drink: DrinkType = DrinkType.standard


class Setup(BaseModel):
    """The settings of one Racerbile race. Only ``players`` is required."""

    model_config = ConfigDict(extra="forbid")

    players: list[Player] = Field(min_length=1, max_length=8)
    rule_set: Literal["babybile", "racerbile"] = "babybile"
    track: str = Field("oval", description="a bundled track id (or a track file path)")
    laps: int | None = Field(None, ge=1, le=100, description="RB-END-1; None: the track's laps")
    fork_choice: Literal["per_race", "per_lap"] | None = Field(
        None, description="RB-TRACK-3 scope of a fork choice; None: as the track file says"
    )
    announcements: Literal["auto", "manual"] = Field("auto", description="RB-ANN-1")
    stall_timer: float | None = Field(
        None, gt=0, description="RB-NOL-1 seconds per decision; None: no timer"
    )
    two_wheels: bool = Field(False, description="RB-OPT-1: two wheels in turns on 7-9")
    out_of_fuel: bool = Field(False, description="RB-OPT-2: 12+ cells ahead runs dry")
    stalin: bool = Field(False, description="RB-OPT-3: a bot personality, no rule change")
    upside_down: bool = Field(False, description="RB-OPT-4: a cap moved upside down moves again")
    triple_clutch_whole_beer: bool = Field(False, description="RB-OPT-5: three 1s cost a beer")
    smashed_gearbox: bool = Field(False, description="RB-OPT-6: three 1s move 0 cells, a beer")
    off_track_whole_beer: bool = Field(False, description="RB-OPT-7: off track costs a beer")
    finish_first: bool = Field(False, description="RB-OPT-8: a sip for ending a turn first")

    @field_validator("players")
    @classmethod
    def _distinct_names(cls, players: list[Player]) -> list[Player]:
        names = [p.name for p in players]
        if len(set(names)) != len(names):
            raise ValueError("player names must be distinct")
        return players


@dataclass(frozen=True)
class Options:
    """The special rules switched on (RB-OPT-1…8)."""

    two_wheels: bool = False
    out_of_fuel: bool = False
    stalin: bool = False
    upside_down: bool = False
    triple_clutch_whole_beer: bool = False
    smashed_gearbox: bool = False
    off_track_whole_beer: bool = False
    finish_first: bool = False


@dataclass(frozen=True)
class Config:
    """Everything fixed for one race; states refer to it and compare it by value."""

    track: Track
    rules: RuleSet
    options: Options
    names: tuple[str, ...]
    drinks: tuple[DrinkType, ...]
    laps: int
    per_lap_forks: frozenset[str]
    manual: bool = False
    stall_timer: float | None = None
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def players(self) -> int:
        """Returns the number of players."""
        return len(self.names)


def configure(setup: Setup, track: Track | None = None) -> Config:
    """Returns the config of ``setup``; ``track`` overrides the setup's track id.

    Raises ValueError (a TrackError) when the track cannot be loaded or its grid
    cannot hold every car (RB-START-2: two caps per slot at most).
    """
    track = track if track is not None else load_track(setup.track)
    if len(setup.players) > 2 * len(track.grid):
        raise ValueError(
            f"track {track.id!r} has {len(track.grid)} grid slots, room for "
            f"{2 * len(track.grid)} cars; {len(setup.players)} players do not fit (RB-START-2)"
        )
    options = Options(**{name: getattr(setup, name) for name in Options.__dataclass_fields__})
    if setup.fork_choice is None:
        per_lap = frozenset(f.id for f in track.forks if f.choice == "per_lap")
    else:
        per_lap = (
            frozenset(f.id for f in track.forks) if setup.fork_choice == "per_lap" else frozenset()
        )
    return Config(
        track=track,
        rules=RULE_SETS[setup.rule_set],
        options=options,
        names=tuple(p.name for p in setup.players),
        drinks=tuple(p.drink for p in setup.players),
        laps=setup.laps if setup.laps is not None else track.laps,
        per_lap_forks=per_lap,
        manual=setup.announcements == "manual",
        stall_timer=setup.stall_timer,
    )


def bundled_tracks() -> dict[str, Path]:
    """Returns the bundled tracks as id -> path."""
    return dict(TRACKS.bundled())


def load_track(ref: str) -> Track:
    """Returns the track of a bundled id or a file path; raises TrackError.

    The same unchanged file gives the same Track object, so replayed states compare equal.
    """
    loaded: Track = TRACKS.load(ref)
    return loaded
