"""Racerbile: the game object behind the engine contract (rules in rules.py; the turn in
turn_cycle.py, shift_roll.py and moving.py).

``GAME`` satisfies :class:`racerbile.engine.contract.Game`; rule sets Babybile,
Racerbile and Le Mans (lemans.py), every special rule a switch of :class:`~.setup.Setup`,
and referee mode with the judges' console (referee.py). Its optional capabilities
(tracks, bots, drinks, odds, analysis, simulator statistics, the fast path) are
declared on the class.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel

from ...engine.capabilities import (
    BotRoster,
    FastEngine,
    FastPath,
    GameCapabilities,
    LogLine,
    OddsTable,
)
from ...engine.contract import (
    CHANCE,
    Action,
    Actor,
    Clock,
    Event,
    Result,
    Standing,
    Step,
    TrackCatalog,
)
from ...engine.memo import per_state
from ...engine.outcome import SimSpec
from . import INFO, notation, rules, undo
from .actions import ACTION_TYPES, OUTSIDE_TURN, ClockExpired, Stall
from .catalog import TRACKS
from .describe import describe
from .drinks import DRINK_COLUMNS, BeerLedger
from .narrate import narrate
from .rules import lemans, referee
from .rules.moves import move_options
from .rules.ranking import car_distance, counted_laps, gap, ranking
from .setup import Config, Setup, configure
from .state import State
from .stats import STATS
from .table_odds import gear_table
from .track import Track
from .view_help import move_json, race_arrows

BENCH_BOTS = ("optimal", "greedy", "stalin", "random")


def _fast_engine(threads: int | None) -> FastEngine:
    from .fast.engine import RacerbileFastEngine  # Numba compiles here, on first use

    return RacerbileFastEngine(threads)


def _bench_setup(laps: int) -> dict[str, Any]:
    """The benchmark races: four bots on Le Mans, Racerbile rules."""
    players = [{"name": f"{bot} {seat + 1}"} for seat, bot in enumerate(BENCH_BOTS)]
    return {"players": players, "track": "lemans", "rule_set": "racerbile", "laps": laps}


def _minimal_loop(spec: SimSpec, indices: Sequence[int]) -> int:
    from .fast.baseline import minimal_turns  # Numba compiles here, on first use

    return minimal_turns(spec, indices)


FAST_PATH = FastPath(
    engine=_fast_engine, bench_setup=_bench_setup, bench_players=BENCH_BOTS, baseline=_minimal_loop
)


class RacerbileGame(GameCapabilities):
    """The Racerbile rules behind the shared game contract."""

    info = INFO
    Setup = Setup
    drinks = DRINK_COLUMNS
    narration_breaks = frozenset({"turn_started"})  # a turn's sentence starts there
    stats = STATS
    playthroughs = MappingProxyType(
        {
            "racerbile-babybile": (
                {"players": [{"name": "Anna"}, {"name": "Bo"}, {"name": "Cille"}], "laps": 1},
                1,
            ),
            "racerbile-racerbile": (
                {
                    "players": [{"name": "Anna"}, {"name": "Bo", "drink": "light"}],
                    "rule_set": "racerbile",
                    "laps": 1,
                },
                2,
            ),
        }
    )
    action_types: Sequence[type[Action]] = ACTION_TYPES
    referee_action_types: Sequence[type[Action]] = OUTSIDE_TURN
    """Actions that may come whoever is to act (the clock, the referee, the judges):
    never in ``legal_actions``, applied by the host with the trusted actor."""

    def start(self, setup: BaseModel | Mapping[str, Any], track: Track | None = None) -> State:
        """Returns the state before the start; ``track`` overrides the setup's track id.

        Raises pydantic's ValidationError for a bad setup and ValueError (TrackError)
        when the track cannot be loaded or has too few grid slots.
        """
        valid = (
            setup
            if isinstance(setup, Setup)
            else Setup.model_validate(setup.model_dump() if isinstance(setup, BaseModel) else setup)
        )
        return rules.start(configure(valid, track))

    def config(self, state: State) -> Config:
        """Returns the fixed settings of the race."""
        return state.config

    def to_act(self, state: State) -> Actor:
        return rules.to_act(state)

    def legal_actions(self, state: State) -> list[Action]:
        return rules.legal_actions(state)

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, Fraction]]:
        return rules.chance_outcomes(state)

    def apply(self, state: State, action: Action) -> Step:
        return rules.apply(state, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Returns everything (Racerbile has no hidden information), plus move help and
        the legal actions for the seat to act: ``moves`` (each end ``forward`` or
        ``backward``), ``gears`` (exact odds per gear before the roll, see
        :mod:`.table_odds`) and ``arrows`` (the race direction). ``referee`` holds
        the fault catalogue and the referee's buttons (RB-REF-2); Le Mans adds
        ``lemans``: teams, drivers, judges, the clock and the judges' buttons
        (RB-LM-1, RB-LM-2, RB-LM-12)."""
        config = state.config
        actor = rules.to_act(state)
        data: dict[str, Any] = {
            "game": INFO.id,
            "rule_set": config.rules.name,
            "track": config.track.id,
            "laps": config.laps,
            "announcements": "manual" if config.manual else "auto",
            "phase": state.phase,
            "to_act": "chance" if actor is CHANCE else actor,
            "notation": notation.format_state(state),
            "order": list(state.order),
            "cars": [_car_json(state, s) for s in range(config.players)],
            "standings": _standings(state),
            "drinks": _drinks(state),
            "forks": dict(state.forks),
            "turn": _turn_json(state),
        }
        if actor is not None and (seat is None or seat == actor):
            data["legal"] = [notation.format_action(a) for a in rules.legal_actions(state)]
        if seat is None or (isinstance(actor, int) and seat == actor):
            data["moves"] = _moves_json(state)
            data["gears"] = gear_table(state)  # the odds on the gear buttons
        data["arrows"] = race_arrows(state)
        data["referee"] = {"faults": referee.catalogue_json(), "legal": _referee_buttons(state)}
        if state.lemans is not None:
            data["lemans"] = lemans.view(state)
            data["lemans"]["judge_legal"] = [
                [notation.format_action(a) for a in referee.legal_judge_actions(state, j)]
                for j in range(len(config.judges))
            ]
        return data

    def result(self, state: State) -> Result | None:
        """Returns the standings by RB-TRACK-6 and the drinking table (RB-END-2)."""
        if state.phase != "over":
            return None
        drinks = _drinks(state)
        standings = tuple(
            Standing(seat=row["seat"], place=row["place"], detail={**row, **drinks[row["seat"]]})
            for row in _standings(state)
        )
        return Result(standings, {"drinks": drinks, "laps": state.config.laps})

    def describe(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """Returns one sentence for ``event`` in Danish ("da") or English ("en")."""
        return describe(event, lang, names)

    def referee_actions(self, state: State) -> list[Action]:
        """Returns the referee's buttons now (RB-REF-2; see :mod:`.referee`)."""
        return referee.legal_referee_actions(state)

    def narrate(
        self, events: Sequence[tuple[int, Event]], lang: str, names: Sequence[str]
    ) -> list[LogLine]:
        """Returns the log with one sentence per move (see :mod:`.narrate`)."""
        return narrate(events, lang, names)

    def roller(self, state: State) -> int | None:
        """Returns the seat that throws the real dice due now (see :mod:`.undo`)."""
        return undo.roller(state)

    def may_void(self, state: State, actions: Sequence[Action], sender: str) -> str | None:
        """Returns why ``sender`` may not take ``actions`` back (see :mod:`.undo`)."""
        return undo.may_void(state, actions, sender)

    def seat_names(self, state: State) -> list[str]:
        return list(state.config.names)

    def judges(self, state: State) -> list[str]:
        """Returns the Le Mans judges' names (RB-LM-2); [] for the other rule sets."""
        return list(state.config.judges)

    def clock(self, state: State) -> list[Clock]:
        """The timers the host runs for this race.

        RB-NOL-1 (digital): with a stall timer set, a seat that lets it run out is
        stalled: the host applies the ``Stall`` when nothing happens for that long; each
        stall is recorded like any other action, and the timer starts again.
        RB-LM-12: in Le Mans with an event length, ``ClockExpired`` calls the last lap
        once the event has run ``event_hours`` since the game started (during the race,
        until the last lap is called).
        """
        timers = []
        seconds = state.config.stall_timer
        seat = rules.to_act(state)
        if seconds is not None and isinstance(seat, int):
            timers.append(Clock(seconds, Stall(seat)))
        hours = state.config.event_hours
        if (
            hours is not None
            and state.lemans is not None
            and state.phase == "race"
            and not state.lemans.last_lap
        ):
            timers.append(Clock(hours * 3600, ClockExpired(), since="start"))
        return timers

    def format_state(self, state: State) -> str:
        """Returns the one-line notation of ``state``."""
        return notation.format_state(state)

    def format_action(self, action: Action) -> str:
        """Returns the notation of ``action`` (``parse_action`` reads it back)."""
        return notation.format_action(action)

    def parse_action(self, text: str) -> Action:
        """Returns the action written as ``text``; raises InvalidAction."""
        return notation.parse_action(text)

    def ledger(self, state: State) -> BeerLedger:
        """Returns the race's drink ledger (sips; beers of 11 or 8 sips, RB-DRINK-1)."""
        return state.ledger

    @property
    def tracks(self) -> TrackCatalog:
        """Returns the catalog of Racerbile tracks."""
        return TRACKS

    @property
    def bots(self) -> BotRoster:
        """Returns the bots by name (RB-OPT-3's Stalin among them)."""
        from .bots import BOTS, DESCRIPTIONS

        return BotRoster(BOTS, DESCRIPTIONS)

    @staticmethod
    def odds() -> OddsTable:
        """Returns the exact odds of a roll per gear (see :mod:`.odds`)."""
        from .odds import odds_figures

        return odds_figures()

    @staticmethod
    def analysis(track: str, rule_set: str | None) -> dict[str, Any]:
        """Returns the exact analysis of ``track`` (id or file) for one car alone as
        JSON (see :mod:`.analysis`); raises TrackError or ValueError."""
        from .analysis import analyse_json

        return analyse_json(track, rule_set or "racerbile")

    fast = FAST_PATH


def _moves_json(state: State) -> list[dict[str, Any]]:
    """Returns the move help; each end's ``laps`` counts the laps it completes on the way
    (RB-TRACK-7): a car on a grid behind the line completes none when it crosses the line
    for the first time, which only starts lap 1."""
    options = move_options(state).values()
    if not options or state.turn is None:
        return []
    seat = state.turn.seat
    before = state.cars[seat].laps
    return [
        {**move_json(state, seat, o), "laps": max(0, before + o.laps) - max(0, before)}
        for o in options
    ]


@per_state
def _referee_buttons(state: State) -> list[str]:
    """The referee's buttons in notation, once per state (every view shows them)."""
    return list(_labels(tuple(referee.legal_referee_actions(state))))


@functools.lru_cache(maxsize=64)
def _labels(buttons: tuple[Action, ...]) -> tuple[str, ...]:
    """The buttons' notation, once per set of buttons: they are the same every turn
    (every fault for every seat), and each view shows them all."""
    return tuple(notation.format_action(a) for a in buttons)


def _car_json(state: State, seat: int) -> dict[str, Any]:
    car = state.cars[seat]
    return {
        "seat": seat,
        "name": state.config.names[seat],
        "cell": [car.cell.q, car.cell.r],
        "heading": car.heading,
        "gear": car.gear,
        "laps": car.laps,
        "off_track": car.off_track,
        "left_from": None if car.off_from is None else [car.off_from.q, car.off_from.r],
        "flipped": car.flipped,
        "arrived": car.arrived,
    }


def _standings(state: State) -> list[dict[str, Any]]:
    order = ranking(state)
    rows = [
        {
            "place": place,
            "seat": seat,
            "name": state.config.names[seat],
            "laps": max(state.cars[seat].laps, 0),
            "distance": car_distance(state, state.cars[seat]),
        }
        for place, seat in enumerate(order, start=1)
    ]
    if state.lemans is not None:  # RB-LM-13: laps counted less penalties, gap in cells
        for row, seat in zip(rows, order, strict=True):
            row["laps"] = counted_laps(state, seat)
            row["penalty_laps"] = state.lemans.penalty_laps[seat]
            row["gap"] = gap(state, order[0], seat)
            row["out"] = seat in state.lemans.out
    return rows


def _drinks(state: State) -> list[dict[str, Any]]:
    rows = state.ledger.table()  # one row per seat, in seat order
    return [{"name": state.config.names[seat], **row} for seat, row in enumerate(rows)]


def _turn_json(state: State) -> dict[str, Any] | None:
    turn = state.turn
    if turn is None:
        return None
    return {
        "seat": turn.seat,
        "phase": turn.phase,
        "dice": list(turn.dice),
        "shown56": turn.shown56,
        "total": turn.total,
        "moved": turn.moved,
        "mode": turn.mode,
        "owed": sorted(turn.owed - turn.said),
    }


GAME = RacerbileGame()

__all__ = ["GAME", "RacerbileGame"]
