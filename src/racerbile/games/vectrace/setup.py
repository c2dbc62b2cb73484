"""The Vectrace setup: players, the track (a bundled id or inline text) and the switches.

The setup is the only place a track is loaded; it never names a file.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...engine.bounds import Name
from ...engine.errors import TrackError
from .catalog import DEFAULT_TRACK, TRACKS, unknown_track
from .state import Options
from .track import Track

SETUP_MAX_SIDE = 200
"""The widest and tallest grid a race may use (the bots' tables grow with the area)."""
SETUP_MAX_TEXT = 49_152
"""The most characters of a setup's ``track_text`` (a 200x200 grid holds 40,200; the
setup travels in a request body of at most 64 KiB)."""
MAX_ROUNDS = 10_000
"""The most rounds the house rule ``max_rounds`` may set."""


class PlayerSetup(BaseModel):
    """One player at the table."""

    model_config = ConfigDict(extra="forbid")
    name: Name


class VectraceOptions(BaseModel):
    """The rule switches: one per variant VT-OPT-1…5, plus the house options."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    collision: bool = Field(False, description="VT-OPT-1: ending on a car crashes both")
    skid: bool = Field(False, description="VT-OPT-2: leaving the track but ending on it skids")
    skid_limit: int | None = Field(
        None, ge=0, le=SETUP_MAX_SIDE, description="VT-OPT-2: most squares off the track"
    )
    barrier: bool = Field(False, description="VT-OPT-3: ending off the track hits the barrier")
    setback: bool = Field(False, description="VT-OPT-4: crashed cars are set back, not out")
    setback_moves: int = Field(3, ge=1, le=99, description="VT-OPT-4: how many moves back")
    laps: bool = Field(False, description="VT-OPT-5: lap race, start line = finish line")
    lap_count: int | None = Field(None, ge=1, le=99, description="VT-OPT-5: laps (track default)")
    literal: bool = Field(False, description="VT-END-2: the first car to finish wins at once")
    redraw_order: bool = Field(False, description="VT-START-1: choose who begins every round")
    assign_starts: bool = Field(False, description="VT-START-1: start points are assigned")
    max_rounds: int | None = Field(
        None, ge=1, le=MAX_ROUNDS, description="house rule: end after this many rounds"
    )


class VectraceSetup(BaseModel):
    """A race: players, the track (bundled id or inline text) and the switches.

    A setup never names a file: ``track`` is a bundled id, ``track_text`` a whole track
    in the native text format, at most 200x200 points.
    """

    model_config = ConfigDict(extra="forbid")
    players: list[PlayerSetup] = Field(min_length=1, max_length=8)
    track: str = Field(DEFAULT_TRACK, description="a bundled track id")
    track_text: str | None = Field(
        None,
        max_length=SETUP_MAX_TEXT,
        description="a whole track file (native text format); overrides 'track'",
    )
    options: VectraceOptions = VectraceOptions()

    @field_validator("track")
    @classmethod
    def _bundled_track(cls, track: str) -> str:
        if track not in TRACKS.bundled():
            raise ValueError(unknown_track(TRACKS.bundled()))
        return track

    @field_validator("track_text")
    @classmethod
    def _track_text_loads(cls, text: str | None) -> str | None:
        if text is None:
            return None
        try:
            track = TRACKS.parse(text)
        except TrackError as exc:
            raise ValueError(str(exc)) from None
        if track.width > SETUP_MAX_SIDE or track.height > SETUP_MAX_SIDE:
            raise ValueError(
                f"the grid is {track.width}x{track.height} points; a race allows at most "
                f"{SETUP_MAX_SIDE}x{SETUP_MAX_SIDE}"
            )
        return text

    @model_validator(mode="after")
    def _track_loads(self) -> VectraceSetup:
        track = load_setup_track(self)
        if len(track.starts) < len(self.players):
            raise ValueError(
                f"track {track.id!r} has {len(track.starts)} start points "
                f"for {len(self.players)} players"
            )
        if self.options.laps and not track.checkpoints:
            raise ValueError(f"VT-OPT-5: track {track.id!r} has no checkpoints for a lap race")
        return self


def load_setup_track(setup: VectraceSetup) -> Track:
    """Returns the setup's track; raises ValueError with the TrackError message."""
    try:
        if setup.track_text is not None:
            return TRACKS.parse(setup.track_text)
        return TRACKS.load(setup.track)
    except TrackError as exc:
        raise ValueError(str(exc)) from None


def rule_options(options: VectraceOptions, track: Track) -> Options:
    """Returns the rules' switches for the setup options on ``track``."""
    laps = (options.lap_count or track.laps or 1) if options.laps else 1
    return Options(
        collision=options.collision,
        skid=options.skid,
        skid_limit=options.skid_limit,
        barrier=options.barrier,
        setback=options.setback_moves if options.setback else None,
        laps=laps,
        lap_start=options.laps,
        literal=options.literal,
        redraw_order=options.redraw_order,
        assign_starts=options.assign_starts,
        max_rounds=options.max_rounds,
    )
