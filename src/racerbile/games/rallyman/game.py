"""The Rallyman game behind the engine contract: setup, adapter, view.

The rules live in :mod:`.rules`; this module loads the rally (bundled data, the only I/O)
and turns states into the JSON a seat sees (nothing is hidden in Rallyman).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Literal

from pydantic import BaseModel

from ...engine.capabilities import BotRoster, GameCapabilities, LogLine, SimStats
from ...engine.contract import Action, Actor, Event, Result, Step
from ...engine.memo import per_state
from . import INFO, notation, rules, undo
from .actions import ACTION_TYPES
from .board.catalog import TRACKS, RallymanTracks
from .describe import describe
from .narrate import BREAKS, narrate
from .page import page_view, traced
from .setup import RallymanSetup, load_setup_rally
from .state import State
from .stats import STATS


class RallymanGame(GameCapabilities):
    """Rallyman for the engine: see :mod:`racerbile.engine.contract` for the contract."""

    info = INFO
    Setup: type[BaseModel] = RallymanSetup
    action_types: Sequence[type[Action]] = ACTION_TYPES
    stats: SimStats | None = STATS
    narration_breaks = BREAKS  # no turn spans these: the sentences after start afresh
    narration_resumes = True  # a turn's sentence needs none of the events before it
    playthroughs: Mapping[str, tuple[dict[str, Any], int]] = MappingProxyType(
        {
            "rallyman-stage": (
                {"players": [{"name": "Anna"}, {"name": "Bo"}], "rally": "ss-kalkbrud"},
                2,
            ),
            "rallyman-rally": (
                {"players": [{"name": "Anna"}, {"name": "Bo"}], "rally": "kalkbrud"},
                2,
            ),
        }
    )
    analysis: Callable[[str, str | None], dict[str, Any]] | None = staticmethod(
        lambda track, rule_set: stage_analysis(track, rule_set)
    )

    @property
    def tracks(self) -> RallymanTracks:
        """Returns the catalogue of tiles, stages and rallies."""
        return TRACKS

    @property
    def bots(self) -> BotRoster:
        """Returns the bots by name: ``cautious``, ``attacker``."""
        from .bots import BOTS, DESCRIPTIONS

        return BotRoster(BOTS, DESCRIPTIONS)

    def start(self, setup: BaseModel) -> State:
        """Returns the rally before the tyres are fitted."""
        assert isinstance(setup, RallymanSetup)
        names = tuple(p.name for p in setup.players)
        return rules.start(load_setup_rally(setup), names, setup.options.rules())

    def to_act(self, state: State) -> Actor:
        """Returns the seat to act, CHANCE, or None when the rally is over."""
        return rules.to_act(state)

    def legal_actions(self, state: State) -> list[Action]:
        """Returns exactly what the actor may do now."""
        return rules.legal_actions(state)

    def chance_outcomes(self, state: State) -> list[tuple[Action, Fraction]]:
        """Returns the exact distribution at a chance point."""
        return rules.chance_outcomes(state)

    def apply(self, state: State, action: Action) -> Step:
        """Returns the next state and its events, the turn ends traced for ghosts."""
        step = rules.apply(state, action)
        return Step(traced(state, step.state, step.events), step.events)

    def may_void(self, state: State, actions: Sequence[Action], sender: str) -> str | None:
        """Returns why ``sender`` may not take ``actions`` back (see :mod:`.undo`)."""
        return undo.may_void(state, actions, sender)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Returns the JSON anybody may see, with the exact risk of each legal die."""
        return view(state)

    def result(self, state: State) -> Result | None:
        """Returns the standings once the rally is over."""
        return rules.ranking(state) if state.phase == "over" else None

    def describe(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """Returns the event's sentence in English (``en``) or Danish (``da``)."""
        return describe(event, lang, names)

    def narrate(
        self, events: Sequence[tuple[int, Event]], lang: str, names: Sequence[str]
    ) -> list[LogLine]:
        """Returns the log with one sentence per driver's turn (see :mod:`.narrate`)."""
        return narrate(events, lang, names)

    def clock(self, state: State) -> None:
        """Rallyman has no clock."""
        return None

    def format_state(self, state: State) -> str:
        """Returns the one-line notation of ``state``."""
        return notation.format_state(state)

    def format_action(self, action: Action) -> str:
        """Returns the notation of ``action``."""
        return notation.format_action(action)

    def parse_action(self, text: str) -> Action:
        """Returns the action written as ``text``; raises InvalidAction."""
        return notation.parse_action(text)

    def seat_names(self, state: State) -> list[str]:
        """Returns the drivers' names by seat."""
        return list(state.names)


@per_state
def view(state: State) -> dict[str, Any]:
    """Returns the public JSON of ``state``: the same for every seat (nothing is hidden),
    so made once per state for all who ask, who must not change it."""
    from .odds import die_risks

    stage = state.stage
    cars = []
    for seat, car in enumerate(state.cars):
        cars.append(
            {
                "seat": seat,
                "name": state.names[seat],
                "status": car.status,
                "tyres": car.tyres,
                "space": None if car.space is None else stage.gid(car.space),
                "off": car.off,
                "gear": car.gear,
                "damage": car.damage,
                "punctures": car.punctures,
                "tokens": car.tokens,
                "penalty": car.penalty,
                "spare_used": car.spare_used,
                "sisu_used": car.sisu_used,
                "stack": [[c.gear, c.seconds, c.back] for c in car.stack],
                "stage_time": car.stage_time,
                "stage_times": list(car.times),
            }
        )
    data: dict[str, Any] = {
        "game": INFO.id,
        "rally": state.rally.id,
        "stage": stage.id,
        "stage_number": state.stage_no + 1,
        "phase": state.phase,
        "round": state.round,
        "order": list(state.order),
        "cars": cars,
        "mud": [list(m) for m in state.mud],
        "notation": notation.format_state(state),
        **page_view(state),
    }
    turn = state.turn
    if turn is not None and state.phase == "race":
        data["turn"] = {
            "seat": turn.seat,
            "technique": turn.technique,
            "used": list(turn.used),
            "hazards": turn.hazards,
            "gear": turn.gear,
            "secured": turn.secured,
            "pool": "".join(turn.pool),
            "faces": "".join("H" if f else "." for f in turn.faces),
        }
        if rules.to_act(state) == turn.seat:
            data["risk"] = {
                notation.format_action(a): f"{p.numerator}/{p.denominator}"
                for a, p in die_risks(state).items()
            }
    return data


def stage_analysis(track: str, rule_set: str | None) -> dict[str, Any]:
    """Returns the optimal solo driver's figures for every stage of ``track`` (a bundled
    stage or rally id) on the tyres ``rule_set`` (``snow``; else asphalt), as JSON (see
    :mod:`.analysis`); raises TrackError."""
    from .analysis import analyse_stage

    tyres: Literal["asphalt", "snow"] = "snow" if rule_set == "snow" else "asphalt"
    return {"stages": [analyse_stage(s, tyres).to_json() for s in TRACKS.load(track).stages]}


GAME = RallymanGame()
