"""Ludøl's rules as pure functions over immutable states (no I/O, no randomness).

:func:`apply` dispatches: the throw (chance) to the roll-off or the turn, the player's
choice to :mod:`.turn`, the referee's and the clock's actions to :mod:`.referee`.
"""

from __future__ import annotations

from fractions import Fraction

from ....engine.contract import CHANCE, Action, Actor, Event, Step
from ....engine.errors import GameOver, IllegalAction, InvalidAction
from ....engine.frozen import replace
from ..actions import ACTION_TYPES, PLAY_ACTIONS, Declare, Move, Throw
from ..events import Declared, Moved
from ..state import State, letter
from . import turn
from .referee import apply_referee
from .turn import start

THROWS: tuple[Throw, ...] = tuple(Throw(t) for t in range(1, 7))
_MOVES = frozenset({Moved, Declared})  # what restarts the count of ``since_move``
_ACTIONS = frozenset(ACTION_TYPES)
_PLAY = frozenset(PLAY_ACTIONS)
OUTCOMES: tuple[tuple[Action, Fraction], ...] = tuple((t, Fraction(1, 6)) for t in THROWS)


def to_act(state: State) -> Actor:
    """Returns CHANCE at a throw, the participant of the colour to choose, or None."""
    if state.phase == "over":
        return None
    participant = state.actor()
    return CHANCE if participant is None else participant


def legal_actions(state: State) -> list[Action]:
    """Returns the six faces at a throw, else exactly the options of spec §2.4 (A9's
    declaration when a 1/6 has none)."""
    if state.phase == "over":
        return []
    current = state.turn
    if state.phase == "order" or current is None or current.throw is None:
        return list(THROWS)
    if current.declare:
        return [Declare(True), Declare(False)]
    colour = letter(current.colour)
    return [Move(colour, o.frm, o.value) for o in current.options]


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Returns the fair die's six faces at a throw, else ()."""
    return OUTCOMES if to_act(state) is CHANCE else ()


def apply(state: State, action: Action) -> Step:
    """Returns the next state and its events; raises IllegalAction (state unchanged)."""
    done = _apply(state, action)
    return Step(_count_since_move(done.state, done.events), done.events)


def _count_since_move(state: State, events: tuple[Event, ...]) -> State:
    """Counts the actions since the last move (or declaration), which the referee's
    "undo the last move" voids together (LD-REF-2)."""
    if not _MOVES.isdisjoint(map(type, events)):
        return replace(state, since_move=1)
    return replace(state, since_move=state.since_move + 1) if state.since_move else state


def _apply(state: State, action: Action) -> Step:
    if state.phase == "over":
        raise GameOver("the game is over; no more actions are accepted")
    if type(action) not in _ACTIONS:
        raise InvalidAction(f"not a Ludøl action: {action!r}")
    if type(action) not in _PLAY:
        return apply_referee(state, action)
    waiting = to_act(state) is CHANCE
    if isinstance(action, Throw):
        if not waiting:
            raise _refuse(state, "a glass must be moved before the next throw", "LD-MOVE-1")
        turn.check_throw(state, action)
        if state.phase == "order":
            return turn.roll_for_start(state, action.top)
        return turn.throw(state, action)
    if waiting:
        raise _refuse(state, "throw the die first", "LD-MOVE-1")
    if isinstance(action, Move):
        return turn.move(state, action)
    assert isinstance(action, Declare)
    return turn.declare(state, action)


def _refuse(state: State, reason: str, rule_id: str) -> IllegalAction:
    from ..notation import format_state

    return IllegalAction(reason, rule_id=rule_id, position=format_state(state))


__all__ = ["apply", "chance_outcomes", "legal_actions", "start", "to_act"]
