"""Relay's rules (ids RL-1 ...): what each action does to a state."""

from __future__ import annotations

from dataclasses import replace

from racerbile.engine import Action, IllegalAction, Step

from .actions import Die, Dropped, Hand, Handed, Penalised, Penalty, Roll, Rolled, Won
from .state import RelayState

MAX_PENALTY = 10


def legal(state: RelayState) -> list[Action]:
    """RL-1: a runner rolls or hands the baton on; RL-2: the dice show 1-6."""
    if state.phase == "turn":
        return [Roll(), Hand()]
    if state.phase == "dice":
        return [Die(v) for v in range(1, 7)]
    return []


def apply(state: RelayState, action: Action) -> Step:
    """Returns the step of ``action``; raises IllegalAction naming the rule."""
    if isinstance(action, Penalty):
        return _penalty(state, action)
    if action not in legal(state):
        raise IllegalAction(f"{action.kind} is not allowed now ({state.phase})", rule_id="RL-1")
    seat = state.current
    if isinstance(action, Roll):
        return Step(replace(state, phase="dice"))
    if isinstance(action, Hand):
        return Step(_next_runner(state, state.carried), (Handed(seat, state.carried),))
    assert isinstance(action, Die)
    if action.value == 1:  # RL-3: a one drops the baton and the points carried
        return Step(_next_runner(state, 0), (Dropped(seat, state.carried),))
    carried = state.carried + action.value
    if state.scores[seat] + carried >= state.target:  # RL-4: reaching the target wins
        scores = _add(state.scores, seat, carried)
        over = replace(state, scores=scores, phase="over", carried=0)
        return Step(over, (Rolled(seat, action.value), Won(seat)))
    return Step(replace(state, phase="turn", carried=carried), (Rolled(seat, action.value),))


def _penalty(state: RelayState, action: Penalty) -> Step:
    """RL-5: the referee or a judge docks 1-10 points (never below zero)."""
    if not 0 <= action.seat < len(state.names):
        raise IllegalAction(f"no runner {action.seat}", rule_id="RL-5")
    if not 1 <= action.points <= MAX_PENALTY:
        raise IllegalAction(f"a penalty is 1-{MAX_PENALTY} points", rule_id="RL-5")
    if action.judge is not None and not 0 <= action.judge < len(state.judges):
        raise IllegalAction(f"no judge {action.judge}", rule_id="RL-5")
    docked = min(action.points, state.scores[action.seat])
    scores = _add(state.scores, action.seat, -docked)
    return Step(replace(state, scores=scores), (Penalised(action.seat, docked, action.judge),))


def _next_runner(state: RelayState, banked: int) -> RelayState:
    return replace(
        state,
        scores=_add(state.scores, state.current, banked),
        current=(state.current + 1) % len(state.names),
        phase="turn",
        carried=0,
        handovers=state.handovers + 1,
    )


def _add(scores: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    return tuple(s + points if i == seat else s for i, s in enumerate(scores))
