"""The Vectrace game behind the engine contract: setup, adapter, view.

The rules themselves live in :mod:`.rules`; this module validates the setup, loads
the track (the only I/O) and turns states into the JSON a seat sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...engine.bounds import Name
from ...engine.capabilities import BotRoster, GameCapabilities
from ...engine.contract import Action, Event, Result, Step
from ...engine.errors import TrackError
from . import INFO, notation, rules
from .actions import ACTION_TYPES, Move, Place, describe
from .catalog import DEFAULT_TRACK, TRACKS, VectraceTracks, unknown_track
from .state import Options, State
from .stats import STATS
from .targets import marked_targets
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


class VectraceGame(GameCapabilities):
    """Vectrace for the engine: see :mod:`racerbile.engine.contract` for the contract."""

    info = INFO
    Setup = VectraceSetup
    action_types: Sequence[type[Action]] = ACTION_TYPES
    stats = STATS
    playthroughs = MappingProxyType(
        {"vectrace-sprint": ({"players": [{"name": "Anna"}, {"name": "Bo"}]}, 3)}
    )

    @property
    def tracks(self) -> VectraceTracks:
        """Returns the track catalogue."""
        return TRACKS

    @property
    def bots(self) -> BotRoster:
        """Returns the bots by name: ``optimal``, ``cautious``, ``random``."""
        from .bots import BOTS, DESCRIPTIONS

        return BotRoster(BOTS, DESCRIPTIONS)

    def start(self, setup: BaseModel) -> State:
        """Returns the state before the turn order is set."""
        assert isinstance(setup, VectraceSetup)
        track = load_setup_track(setup)
        names = tuple(p.name for p in setup.players)
        return rules.start(track, names, rule_options(setup.options, track))

    def to_act(self, state: State) -> int | None:
        """Returns the seat to act; never CHANCE (Vectrace has no chance)."""
        return rules.to_act(state)

    def legal_actions(self, state: State) -> list[Action]:
        """Returns the actions open to the actor."""
        return rules.legal_actions(state)

    def chance_outcomes(self, state: State) -> list[tuple[Action, Fraction]]:
        """Returns [] (no chance in Vectrace)."""
        return []

    def apply(self, state: State, action: Action) -> Step:
        """Returns the next state and its events."""
        return rules.apply(state, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Returns the JSON anybody may see (Vectrace has no hidden information)."""
        return view(state)

    def result(self, state: State) -> Result | None:
        """Returns the standings once the race is over."""
        return rules.result(state)

    def describe(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """Returns the event's sentence in English (``en``) or Danish (``da``).

        Vectrace events carry the players' names themselves, so ``names`` is not needed.
        """
        return describe(event, lang)

    def clock(self, state: State) -> tuple[float, Action] | None:
        """Vectrace has no clock."""
        return None

    def format_state(self, state: State) -> str:
        """Returns the one-line notation of ``state``."""
        return notation.format_state(state)

    def format_action(self, action: Action) -> str:
        """Returns the notation of ``action`` (``parse_action`` reads it back)."""
        return notation.format_action(action)

    def parse_action(self, text: str) -> Action:
        """Returns the action written as ``text``; raises InvalidAction."""
        return notation.parse_action(text)

    def seat_names(self, state: State) -> list[str]:
        """Returns the players' names by seat."""
        return list(state.names)

    def may_void(self, state: State, actions: Sequence[Action], sender: str) -> str | None:
        """Returns why ``sender`` may not take ``actions`` back, or None.

        On paper a move stands once the next car has moved; the platform hands a player
        only their own latest actions, so a player may take back the placing or the
        move they made last (a slip of the finger) while nobody has moved since. The
        host, as the race's referee, may take back any move; the turn order drawn at
        the start (``begin``) stands for everybody but the host.
        """
        if sender == "host":
            return None
        if sender != "seat":
            return "Vectrace has no judges"
        if any(not isinstance(a, Place | Move) for a in actions):
            return "the turn order stands; ask the host to take it back"
        return None


def view(state: State) -> dict[str, Any]:
    """Returns the public JSON of ``state``, with the acting car's targets marked."""
    acting = rules.to_act(state)
    cars = []
    for seat, car in enumerate(state.cars):
        cars.append(
            {
                "seat": seat,
                "name": state.names[seat],
                "pos": list(car.pos) if car.pos is not None else None,
                "vector": list(car.vel),
                "status": car.status,
                "moves": car.moves,
                "progress": car.progress,
                "time": None
                if car.time is None
                else f"{car.time.numerator}/{car.time.denominator}",
                "trail": [list(p) for p in car.trail],
            }
        )
    data: dict[str, Any] = {
        "game": INFO.id,
        "track": state.track.id,
        "phase": state.phase,
        "round": state.round,
        "order": list(state.order),
        "to_act": acting,
        "cars": cars,
        "notation": notation.format_state(state),
    }
    if state.phase == "race" and acting is not None:
        data["targets"] = marked_targets(state)  # x, y, outcome, verdict, doomed_in
    return data


GAME = VectraceGame()
