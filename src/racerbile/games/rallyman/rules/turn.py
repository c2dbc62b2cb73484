"""The standard technique, die by die, and the entry of a car onto a space.

RM-TURN-1/2/3 (dice one at a time, the card at the end; A2: a turn rolls at least one die
when any is legal; A3: a car with nothing legal waits and takes a card), RM-HAZ-1 (hazards
add up; at the limit of the space entered control is lost at once there), RM-SEC-1 (once
hazards reach the entered space's limit − 1 a die may be secured for 1 s, 2 s, 3 s, …;
never in a time attack; A16, A32, A33), RM-CORNER-1/2/3 (overspeed on inside, slide and
shortcut spaces loses control, SISU cannot help; a shortcut entry draws a card), RM-JUMP-1
(+1 with a hazard face, +2 or more: loss of control; a secured die shows no face),
RM-FINISH-1 (the die crossing the line ends the stage; a loss of control there still
finishes), RM-TYRE-2 (the spare wheel at the start of the turn).

**Decision:** a die's checks (overspeed, jump, hazards) come before the shortcut card: a
car that loses control on entering a shortcut draws no card.
"""

from __future__ import annotations

from fractions import Fraction

from ....engine.contract import Event
from ....engine.errors import IllegalAction
from ....engine.frozen import replace
from ..actions import DieRolled, Face, Moved, Roll, SpareFitted, Waited
from ..state import State
from .common import (
    GAS,
    gas_available,
    hazard_chance,
    hazard_limit,
    overspeed,
    turn_of,
    with_car,
    with_turn,
)
from .control import continue_turn, finish_turn, lose_control
from .moves import Ways


def roll_actions(state: State) -> list[Roll]:
    """Returns the standard-technique dice open now, each with its target (and secured)."""
    turn = turn_of(state)
    if turn.technique == "attack" or turn.pending or turn.loc or turn.draw:
        return []
    car = state.cars[turn.seat]
    ways = Ways(state, turn.seat, turn.start_gear, turn.must_first, planned=False)
    found = []
    for die, to, _, _ in ways.next(car.space, turn.gear, turn.used):
        gid = state.stage.gid(to)
        found.append(Roll(die, gid))
        if can_secure(state, to):
            found.append(Roll(die, gid, True))
    return found


def can_secure(state: State, target: int) -> bool:
    """Tells whether the next die onto ``target`` may be secured with seconds (RM-SEC-1)."""
    turn = turn_of(state)
    car = state.cars[turn.seat]
    if not state.options.give_back_seconds or turn.technique == "attack":
        return False
    stage = state.stage
    where = target if target < stage.finish else car.space
    space = stage.spaces[where] if where is not None and where < stage.finish else None
    limit = hazard_limit(state.options, car, space)
    return turn.hazards >= limit - 1 and car.tokens >= turn.secured + 1


def face_outcomes(state: State, die: str) -> list[tuple[Face, Fraction]]:
    """Returns the exact distribution of one die's face (RM-DICE-1)."""
    p = hazard_chance(state.options, die)
    return [(Face(h), q) for h, q in ((False, 1 - p), (True, p)) if q]


def apply_roll(state: State, action: Roll, events: list[Event]) -> State:
    """Chooses a die (rolled next by chance) or puts a secured die down (RM-SEC-1)."""
    if action not in roll_actions(state):
        raise IllegalAction(refusal(state, action), rule_id="RM-TURN-2")
    target = state.stage.find(action.to)
    assert target is not None
    turn = turn_of(state)
    state = with_turn(state, technique="standard")
    if not action.secured:
        return with_turn(state, pending=(action.die, target, False))
    cost = turn.secured + 1
    car = state.cars[turn.seat]
    state = with_car(state, turn.seat, tokens=car.tokens - cost)
    state = with_turn(state, secured=cost)
    events.append(DieRolled(turn.seat, action.die, False, turn.hazards, cost))
    return enter(state, action.die, target, False, events, secured=True)


def apply_face(state: State, action: Face, events: list[Event]) -> State:
    """Applies the face of the die just rolled."""
    turn = turn_of(state)
    assert turn.pending is not None
    die, target, _ = turn.pending
    shown = turn.hazards + (1 if action.hazard else 0)
    events.append(DieRolled(turn.seat, die, action.hazard, shown))
    return enter(state, die, target, action.hazard, events)


def enter(
    state: State,
    die: str,
    target: int,
    hazard: bool,
    events: list[Event],
    secured: bool = False,
) -> State:
    """Moves the car one space with ``die`` and applies what that space asks."""
    turn = turn_of(state)
    seat, stage, options = turn.seat, state.stage, state.options
    car = state.cars[seat]
    gear = turn.gear if die == GAS else int(die)
    counted = hazard and not turn.sisu_active
    hazards = turn.hazards + (1 if counted else 0)
    state = with_turn(
        state,
        used=(*turn.used, die),
        gear=gear,
        hazards=hazards,
        pending=None,
        last_gear_die=turn.last_gear_die if die == GAS else int(die),
    )
    state = replace(state, stamp=state.stamp + 1)
    state = with_car(state, seat, space=target, off=None, status="racing", arrived=state.stamp)
    frm = "start" if car.space is None else stage.gid(car.space)
    events.append(Moved(seat, frm, stage.gid(target), gear))
    attack = turn.technique == "attack"
    if target == stage.finish:
        state = with_car(state, seat, status="finished")
        last = stage.spaces[car.space] if car.space is not None else None
        limit = turn.pool_limit if attack else hazard_limit(options, car, last)
        if counted and hazards >= limit:
            return lose_control(state, "hazards", "RM-FINISH-1", True, events, on_line=True)
        return finish_turn(state, events)
    space = stage.spaces[target]
    if overspeed(state, seat, space, gear):
        rule = "RM-CORNER-2" if space.role == "slide" else "RM-CORNER-1"
        return lose_control(state, "overspeed", rule, False, events)
    if space.jump is not None and gear - space.jump >= 2:
        return lose_control(state, "jump", "RM-JUMP-1", False, events)
    if space.jump is not None and gear - space.jump == 1 and counted and not secured:
        return lose_control(state, "jump", "RM-JUMP-1", True, events)
    limit = turn.pool_limit if attack else hazard_limit(options, car, space)
    if counted and hazards >= limit:
        return lose_control(state, "hazards", "RM-ATT-1" if attack else "RM-HAZ-1", True, events)
    if space.draws_card:
        return with_turn(state, draw=True)
    return continue_turn(state, events)


def can_stop(state: State, any_die: bool) -> bool:
    """Tells whether the driver may stop: after a die, or with nothing legal (A2, A3)."""
    turn = turn_of(state)
    if turn.pending or turn.loc or turn.draw or turn.technique == "attack":
        return False
    return bool(turn.used) or not any_die


def apply_stop(state: State, events: list[Event]) -> State:
    """Ends the turn; with no die used the car waits (A3)."""
    turn = turn_of(state)
    if not turn.used:
        events.append(Waited(turn.seat))
    return finish_turn(state, events)


def can_fit_spare(state: State) -> bool:
    """Tells whether the spare wheel may be fitted now (start of the turn, RM-TYRE-2)."""
    turn = turn_of(state)
    car = state.cars[turn.seat]
    return (
        turn.technique == "none"
        and not turn.used
        and car.punctures > 0
        and not car.spare_used
        and turn.loc is None
    )


def apply_spare(state: State, events: list[Event]) -> State:
    """Fits the spare wheel: one puncture mended, a gas die back, the time penalty (A13)."""
    turn = turn_of(state)
    car = state.cars[turn.seat]
    penalty = state.options.spare_wheel_penalty_s
    state = with_car(
        state,
        turn.seat,
        punctures=car.punctures - 1,
        spare_used=True,
        penalty=car.penalty + penalty,
    )
    state = with_turn(state, gas_allowed=gas_available(state.cars[turn.seat]))
    if state.options.puncture_mode == "polish_hazard_die" and not state.cars[turn.seat].punctures:
        state = with_turn(state, hazards=0)
    events.append(SpareFitted(turn.seat, penalty))
    return state


def refusal(state: State, action: Roll) -> str:
    """Returns why a die is refused, in one sentence."""
    turn = turn_of(state)
    car = state.cars[turn.seat]
    if turn.technique == "attack":
        return "a time attack places its rolled dice; no die can be rolled one by one now"
    if action.die not in ("1", "2", "3", "4", "5", GAS):
        return f"there is no die {action.die!r}; the dice are 1-5 and G"
    if turn.must_first and not turn.used and action.die != "1":
        return "a car entering the stage or starting after a loss of control rolls die 1 first"
    if action.die != GAS and action.die in turn.used:
        return f"die {action.die} was already used this turn"
    if action.die == GAS and turn.gas_used >= turn.gas_allowed:
        return "no gas die is left this turn"
    if action.die != GAS and turn.gear_dice_used >= turn.gear_allowed:
        return f"with damage {car.damage} only {turn.gear_allowed} gear dice may be used"
    if action.die != GAS and turn.gear_dice_used and abs(int(action.die) - turn.gear) != 1:
        return f"the next gear die must be one above or below gear {turn.gear}"
    if action.die != GAS and not turn.gear_dice_used and abs(int(action.die) - turn.start_gear) > 1:
        return f"the first gear die must be gear {turn.start_gear} or one above or below it"
    if action.secured:
        return "a die may be secured only once hazards reach the limit − 1, with enough seconds"
    return f"die {action.die} cannot move the car onto {action.to} now"
