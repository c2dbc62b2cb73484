"""A tiny dice race used to test the engine without any real game.

Two or more seats take turns: the seat to act chooses ``Roll`` or ``Pass``; a roll
is a chance point with a die of 1-3; the first seat to reach ``goal`` wins. Every
roll of 1 costs a sip, so the ledger has something to add up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from pydantic import BaseModel

from racerbile.engine import (
    CHANCE,
    Action,
    Actor,
    Drank,
    Event,
    GameInfo,
    IllegalAction,
    Ledger,
    Result,
    Standing,
    Step,
)
from racerbile.engine.capabilities import GameCapabilities


@dataclass(frozen=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Die(Action):
    kind: ClassVar[str] = "die"
    value: int


@dataclass(frozen=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    seat: int
    to: int


class RaceSetup(BaseModel):
    players: list[str] = ["A", "B"]
    goal: int = 6


@dataclass(frozen=True)
class RaceState:
    names: tuple[str, ...]
    goal: int
    positions: tuple[int, ...]
    turn: int = 0
    rolling: bool = False
    ledger: Ledger = Ledger(0)  # noqa: RUF009 - immutable value

    @property
    def over(self) -> bool:
        return max(self.positions) >= self.goal


class DiceRace(GameCapabilities):
    info = GameInfo("dice-race", "Dice race", 2, 4, rules_version=1, has_chance=True)
    Setup = RaceSetup
    action_types = (Roll, Pass, Die)

    def start(self, setup: BaseModel) -> RaceState:
        assert isinstance(setup, RaceSetup)
        n = len(setup.players)
        return RaceState(tuple(setup.players), setup.goal, (0,) * n, ledger=Ledger(n))

    def to_act(self, state: RaceState) -> Actor:
        if state.over:
            return None
        return CHANCE if state.rolling else state.turn

    def legal_actions(self, state: RaceState) -> Sequence[Action]:
        if state.over:
            return []
        if state.rolling:
            return [a for a, _ in self.chance_outcomes(state)]
        return [Roll(), Pass()]

    def chance_outcomes(self, state: RaceState) -> Sequence[tuple[Action, Fraction]]:
        return [(Die(v), Fraction(1, 3)) for v in (1, 2, 3)] if state.rolling else []

    def apply(self, state: RaceState, action: Action) -> Step:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action} is not allowed now", rule_id="RACE-1")
        if isinstance(action, Roll):
            return Step(replace(state, rolling=True))
        nxt = (state.turn + 1) % len(state.names)
        if isinstance(action, Pass):
            return Step(replace(state, turn=nxt))
        assert isinstance(action, Die)
        positions = list(state.positions)
        positions[state.turn] += action.value
        events: list[Event] = [Moved(state.turn, positions[state.turn])]
        ledger = state.ledger
        if action.value == 1:
            sip = Drank(state.turn, 1, "RACE-2", "technical")
            events.append(sip)
            ledger = ledger.add(sip)
        return Step(
            replace(state, positions=tuple(positions), rolling=False, turn=nxt, ledger=ledger),
            tuple(events),
        )

    def view(self, state: RaceState, seat: int | None) -> dict[str, Any]:
        return {
            "positions": list(state.positions),
            "turn": state.turn,
            "drinks": [{"seat": k, "sips": state.ledger.drunk(k)} for k in range(len(state.names))],
        }

    def ledger(self, state: RaceState) -> Ledger:
        return state.ledger

    def result(self, state: RaceState) -> Result | None:
        if not state.over:
            return None
        order = sorted(range(len(state.names)), key=lambda s: -state.positions[s])
        return Result(tuple(Standing(s, i + 1) for i, s in enumerate(order)))

    def describe(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return str(event)

    def clock(self, state: RaceState) -> None:
        return None

    def seat_names(self, state: RaceState) -> list[str]:
        return list(state.names)

    def format_state(self, state: RaceState) -> str:
        return f"{state.positions} turn {state.turn}{' rolling' if state.rolling else ''}"

    def format_action(self, action: Action) -> str:
        return f"die {action.value}" if isinstance(action, Die) else action.kind

    def parse_action(self, text: str) -> Action:
        word, _, value = text.partition(" ")
        return {"roll": Roll(), "pass": Pass()}.get(word) or Die(int(value))


GAME = DiceRace()
