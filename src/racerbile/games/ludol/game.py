"""The Ludøl game behind the engine contract: setup, adapter, view, clocks.

The rules live in :mod:`.rules`; this module turns setups into states, states into
the JSON a seat sees, and asks the host for the game's timers.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel

from ...engine.capabilities import BotRoster, GameCapabilities
from ...engine.contract import (
    CHANCE,
    Action,
    Actor,
    Clock,
    Event,
    Result,
    Standing,
    Step,
)
from . import INFO, notation, rules
from .actions import (
    ACTION_TYPES,
    CLOCK_ACTIONS,
    REFEREE_ACTIONS,
    ChugTimeUp,
    IdleCount,
    IdleExpired,
)
from .describe import describe
from .fast import FAST_PATH
from .ledger import night_table
from .rules.flow import scores
from .setup import LudolSetup, configure
from .state import State, letter


class LudolGame(GameCapabilities):
    """Ludøl for the engine: see :mod:`racerbile.engine.contract` for the contract."""

    info = INFO
    Setup = LudolSetup
    action_types: Sequence[type[Action]] = ACTION_TYPES
    referee_action_types: Sequence[type[Action]] = (*REFEREE_ACTIONS, *CLOCK_ACTIONS)
    """The referee's and line judges' inputs (LD-REF-1) and the clock's actions:
    never in ``legal_actions``, applied by the host with the trusted actor."""
    fast = FAST_PATH  # the compiled simulation path (fast/)

    playthroughs = MappingProxyType(
        {
            "ludol-ludol": ({"players": [{"name": "Anna", "colours": 2}, {"name": "Bo"}]}, 4),
            "ludol-norsk": ({"players": [{"name": "Anna"}, {"name": "Bo"}], "profile": "norsk"}, 5),
        }
    )

    @property
    def bots(self) -> BotRoster:
        """Returns the bots by name (spec §4.3 and the strong expectimax bot)."""
        from .bots import BOTS, DESCRIPTIONS

        return BotRoster(BOTS, DESCRIPTIONS)

    def start(self, setup: BaseModel) -> State:
        """Returns the state before the start-order roll-off (LD-START-1)."""
        valid = setup if isinstance(setup, LudolSetup) else LudolSetup.model_validate(setup)
        return rules.start(configure(valid))

    def to_act(self, state: State) -> Actor:
        return rules.to_act(state)

    def legal_actions(self, state: State) -> list[Action]:
        return rules.legal_actions(state)

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, Fraction]]:
        return rules.chance_outcomes(state)

    def apply(self, state: State, action: Action) -> Step:
        return rules.apply(state, action)

    def roller(self, state: State) -> int | None:
        """Returns the participant who throws the real die now (None when nobody does)."""
        if rules.to_act(state) is not CHANCE:
            return None
        if state.phase == "order":
            assert state.rolloff is not None
            return state.rolloff.contenders[len(state.rolloff.thrown)]
        assert state.turn is not None
        return state.owner[state.turn.colour]

    def judges(self, state: State) -> list[str]:
        """LD-REF-1: the line judges' names (the referee is the host)."""
        return list(state.config.judges)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Returns the public JSON (Ludøl has no hidden information)."""
        return view(state)

    def result(self, state: State) -> Result | None:
        """LD-END-1…4: winners first, the rest by distance score (disqualified last)."""
        ending = state.ending
        if ending is None:
            return None
        board = scores(state)
        table = night_table(state)

        def rank(p: int) -> tuple[int, Fraction]:
            out = p in state.disqualified
            return (2 if out else 0 if p in ending.winners else 1, -board[p])

        order = sorted(range(len(state.config.names)), key=rank)
        standings, place = [], 0
        for i, p in enumerate(order):
            if i == 0 or rank(p) != rank(order[i - 1]):
                place = i + 1
            detail = {"score": notation_fraction(board[p]), **table[p]}
            standings.append(Standing(seat=p, place=place, detail=detail))
        summary = {
            "reason": ending.reason,
            "drinks": table,
            "kitty_to_winner": ending.reason in ("home", "disqualified"),  # LD-END-4
            "may_empty_glasses": True,
        }
        return Result(tuple(standings), summary)

    def describe(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return describe(event, lang, names)

    def seat_names(self, state: State) -> list[str]:
        return list(state.config.names)

    def clock(self, state: State) -> list[Clock]:
        """LD-REF-4: after ``idle_seconds`` without an action the 10→0 count starts, and
        when it is done a flag (d)/(e) is raised. LD-HIT-1: the oldest running chug's
        countdown. Both run from the last action for now: the chug countdown should
        start at its knock-home event (a clock kind the host does not offer yet)."""
        timers: list[Clock] = []
        turn, config = state.turn, state.config
        if state.phase == "play" and turn is not None and config.profile.referee_flags:
            if config.idle_seconds is not None and not turn.counting:
                timers.append(Clock(config.idle_seconds, IdleCount(turn.number)))
            if turn.counting:
                timers.append(Clock(config.count_seconds, IdleExpired(turn.number)))
        running = [c for c in state.chugs if c.status == "running"]
        if state.phase != "over" and running:
            timers.append(Clock(config.chug_seconds, ChugTimeUp(running[0].id)))
        return timers

    def format_state(self, state: State) -> str:
        return notation.format_state(state)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)


def notation_fraction(value: Fraction) -> str:
    """Returns an exact score as ``n`` or ``n/d``."""
    return str(value.numerator) if value.denominator == 1 else str(value)


def view(state: State) -> dict[str, Any]:
    """Returns the JSON anyone may see: board, turn, options, flags, chugs, ledger."""
    actor = rules.to_act(state)
    turn = state.turn
    data: dict[str, Any] = {
        "game": INFO.id,
        "profile": state.config.profile.name,
        "phase": state.phase,
        "notation": notation.format_state(state),
        "to_act": "chance" if actor is CHANCE else actor,
        "names": list(state.config.names),
        "judges": list(state.config.judges),
        "colours": [
            {"letter": letter(k), "participant": p, "glasses": list(state.glasses[k])}
            for k, p in enumerate(state.owner)
        ],
        "legal": [notation.format_action(a) for a in rules.legal_actions(state)],
        "flags": [
            {"id": f.id, "kind": f.kind, "participant": f.participant, "status": f.status}
            for f in state.flags
        ],
        "chugs": [
            {
                "id": c.id,
                "participant": c.participant,
                "glasses": list(c.glasses),
                "status": c.status,
            }
            for c in state.chugs
        ],
        "drinks": night_table(state),
        "vomits": list(state.vomits),
        "disqualified": sorted(state.disqualified),
        "poured": state.poured,
        "audit": [
            {
                "n": e.number,
                "kind": e.kind,
                "judge": e.judge,
                "reason": e.reason,
                "detail": e.detail,
            }
            for e in state.audit
        ],
        "can_undo": state.undo is not None,
        "scores": {str(p): notation_fraction(s) for p, s in scores(state).items()},
    }
    if state.rolloff is not None:
        data["rolloff"] = {
            "contenders": list(state.rolloff.contenders),
            "thrown": list(state.rolloff.thrown),
        }
    if turn is not None:
        data["turn"] = {
            "colour": letter(turn.colour),
            "number": turn.number,
            "chain": turn.chain,
            "tries": turn.attempts,
            "throw": turn.throw,
            "forced": turn.forced,
            "declare": turn.declare,
            "counting": turn.counting,
        }
    if state.ending is not None:
        data["ending"] = {"reason": state.ending.reason, "winners": list(state.ending.winners)}
    return data


GAME = LudolGame()
