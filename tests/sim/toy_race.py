"""A tiny dice race on the engine contract, to test the simulator without a real game.

Each turn the seat picks a gear (1 or 2 dice), the dice (each 1-4) roll, and the car
moves by their sum; every 1 shown costs a sip, and passing a car makes its driver
drink a sip caused by the mover. The first car at ``length`` wins; the rest are
ranked by position.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np
from pydantic import BaseModel

from racerbile.engine import Action, Drank, Event, GameInfo, IllegalAction, Result, Standing, Step
from racerbile.engine.capabilities import (
    BotRoster,
    GameCapabilities,
    GameStats,
    SimStats,
    TableColumn,
    ViolinFigure,
)
from racerbile.engine.contract import CHANCE, Actor
from racerbile.engine.ledger import drink_totals


class Setup(BaseModel):
    players: list[str] = ["a", "b"]
    length: int = 20


@dataclass(frozen=True)
class Gear(Action):
    kind: ClassVar[str] = "gear"
    dice: int


@dataclass(frozen=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"
    values: tuple[int, ...]


@dataclass(frozen=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    seat: int
    to: int


@dataclass(frozen=True)
class State:
    positions: tuple[int, ...]
    length: int
    turn: int = 0
    gear: int | None = None


def _outcomes(n: int) -> list[tuple[Action, Fraction]]:
    faces = list(itertools.product(range(1, 5), repeat=n))
    return [(Roll(tuple(v)), Fraction(1, len(faces))) for v in faces]


def _slow(state: State, rng: np.random.Generator) -> Action:
    return Gear(1)


def _fast(state: State, rng: np.random.Generator) -> Action:
    return Gear(2)


def _random(state: State, rng: np.random.Generator) -> Action:
    return Gear(int(rng.integers(1, 3)))


def _stats(setup: BaseModel, state: Any, events: Sequence[Event], result: Result) -> GameStats:
    drinks = drink_totals(events, len(result.standings))
    return GameStats([{"sips": d["drunk"], "caused": d["caused"]} for d in drinks])


# TOY-1/TOY-2 sips, as a drinking game declares them.
STATS = SimStats(
    columns=("sips", "caused"),
    outcome=_stats,
    table=(
        TableColumn("sips", ("sips",), digits=None, spread=True, per_seat=True),
        TableColumn("caused", ("caused",), per_seat=True),
    ),
    violins=ViolinFigure("sips.png", "Sips per player", "sips", (("sips", "sips per game"),)),
)


class ToyRace(GameCapabilities):
    info = GameInfo("toyrace", "Toy race", 1, 4, 1, has_chance=True)
    Setup = Setup
    action_types = (Gear, Roll)
    stats = STATS

    def start(self, setup: BaseModel) -> State:
        assert isinstance(setup, Setup)
        return State((0,) * len(setup.players), setup.length)

    def _seat(self, state: State) -> int:
        return state.turn % len(state.positions)

    def to_act(self, state: State) -> Actor:
        if max(state.positions) >= state.length and self._seat(state) == 0:
            return None
        return CHANCE if state.gear else self._seat(state)

    def legal_actions(self, state: State) -> Sequence[Action]:
        if state.gear:
            return [a for a, _ in _outcomes(state.gear)]
        return [Gear(1), Gear(2)]

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, Fraction]]:
        return _outcomes(state.gear) if state.gear else []

    def apply(self, state: State, action: Action) -> Step:
        seat = self._seat(state)
        if isinstance(action, Gear):
            if action.dice not in (1, 2):
                raise IllegalAction(f"no gear {action.dice}", rule_id="TOY-0")
            return Step(replace(state, gear=action.dice))
        assert isinstance(action, Roll)
        before = state.positions
        after = list(before)
        after[seat] = min(state.length, before[seat] + sum(action.values))
        events: list[Event] = [Moved(seat, after[seat])]
        ones = action.values.count(1)
        if ones:
            events.append(Drank(seat, ones, "TOY-1", "technical"))
        for other, pos in enumerate(before):
            if other != seat and before[seat] < pos < after[seat]:
                events.append(Drank(other, 1, "TOY-2", "general", caused_by=seat))
        return Step(State(tuple(after), state.length, state.turn + 1, None), tuple(events))

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"positions": list(state.positions)}

    def result(self, state: State) -> Result | None:
        if self.to_act(state) is not None:
            return None
        order = sorted(set(state.positions), reverse=True)
        return Result(tuple(Standing(k, order.index(p) + 1) for k, p in enumerate(state.positions)))

    def describe(self, event: Event, lang: str = "en", names: object = None) -> str:
        return str(event)

    def clock(self, state: State) -> None:
        return None

    def seat_names(self, state: State) -> list[str]:
        return [f"car {k}" for k in range(len(state.positions))]

    @property
    def bots(self) -> BotRoster:
        return BotRoster(
            {"slow": _slow, "fast": _fast, "random": _random},
            {"slow": "one die", "fast": "two dice", "random": "a random gear"},
        )


GAME = ToyRace()
