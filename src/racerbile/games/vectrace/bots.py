"""Vectrace bots: ``optimal``, ``cautious`` and ``random``.

A bot is ``bot(state, rng) -> Action`` for the seat to act. ``rng`` is a NumPy
``Generator`` or a ``random.Random`` (bots may draw randomness; the rules never do).

* ``optimal`` follows the solver's cost-to-go table (fewest moves, then best finish
  time) and replans around other cars every move: targets where another car stands
  count as crashes (VT-MOVE-5).
* ``cautious`` follows the same table but keeps its speed at most 2 points a move
  along each axis whenever a safe move allows it.
* ``random`` picks uniformly among the moves that do not crash (VT-MOVE-6) and after
  which the finish stays reachable; it only crashes when no safe move exists.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np

from ...engine.contract import Action
from . import rules
from .actions import Begin, Move, Place
from .solver import cost_to_go
from .state import State
from .track import Point

Rng = np.random.Generator | _random.Random
Bot = Callable[[Any, Any], Action]
T = TypeVar("T")
CAUTIOUS_SPEED = 2


def _choice(rng: Rng, items: Sequence[T]) -> T:
    if isinstance(rng, _random.Random):
        return rng.choice(items)
    return items[int(rng.integers(len(items)))]


def _score(state: State, target: Point) -> tuple[int, float, int]:
    """Returns ``(moves left after this move, best last t, speed)``; crashes rank last."""
    seat = state.order[state.turn]
    car = state.cars[seat]
    outcome = rules.resolve(state, car, target)
    kind = rules.preview(state, target)
    assert car.pos is not None
    speed = max(abs(target[0] - car.pos[0]), abs(target[1] - car.pos[1]))
    if kind == "crash":
        return (1 << 30, float("inf"), speed)
    if kind == "finish":
        assert outcome.t is not None
        return (0, float(outcome.t), speed)
    vel = (
        (0, 0) if kind in ("skid", "barrier") else (target[0] - car.pos[0], target[1] - car.pos[1])
    )
    options = state.options
    table = cost_to_go(state.track, options.laps, options.lap_start)
    left, last_t = table.lookup(outcome.progress, outcome.at, vel)
    if left < 0:
        return (1 << 29, float("inf"), speed)
    return (left, last_t, speed)


def _setup_action(state: State, rng: Rng, smart: bool) -> Action:
    actions = rules.legal_actions(state)
    if state.phase == "place" and smart:
        table = cost_to_go(state.track, state.options.laps, state.options.lap_start)

        def place_key(action: Action) -> tuple[int, float]:
            assert isinstance(action, Place)
            left, last_t = table.lookup(0, (action.x, action.y), (0, 0))
            return (left if left >= 0 else 1 << 29, last_t)

        return min(actions, key=place_key)
    if state.phase == "order" and smart:
        seat = rules.to_act(state)
        return Begin(seat) if seat is not None else actions[0]
    return _choice(rng, actions)


def optimal(state: State, rng: Rng) -> Action:
    """Returns the solver's best move, avoiding other cars."""
    if state.phase != "race":
        return _setup_action(state, rng, smart=True)
    targets = rules.target_points(state.cars[state.order[state.turn]])
    best = min(targets, key=lambda p: _score(state, p)[:2])
    return Move(*best)


def cautious(state: State, rng: Rng) -> Action:
    """Returns the best safe move that keeps the speed at most 2 per axis."""
    if state.phase != "race":
        return _setup_action(state, rng, smart=True)
    targets = rules.target_points(state.cars[state.order[state.turn]])
    scored = [(_score(state, p), p) for p in targets]
    slow = [(s, p) for s, p in scored if s[2] <= CAUTIOUS_SPEED and s[0] < 1 << 29]
    pool = slow or scored
    return Move(*min(pool, key=lambda sp: sp[0][:2])[1])


def random_bot(state: State, rng: Rng) -> Action:
    """Returns a uniformly random move among those that do not crash, preferring moves
    after which the finish can still be reached without crashing."""
    if state.phase != "race":
        return _setup_action(state, rng, smart=False)
    targets = rules.target_points(state.cars[state.order[state.turn]])
    scores = {p: _score(state, p) for p in targets}
    hopeful = [p for p in targets if scores[p][0] < 1 << 29]
    safe = [p for p in targets if scores[p][0] < 1 << 30]
    return Move(*_choice(rng, hopeful or safe or targets))


BOTS: dict[str, Bot] = {"optimal": optimal, "cautious": cautious, "random": random_bot}

# One line per bot, for lists and the lobby.
DESCRIPTIONS: dict[str, str] = {
    "optimal": "the solver's fewest moves and best finish time, replanning around cars",
    "cautious": "the solver's line at no more than 2 points a move along each axis",
    "random": "a random move that does not crash and keeps the finish reachable",
}
