"""The Rallyman rules as pure functions over immutable states (``rules/rallyman.md``).

Who acts: the driver of the current turn, or chance for a die's face (RM-DICE-1), a
time-attack pool (RM-ATT-1), a flipped card's back (RM-LOC-1) or a shortcut card
(RM-CORNER-3); before a stage each driver fits tyres (RM-TYRE-1). Modules: ``moves``
(which die may go where), ``turn`` (the standard technique), ``attack`` (time attack),
``control`` (loss of control, SISU, damage), ``rally`` (order, stages, result). No I/O,
no randomness: everything uncertain enters as an action.
"""

from __future__ import annotations

from fractions import Fraction

from ....engine.contract import CHANCE, Action, Actor, Event, Step
from ....engine.errors import IllegalAction, InvalidAction
from ....engine.frozen import replace
from ....engine.memo import per_state
from ..actions import (
    Attack,
    Back,
    Face,
    Faces,
    Place,
    Roll,
    Shortcut,
    Sisu,
    Spare,
    Stop,
    Tyres,
    TyresFitted,
)
from ..board.model import Rally
from ..state import Car, Options, State
from .attack import apply_attack, apply_faces, apply_place, attack_actions, faces_outcomes
from .attack import place_actions as place_actions
from .control import apply_back, apply_shortcut, apply_sisu, back_outcomes, shortcut_outcomes
from .rally import ranking, start_stage
from .turn import (
    apply_face,
    apply_roll,
    apply_spare,
    apply_stop,
    can_fit_spare,
    can_stop,
    face_outcomes,
    roll_actions,
)


def start(rally: Rally, names: tuple[str, ...], options: Options) -> State:
    """Returns the rally before the tyres are fitted (start order = seat order, A30)."""
    order = tuple(range(len(names)))
    return State(
        rally, options, names, tuple(Car() for _ in names), tyre_queue=order, start_order=order
    )


def to_act(state: State) -> Actor:
    """Returns the seat to act, CHANCE at a draw, or None once the rally is over."""
    if state.phase == "over":
        return None
    if state.phase == "tyres":
        return state.tyre_queue[0]
    turn = state.turn
    assert turn is not None
    if turn.pending or turn.draw or (turn.technique == "attack" and not turn.rolled):
        return CHANCE
    if turn.loc is not None and turn.loc.awaiting == "back":
        return CHANCE
    return turn.seat


def chance_outcomes(state: State) -> list[tuple[Action, Fraction]]:
    """Returns the exact distribution at a chance point, else []."""
    if to_act(state) != CHANCE:
        return []
    turn = state.turn
    assert turn is not None
    if turn.pending:
        return list(face_outcomes(state, turn.pending[0]))
    if turn.draw:
        return list(shortcut_outcomes(state))
    if turn.loc is not None:
        return list(back_outcomes(state))
    return list(faces_outcomes(state))


def legal_actions(state: State) -> list[Action]:
    """Returns exactly what the actor may do now (worked out once per state: the
    stage's page and the view's legal actions both ask)."""
    return list(_legal_now(state))


@per_state
def _legal_now(state: State) -> list[Action]:
    actor = to_act(state)
    if actor is None:
        return []
    if actor == CHANCE:
        return [a for a, _ in chance_outcomes(state)]
    if state.phase == "tyres":
        return [Tyres("asphalt"), Tyres("snow")]
    turn = state.turn
    assert turn is not None
    if turn.loc is not None:
        return [Sisu(True), Sisu(False)]
    if turn.technique == "attack":
        return list(place_actions(state))
    dice: list[Action] = [*roll_actions(state), *attack_actions(state)]
    extra: list[Action] = []
    if can_fit_spare(state):
        extra.append(Spare())
    if can_stop(state, bool(dice)):
        extra.append(Stop())
    return dice + extra


def apply(state: State, action: Action) -> Step:
    """Returns the next state and its events; raises IllegalAction (state unchanged)."""
    actor = to_act(state)
    if actor is None:
        raise IllegalAction("the rally is over")
    events: list[Event] = []
    if actor == CHANCE:
        if action not in [a for a, _ in chance_outcomes(state)]:
            raise IllegalAction(f"{action} is not a possible outcome now")
        return Step(_apply_chance(state, action, events), tuple(events))
    if state.phase == "tyres":
        if not isinstance(action, Tyres):
            raise IllegalAction("fit tyres first: asphalt or snow", rule_id="RM-TYRE-1")
        return Step(_fit_tyres(state, action, events), tuple(events))
    return Step(_apply_driver(state, action, events), tuple(events))


def _apply_chance(state: State, action: Action, events: list[Event]) -> State:
    if isinstance(action, Face):
        return apply_face(state, action, events)
    if isinstance(action, Faces):
        return apply_faces(state, action, events)
    if isinstance(action, Back):
        return apply_back(state, action, events)
    if isinstance(action, Shortcut):
        return apply_shortcut(state, action, events)
    raise InvalidAction(f"{action!r} is not a chance outcome")


def _apply_driver(state: State, action: Action, events: list[Event]) -> State:
    turn = state.turn
    assert turn is not None
    if turn.loc is not None and not isinstance(action, Sisu):
        raise IllegalAction("decide first whether to play the SISU card", rule_id="RM-SISU-1")
    if isinstance(action, Roll):
        return apply_roll(state, action, events)
    if isinstance(action, Attack):
        return apply_attack(state, action, events)
    if isinstance(action, Place):
        return apply_place(state, action, events)
    if isinstance(action, Sisu):
        return apply_sisu(state, action.play, events)
    if isinstance(action, Spare):
        if not can_fit_spare(state):
            raise IllegalAction(
                "the spare wheel is fitted at the start of the turn, once per "
                "rally, to a punctured car",
                rule_id="RM-TYRE-2",
            )
        return apply_spare(state, events)
    if isinstance(action, Stop):
        if Stop() not in legal_actions(state):
            raise IllegalAction(
                "the turn cannot end now: roll at least one die when one is "
                "legal (A2), and finish a time attack",
                rule_id="RM-TURN-1",
            )
        return apply_stop(state, events)
    raise IllegalAction(f"{action} is not a driver's action now")


def _fit_tyres(state: State, action: Tyres, events: list[Event]) -> State:
    seat = state.tyre_queue[0]
    cars = list(state.cars)
    cars[seat] = replace(cars[seat], tyres=action.tyres)
    events.append(TyresFitted(seat, action.tyres))
    state = replace(state, cars=tuple(cars), tyre_queue=state.tyre_queue[1:])
    if state.tyre_queue:
        return state
    return start_stage(
        state, len(state.cars[state.start_order[0]].times), state.start_order, events
    )


__all__ = ["apply", "chance_outcomes", "legal_actions", "ranking", "start", "to_act"]
