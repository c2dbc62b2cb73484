"""A toy dice race for the server tests: seats race to ``target`` cells.

A turn: the seat to act sends ``roll`` (or ``pass``), the dice (a chance point) show
``die`` 1-6, then the seat chooses ``move`` (forward by the die) or ``stay``.

Beyond the turns: the host (only) may send the referee action ``bonus`` (a seat moves
on ``cells``, any number); the host may void any recorded action, players none; with
``left_rolls`` the seat after the one to move throws the real dice; with
``six_countdown_s`` a six starts a countdown after which the seat stays.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

import numpy as np
from pydantic import BaseModel, Field

from racerbile.engine import CHANCE, Action, Actor, Event, GameInfo, IllegalAction, Result, Standing
from racerbile.engine import Step as StepResult
from racerbile.engine.capabilities import BotRoster, GameCapabilities, GameManifest
from racerbile.engine.contract import Clock
from racerbile.engine.referee import RefereeAction


class Player(BaseModel):
    name: str = Field(min_length=1, max_length=40)


class Setup(BaseModel):
    players: list[Player] = Field(min_length=2, max_length=4)
    target: int = Field(default=10, ge=1, le=100_000)
    stall_s: float | None = Field(default=None, description="a stall timer, unbounded here")
    left_rolls: bool = False
    six_countdown_s: float | None = None


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
class Move(Action):
    kind: ClassVar[str] = "move"


@dataclass(frozen=True)
class Stay(Action):
    kind: ClassVar[str] = "stay"


@dataclass(frozen=True)
class Bonus(Action):
    kind: ClassVar[str] = "bonus"
    seat: int
    cells: int


@dataclass(frozen=True)
class Rolled(Event):
    kind: ClassVar[str] = "rolled"
    seat: int
    value: int


@dataclass(frozen=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    seat: int
    to: int


@dataclass(frozen=True)
class Won(Event):
    kind: ClassVar[str] = "won"
    seat: int


@dataclass(frozen=True)
class State:
    names: tuple[str, ...]
    target: int
    positions: tuple[int, ...]
    current: int = 0
    phase: Literal["turn", "dice", "choose", "over"] = "turn"
    die: int | None = None
    stall_s: float | None = None
    left_rolls: bool = False
    six_countdown_s: float | None = None


SENTENCES = {
    "en": {"rolled": "{name} rolls {value}", "moved": "{name} moves to {to}", "won": "{name} wins"},
    "da": {
        "rolled": "{name} slår {value}",
        "moved": "{name} rykker til {to}",
        "won": "{name} vinder",
    },
}


def _mover(state: State, rng: np.random.Generator) -> Action:
    """A bot that always rolls and always moves."""
    return Roll() if state.phase == "turn" else Move()


class ToyGame(GameCapabilities):
    info = GameInfo(
        id="toy", name="Toy race", min_seats=2, max_seats=4, rules_version=1, has_chance=True
    )
    Setup = Setup
    action_types: Sequence[type[Action]] = (Roll, Pass, Die, Move, Stay)
    referee_action_types: Sequence[type[Action]] = (Bonus,)

    def start(self, setup: Any) -> State:
        names = tuple(p.name for p in setup.players)
        return State(
            names,
            setup.target,
            (0,) * len(names),
            stall_s=setup.stall_s,
            left_rolls=setup.left_rolls,
            six_countdown_s=setup.six_countdown_s,
        )

    def to_act(self, state: State) -> Actor:
        if state.phase == "over":
            return None
        return CHANCE if state.phase == "dice" else state.current

    def legal_actions(self, state: State) -> list[Action]:
        return {
            "turn": [Roll(), Pass()],
            "dice": [Die(v) for v in range(1, 7)],
            "choose": [Move(), Stay()],
            "over": [],
        }[state.phase]

    def chance_outcomes(self, state: State) -> list[tuple[Action, Fraction]]:
        return (
            [(a, Fraction(1, 6)) for a in self.legal_actions(state)]
            if state.phase == "dice"
            else []
        )

    def apply(self, state: State, action: Action) -> StepResult:
        if isinstance(action, Bonus):
            if not 0 <= action.seat < len(state.names):
                raise IllegalAction(f"no seat {action.seat}", rule_id="TOY-2")
            positions = tuple(
                p + action.cells if i == action.seat else p for i, p in enumerate(state.positions)
            )
            return StepResult(dataclasses.replace(state, positions=positions))
        if action not in self.legal_actions(state):
            raise IllegalAction(
                f"{action.kind} is not allowed now ({state.phase})", rule_id="TOY-1"
            )
        seat = state.current
        nxt = (seat + 1) % len(state.names)
        if isinstance(action, Roll):
            return StepResult(dataclasses.replace(state, phase="dice"))
        if isinstance(action, Die):
            new = dataclasses.replace(state, phase="choose", die=action.value)
            return StepResult(new, (Rolled(seat, action.value),))
        if isinstance(action, Move):
            assert state.die is not None
            to = state.positions[seat] + state.die
            positions = tuple(to if i == seat else p for i, p in enumerate(state.positions))
            if to >= state.target:
                over = dataclasses.replace(state, positions=positions, phase="over", die=None)
                return StepResult(over, (Moved(seat, to), Won(seat)))
            new = dataclasses.replace(
                state, positions=positions, phase="turn", current=nxt, die=None
            )
            return StepResult(new, (Moved(seat, to),))
        return StepResult(dataclasses.replace(state, phase="turn", current=nxt, die=None))

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "positions": list(state.positions),
            "phase": state.phase,
            "die": state.die,
            "you": seat,
        }

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        order = sorted(range(len(state.names)), key=lambda s: -state.positions[s])
        return Result(tuple(Standing(s, i + 1) for i, s in enumerate(order)))

    def describe(self, event: Event, lang: str = "en", names: object = None) -> str:
        fields = dataclasses.asdict(event)
        template = SENTENCES.get(lang, SENTENCES["en"])[event.kind]
        return template.format(name=f"seat {fields['seat']}", **fields)

    def clock(self, state: State) -> list[Clock]:
        """A stall timer at a turn's start (any length: the room bounds it), and the
        countdown after a six."""
        timers = []
        if state.stall_s is not None and state.phase == "turn":
            timers.append(Clock(state.stall_s, Pass()))
        if state.six_countdown_s is not None and state.phase == "choose" and state.die == 6:
            timers.append(Clock(state.six_countdown_s, Stay(), since="event", event="six"))
        return timers

    def referee_options(self, state: State) -> list[RefereeAction]:
        return [RefereeAction(Bonus, senders=frozenset({"host"}))]

    def referee_actions(self, state: State) -> list[Action]:
        return [Bonus(seat, 1) for seat in range(len(state.names))]

    def roller(self, state: State) -> int | None:
        return (state.current + 1) % len(state.names) if state.left_rolls else state.current

    def may_void(self, state: State, actions: Sequence[Action], sender: str) -> str | None:
        return None if sender == "host" else "only the host may undo"

    def seat_names(self, state: State) -> list[str]:
        return list(state.names)

    @property
    def bots(self) -> BotRoster:
        return BotRoster({"mover": _mover}, {"mover": "always moves"})


GAME = ToyGame()
MANIFEST = GameManifest(GAME.info, lambda: GAME)
