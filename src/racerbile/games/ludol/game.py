"""The Ludøl game behind the engine contract: setup, adapter, view, clocks.

The rules live in :mod:`.rules`; this module turns setups into states, states into
the JSON a seat sees, and asks the host for the game's timers.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import gcd
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel

from ...engine.capabilities import (
    BotRoster,
    DrinkColumn,
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
)
from ...engine.ledger import Ledger
from ...engine.memo import per_state
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
from .ledger import DRINK_COLUMNS, night_table
from .narrate import narrate
from .rules.flow import score_parts, scores
from .setup import LETTERS, LudolSetup, configure
from .state import State
from .stats import STATS


class LudolGame(GameCapabilities):
    """Ludøl for the engine: see :mod:`racerbile.engine.contract` for the contract."""

    info = INFO
    Setup: type[BaseModel] = LudolSetup
    action_types: Sequence[type[Action]] = ACTION_TYPES
    referee_action_types: Sequence[type[Action]] = (*REFEREE_ACTIONS, *CLOCK_ACTIONS)
    """The referee's and line judges' inputs (LD-REF-1) and the clock's actions:
    never in ``legal_actions``, applied by the host with the trusted actor."""
    fast = FAST_PATH  # the compiled simulation path (fast/)

    stats = STATS
    playthroughs: Mapping[str, tuple[dict[str, Any], int]] = MappingProxyType(
        {
            "ludol-ludol": ({"players": [{"name": "Anna", "colours": 2}, {"name": "Bo"}]}, 4),
            "ludol-norsk": ({"players": [{"name": "Anna"}, {"name": "Bo"}], "profile": "norsk"}, 5),
        }
    )

    narration_breaks = frozenset({"turn_started"})  # a turn's sentences start there

    drinks: tuple[DrinkColumn, ...] = DRINK_COLUMNS
    """LD-DRINK-1: the drinking table's columns (the view's and the result's ``drinks``)."""

    def ledger(self, state: State) -> Ledger:
        """LD-DRINK-1: every drink so far, in glasses, chugs and penalty beers."""
        return state.ledger

    @property
    def bots(self) -> BotRoster:
        """Returns the bots by name (spec §4.3 and the strong expectimax bot)."""
        from .bots import BOTS, DESCRIPTIONS

        return BotRoster(BOTS, DESCRIPTIONS)

    @staticmethod
    def odds() -> OddsTable:
        """Returns the exact figures of spec §4.1 per profile (see :mod:`.odds`)."""
        from .odds import odds_figures

        return odds_figures()

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

    def may_void(self, state: State, actions: Sequence[Action], sender: str) -> str | None:
        """LD-REF-2: the referee (the host) or a line judge may void recorded actions,
        for example the last move and what followed it (the view's ``undo`` counts
        them), a mistyped throw or a penalty; a player may not, and a finished game's
        record is final."""
        if sender not in ("host", "judge"):
            return "only the referee or a line judge may undo (LD-REF-2)"
        if state.phase == "over":
            return "the game is over; its record is final"
        return None

    def judges(self, state: State) -> list[str]:
        """LD-REF-1: the line judges' names (the referee is the host)."""
        return list(state.config.judges)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Returns the public JSON (Ludøl has no hidden information: every seat and
        spectator is given the same view of a state, which callers must not change)."""
        return _shared_view(state)

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

    def narrate(
        self, events: Sequence[tuple[int, Event]], lang: str, names: Sequence[str]
    ) -> list[LogLine]:
        """Returns the log with one sentence per throw (see :mod:`.narrate`)."""
        return narrate(events, lang, names)

    def seat_names(self, state: State) -> list[str]:
        return list(state.config.names)

    def clock(self, state: State) -> list[Clock]:
        """Returns the game's timers, each counted from its event (so a referee input in
        between restarts none of them, and a restart keeps them, since the host takes
        the event times from the record)."""
        if state.phase == "over":
            return []
        return [*idle_clocks(state), *chug_clocks(state)]

    def format_state(self, state: State) -> str:
        return notation.format_state(state)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)


def undo_count(state: State) -> int:
    """LD-REF-2: how many of the record's last live actions the referee's "undo the last
    move" voids: the last move (or declaration) and everything after it (0: nothing)."""
    return 0 if state.phase == "over" else state.since_move


def idle_clocks(state: State) -> list[Clock]:
    """LD-REF-4: ``idle_seconds`` after the turn began waiting for its throw or choice,
    the 10→0 count starts; ``count_seconds`` later a flag (d)/(e) is raised, once per
    waiting point. The throw or the choice (any player action) ends both."""
    turn, config = state.turn, state.config
    if state.phase != "play" or turn is None or not config.profile.referee_flags:
        return []
    if turn.idle == "waiting" and config.idle_seconds is not None:
        return [_idle_clock(False, config.idle_seconds, turn.number, turn.waiting_point)]
    if turn.idle == "counting":
        return [_idle_clock(True, config.count_seconds, turn.number, turn.waiting_point)]
    return []


@functools.lru_cache(maxsize=1024)
def _idle_clock(counting: bool, seconds: int, number: int, point: str) -> Clock:
    """The idle clock of a waiting point, made once: the host asks for the clocks on
    every change and every page, and a clock is an immutable value."""
    if counting:
        return Clock(seconds, IdleExpired(number), "event", f"count:{point}")
    return Clock(seconds, IdleCount(number), "event", f"idle:{point}")


def chug_clocks(state: State) -> list[Clock]:
    """LD-HIT-1: every running chug's countdown, from the knock-home that started it."""
    seconds = state.config.chug_seconds
    return [_chug_clock(seconds, c.id) for c in state.chugs if c.status == "running"]


@functools.lru_cache(maxsize=4096)
def _chug_clock(seconds: int, chug: int) -> Clock:
    """A chug's countdown, made once: every state until it ends asks for it."""
    return Clock(seconds, ChugTimeUp(chug), "event", f"chug:{chug}")


def notation_fraction(value: Fraction) -> str:
    """Returns an exact score as ``n`` or ``n/d``."""
    return str(value.numerator) if value.denominator == 1 else str(value)


def score_text(total: int, divisor: int) -> str:
    """Returns ``notation_fraction(Fraction(total, divisor))`` (``divisor`` > 0) without
    making the Fraction."""
    common = gcd(total, divisor)
    numerator, denominator = total // common, divisor // common
    return str(numerator) if denominator == 1 else f"{numerator}/{denominator}"


def view(state: State) -> dict[str, Any]:
    """Returns the JSON anyone may see: board, turn, options, flags, chugs, ledger."""
    actor = rules.to_act(state)
    turn = state.turn
    config = state.config
    undo = undo_count(state)
    data: dict[str, Any] = {
        "game": INFO.id,
        "profile": config.profile.name,
        "phase": state.phase,
        "notation": notation.format_state(state),
        "to_act": "chance" if actor is CHANCE else actor,
        "names": list(config.names),
        "judges": list(config.judges),
        "colours": [
            {"letter": LETTERS[k], "participant": p, "glasses": list(state.glasses[k])}
            for k, p in enumerate(state.owner)
        ],
        "legal": notation.format_legal(state),
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
        "undo": undo,
        "can_undo": undo > 0,
        "scores": {str(p): score_text(*part) for p, part in enumerate(score_parts(state))},
    }
    if state.rolloff is not None:
        data["rolloff"] = {
            "contenders": list(state.rolloff.contenders),
            "thrown": list(state.rolloff.thrown),
        }
    if turn is not None:
        data["turn"] = {
            "colour": LETTERS[turn.colour],
            "number": turn.number,
            "chain": turn.chain,
            "tries": turn.attempts,
            "throw": turn.throw,
            "forced": turn.forced,
            "declare": turn.declare,
            "counting": turn.counting,
            "idle": turn.idle,
        }
    if state.ending is not None:
        data["ending"] = {"reason": state.ending.reason, "winners": list(state.ending.winners)}
    return data


_shared_view = per_state(view)  # the view of the state last asked about, for every seat

GAME = LudolGame()
