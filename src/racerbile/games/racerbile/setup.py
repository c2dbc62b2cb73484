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

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)

from ...engine.bounds import Name
from ...engine.errors import TrackError
from .catalog import TRACKS, unknown_track
from .drinks import DrinkType
from .track import Track
from .trackfile import MAX_TEXT


@dataclass(frozen=True)
class RuleSet:
    """The switches that tell the rule sets apart (§10: Racerbile on top of Babybile)."""

    name: str
    time_trial: bool = False  # RB-RACE-1: start order by time trial, not by dice
    smashed_gearbox: bool = False  # RB-RACE-2: three 1s also force 1st gear
    off_track_chug: bool = False  # RB-RACE-3: chug the rest before coming back
    facing: bool = False  # RB-RACE-4: cars keep a heading between turns
    # Le Mans (§12, on top of Racerbile):
    teams: bool = False  # RB-LM-1: a seat is a team of drivers; judges referee (RB-LM-2)
    sip_cap: int | None = None  # RB-LM-4: most sips one seat drinks in one turn
    fortytwo: bool = False  # RB-LM-5: the lander on the 42-cell names an opponent
    pit_entry_gear: bool = False  # RB-LM-8: the pit lane is entered in the track's gear
    stall_limit: int | None = None  # RB-LM-10: stalls per turn before the turn passes
    clock_end: bool = False  # RB-LM-12: the race ends by the clock, not by laps


RULE_SETS: dict[str, RuleSet] = {
    "babybile": RuleSet("babybile"),
    "racerbile": RuleSet(
        "racerbile", time_trial=True, smashed_gearbox=True, off_track_chug=True, facing=True
    ),
}
"""The rule sets of a race between players (the track analysis compares these)."""

LE_MANS = RuleSet(
    "lemans",
    time_trial=True,
    smashed_gearbox=True,
    off_track_chug=True,
    facing=True,
    teams=True,
    sip_cap=42,
    fortytwo=True,
    pit_entry_gear=True,
    stall_limit=3,
    clock_end=True,
)
"""§12: the 24-hour team event, Racerbile's driving rules and the RB-LM switches."""

ALL_RULE_SETS: dict[str, RuleSet] = {**RULE_SETS, LE_MANS.name: LE_MANS}
"""Every rule set a :class:`Setup` may choose."""
LE_MANS_FIELDS = ("teams", "judges", "event_hours")  # left out of the JSON form when unset
LE_MANS_HOURS = 24.0  # RB-LM-12: the event's length
ONE_SECOND_IN_HOURS = 1 / 3600
DAY_S = 86_400.0


class Player(BaseModel):
    """One player: a name and the declared drink (RB-DRINK-2)."""

    model_config = ConfigDict(extra="forbid")

    name: Name
    drink: DrinkType = DrinkType.standard


class Team(BaseModel):
    """RB-LM-1: a Le Mans team: a name, one to three drivers and the team's drink.

    The team drinks from one measured glass (the seed: a glass per team, 11 marks a
    beer), so the ledger counts per team; the driver at the wheel drinks it.
    """

    model_config = ConfigDict(extra="forbid")

    name: Name
    drivers: list[Name] = Field(min_length=1, max_length=3)
    drink: DrinkType = DrinkType.standard  # RB-LM-3: any beer (RB-DRINK-1 still applies)

    @field_validator("drivers")
    @classmethod
    def _driver_names(cls, drivers: list[str]) -> list[str]:
        if len(set(drivers)) != len(drivers):
            raise ValueError("a team's drivers must have distinct names")
        return drivers


class Setup(BaseModel):
    """The settings of one Racerbile race. Only ``players`` is required.

    Le Mans (``rule_set="lemans"``) takes ``teams`` instead (each team is a seat and
    ``players`` is derived from them; plain ``players`` become one-driver teams) and
    ``judges``; its default track is ``lemans``, and ``event_hours`` (default 24, None:
    no clock) is when the app's clock calls the last lap (RB-LM-12). ``teams``,
    ``judges``, ``event_hours`` and ``track_text`` are left out of the JSON form when
    unset, so the records of the other rule sets and of bundled tracks do not change.

    The track is a bundled id (``track``) or a whole track file sent as ``track_text``;
    a setup never names a file.
    """

    model_config = ConfigDict(extra="forbid")

    players: list[Player] = Field(min_length=1, max_length=8)
    rule_set: Literal["babybile", "racerbile", "lemans"] = "babybile"
    track: str = Field("oval", description="a bundled track id")
    track_text: str | None = Field(
        None,
        min_length=1,
        max_length=MAX_TEXT,
        description="a whole track file (TOML) as text; overrides 'track'",
    )
    laps: int | None = Field(None, ge=1, le=100, description="RB-END-1; None: the track's laps")
    fork_choice: Literal["per_race", "per_lap"] | None = Field(
        None, description="RB-TRACK-3 scope of a fork choice; None: as the track file says"
    )
    announcements: Literal["auto", "manual"] = Field("auto", description="RB-ANN-1")
    stall_timer: float | None = Field(
        None, ge=1, le=DAY_S, description="RB-NOL-1 seconds per decision; None: no timer"
    )
    two_wheels: bool = Field(False, description="RB-OPT-1: two wheels in turns on 7-9")
    out_of_fuel: bool = Field(False, description="RB-OPT-2: 12+ cells ahead runs dry")
    stalin: bool = Field(False, description="RB-OPT-3: a bot personality, no rule change")
    upside_down: bool = Field(False, description="RB-OPT-4: a cap moved upside down moves again")
    triple_clutch_whole_beer: bool = Field(False, description="RB-OPT-5: three 1s cost a beer")
    smashed_gearbox: bool = Field(False, description="RB-OPT-6: three 1s move 0 cells, a beer")
    off_track_whole_beer: bool = Field(False, description="RB-OPT-7: off track costs a beer")
    finish_first: bool = Field(False, description="RB-OPT-8: a sip for ending a turn first")
    teams: list[Team] | None = Field(
        None, max_length=8, description="RB-LM-1: Le Mans teams (seats), drivers and drinks"
    )
    judges: list[Name] | None = Field(
        None, max_length=12, description="RB-LM-2: the names of the Le Mans judges"
    )
    event_hours: float | None = Field(
        None,
        ge=ONE_SECOND_IN_HOURS,
        le=168,
        description="RB-LM-12: hours until the last lap is called (Le Mans; default 24)",
    )

    @model_validator(mode="before")
    @classmethod
    def _teams_are_players(cls, data: Any) -> Any:
        """Le Mans: the teams are the seats; ``players`` follows from ``teams``."""
        if not isinstance(data, dict) or data.get("rule_set") != "lemans":
            return data
        data = dict(data)
        data.setdefault("track", "lemans")
        data.setdefault("event_hours", LE_MANS_HOURS)
        teams = data.get("teams")
        if teams is not None and "players" not in data and isinstance(teams, list):
            data["players"] = [
                {"name": _get(t, "name"), "drink": _get(t, "drink") or "standard"} for t in teams
            ]
        return data

    @field_validator("players")
    @classmethod
    def _distinct_names(cls, players: list[Player]) -> list[Player]:
        names = [p.name for p in players]
        if len(set(names)) != len(names):
            raise ValueError("player names must be distinct")
        return players

    @field_validator("judges")
    @classmethod
    def _judge_names(cls, judges: list[str] | None) -> list[str] | None:
        if judges is not None and len(set(judges)) != len(judges):
            raise ValueError("judge names must be distinct")
        return judges

    @field_validator("track")
    @classmethod
    def _bundled_track(cls, track: str) -> str:
        if track not in TRACKS.bundled():
            raise ValueError(unknown_track(TRACKS.bundled()))
        return track

    @field_validator("track_text")
    @classmethod
    def _track_loads(cls, text: str | None) -> str | None:
        if text is not None:
            try:
                TRACKS.parse(text)
            except TrackError as exc:
                raise ValueError(str(exc)) from None
        return text

    @model_validator(mode="after")
    def _le_mans_settings(self) -> Setup:
        if self.rule_set != "lemans":
            if self.teams is not None or self.judges is not None or self.event_hours is not None:
                raise ValueError(
                    "teams, judges and event_hours are Le Mans settings (rule_set 'lemans')"
                )
            return self
        if self.teams is None:  # RB-LM-1: plain players are one-driver teams
            self.teams = [Team(name=p.name, drivers=[p.name], drink=p.drink) for p in self.players]
        if [(t.name, t.drink) for t in self.teams] != [(p.name, p.drink) for p in self.players]:
            raise ValueError("players must be the teams' names and drinks, in order")
        if self.judges is None:
            self.judges = []
        return self

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for name in LE_MANS_FIELDS:
            if data.get(name) is None and (name != "event_hours" or self.rule_set != "lemans"):
                data.pop(name, None)  # Le Mans keeps "event_hours": null (no clock)
        if data.get("track_text") is None:
            data.pop("track_text", None)
        return data


def _get(item: Any, name: str) -> Any:
    return getattr(item, name, None) if not isinstance(item, dict) else item.get(name)


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
    drivers: tuple[tuple[str, ...], ...] = ()  # RB-LM-1: each team's drivers (Le Mans)
    judges: tuple[str, ...] = ()  # RB-LM-2: the judges' names (Le Mans)
    event_hours: float | None = None  # RB-LM-12: the app's clock (Le Mans)
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def players(self) -> int:
        """Returns the number of players."""
        return len(self.names)


def configure(setup: Setup, track: Track | None = None) -> Config:
    """Returns the config of ``setup``; ``track`` overrides the setup's track.

    Raises ValueError (a TrackError) when the track cannot be loaded or its grid
    cannot hold every car (RB-START-2: two caps per slot at most).
    """
    track = track if track is not None else setup_track(setup)
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
        rules=ALL_RULE_SETS[setup.rule_set],
        options=options,
        names=tuple(p.name for p in setup.players),
        drinks=tuple(p.drink for p in setup.players),
        laps=setup.laps if setup.laps is not None else track.laps,
        per_lap_forks=per_lap,
        manual=setup.announcements == "manual",
        stall_timer=setup.stall_timer,
        drivers=tuple(tuple(t.drivers) for t in setup.teams or ()),
        judges=tuple(setup.judges or ()),
        event_hours=setup.event_hours,
    )


def bundled_tracks() -> dict[str, Path]:
    """Returns the bundled tracks as id -> path."""
    return dict(TRACKS.bundled())


def load_track(ref: str) -> Track:
    """Returns the bundled track ``ref``; raises TrackError for any other id."""
    return TRACKS.load(ref)


def setup_track(setup: Setup) -> Track:
    """Returns the setup's track: its ``track_text`` if it has one, else the bundled id."""
    if setup.track_text is not None:
        return TRACKS.parse(setup.track_text)
    return TRACKS.load(setup.track)
