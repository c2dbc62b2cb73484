"""The Vectrace game behind the engine contract: the adapter and the view.

The rules live in :mod:`.rules`, the setup (which loads the track) in :mod:`.setup`;
this module adapts them to the contract and turns states into the JSON a seat sees.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel

from ...engine.capabilities import BotRoster, GameCapabilities, LogLine
from ...engine.contract import Action, Event, Result, Step
from . import INFO, notation, rules
from .actions import ACTION_TYPES, Move, Place
from .catalog import TRACKS, VectraceTracks
from .describe import describe
from .narrate import narrate
from .setup import (
    VectraceSetup,
    load_setup_track,
    rule_options,
)
from .state import State
from .stats import STATS
from .targets import marked_targets
from .track import Point


class VectraceGame(GameCapabilities):
    """Vectrace for the engine: see :mod:`racerbile.engine.contract` for the contract."""

    info = INFO
    Setup = VectraceSetup
    action_types: Sequence[type[Action]] = ACTION_TYPES
    stats = STATS
    # A move's sentence starts at its ``moved`` event, and nothing carries over from
    # one move to the next: the log is told anew from there only (see :mod:`.narrate`).
    narration_breaks = frozenset({"moved"})
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

    def narrate(
        self, events: Sequence[tuple[int, Event]], lang: str, names: Sequence[str]
    ) -> list[LogLine]:
        """Returns the log with one sentence per move (see :mod:`.narrate`)."""
        return narrate(events, lang, names)

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
                "trail": _trail_json(car.trail),
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


_TRAILS: OrderedDict[tuple[int, Point], tuple[tuple[Point, ...], list[list[int]]]] = OrderedDict()
"""The trails lately shown, by length and last point, with their JSON, least recent first."""
_TRAILS_LOCK = threading.Lock()
TRAILS_KEPT = 2048
"""How many trails :data:`_TRAILS` holds: a few a car, as a car set back N moves has the
trail it had N moves before."""


def _trail_json(trail: tuple[Point, ...]) -> list[list[int]]:
    """Returns ``trail`` as JSON lists, shared with the views of other states (a caller
    must not change it).

    A trail grows all race long and every view shows it whole, yet a car that did not
    move has the trail it had, and a car that moved added one point to it: the lists
    are made once per point, not once per point and view.
    """
    if not trail:
        return []
    key = (len(trail), trail[-1])
    with _TRAILS_LOCK:  # views may be made in more than one thread
        kept = _TRAILS.get(key)
        if kept is not None and (kept[0] is trail or kept[0] == trail):
            _TRAILS.move_to_end(key)
            return kept[1]
        before = _TRAILS.get((len(trail) - 1, trail[-2])) if len(trail) > 1 else None
        if before is not None and before[0] == trail[:-1]:
            made = [*before[1], list(trail[-1])]
        else:
            made = list(map(list, trail))
        _TRAILS[key] = (trail, made)
        _TRAILS.move_to_end(key)
        if len(_TRAILS) > TRAILS_KEPT:
            _TRAILS.popitem(last=False)
        return made


GAME = VectraceGame()
