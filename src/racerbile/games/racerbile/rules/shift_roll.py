"""The mover's choices before the move: legal actions, shifts, the roll and the dice.

Legal actions in every phase of the turn, and why a shift or a stop is refused
(RB-DICE-1/2/3, RB-START-3, RB-TURN-5, RB-DICE-7). Before the roll: shifts
(RB-DICE-2/3), the roll (RB-TURN-3). The roll: clutch faults (RB-DICE-4, RB-RACE-2,
RB-OPT-5/6), fives and sixes (RB-DICE-5); the move then opens (moving.py). Le Mans
hooks (teams.py) run only where the rule set's switches are on: driver changes and
naming an opponent (RB-LM-5/9). The decisions followed are listed in rules.py.
"""

from __future__ import annotations

from ....engine.contract import Action
from ..actions import ANNOUNCEMENTS, PASS, ROLL, SHIFT, STEP_TO, STOP, Announce, StepTo, Stop
from ..events import DieShown, GearboxSmashed, Rolled, Shifted
from ..state import State
from . import teams
from .announcing import PRE_ROLL, Problem, announce_problem, charge_forgotten, say
from .moves import blocked_now, legal_steps
from .moving import start_move
from .turn_cycle import force_first, turn_done
from .tx import Tx

# -- legal actions -------------------------------------------------------------------


def legal_turn_actions(state: State) -> list[Action]:
    """Returns the mover's legal actions in the shift, move or end phase."""
    turn = state.turn
    assert turn is not None
    if turn.phase == "shift":
        actions: list[Action] = [ROLL]
        actions += [a for d, a in SHIFT.items() if shift_problem(state, d) is None]
        if state.lemans is not None:
            actions += teams.driver_changes(state)  # RB-LM-9
    elif turn.phase == "move":
        actions = [STEP_TO[d] for d, _ in legal_steps(state)]
        if stop_problem(state) is None:
            actions.append(STOP)
    elif turn.phase == "name":
        actions = teams.names(state)  # RB-LM-5
    else:
        actions = [PASS]
    if state.config.manual:
        actions += [Announce(w) for w in ANNOUNCEMENTS if announce_problem(state, w) is None]
    return actions


def legal_in_move(state: State, action: Action) -> bool:
    """Tells whether ``action`` is a step or stop that :func:`legal_turn_actions` lists
    in the move phase (without building the list)."""
    if type(action) is StepTo:
        return any(d == action.direction for d, _ in legal_steps(state))
    return type(action) is Stop and stop_problem(state) is None


def shift_problem(state: State, direction: str) -> Problem:
    """Returns why a shift is not allowed now, or None (RB-DICE-2/3, RB-START-3)."""
    turn = state.turn
    assert turn is not None
    gear = state.cars[turn.seat].gear
    if direction == "up":
        if gear == 3:
            return "3rd gear is the highest", "RB-DICE-1"
        if "up" in turn.shifts:
            return "at most one upshift per turn", "RB-DICE-2"
        if turn.no_upshift:
            return "no upshift in this turn", turn.no_upshift
        return None
    if gear == 1:
        return "1st gear is the lowest", "RB-DICE-1"
    if "down" in turn.shifts:
        return "at most one downshift per turn", "RB-DICE-3"
    return None


def stop_problem(state: State) -> Problem:
    """Returns why the car may not stop now, or None (RB-TURN-5, RB-DICE-7)."""
    turn = state.turn
    assert turn is not None
    if turn.mode != "fast" and turn.moved:
        return None
    if blocked_now(state):
        return None  # a blocked car brakes (RB-TURN-5)
    if turn.mode == "fast":
        return "on 10-12 the car can neither turn nor brake", "RB-DICE-7"
    return "a car must move at least one cell unless it is blocked", "RB-TURN-5"


# -- before the roll --------------------------------------------------------------


def shift(tx: Tx, direction: str) -> None:
    """RB-DICE-2/3: one gear up or down; a downshift is a technical fault."""
    turn = tx.turn
    seat = turn.seat
    before = tx.car(seat).gear
    after = before + (1 if direction == "up" else -1)
    tx.set_car(seat, gear=after)
    tx.emit(Shifted(seat, before, after))
    owed = set(turn.owed)
    say(tx, seat, f"shift_{direction}", owed, gear=after)
    tx.set_turn(shifts=(*turn.shifts, direction), owed=frozenset(owed))
    if direction == "down":
        tx.drink(seat, 1, "RB-DICE-3", "technical", reason="downshift")


def roll(tx: Tx) -> None:
    """RB-TURN-3: the player rolls; announcements due before the roll are settled."""
    if tx.config.manual:
        charge_forgotten(tx, PRE_ROLL)
    seat = tx.turn.seat
    if tx.car(seat).first_gear_rule:
        tx.set_car(seat, first_gear_rule="")
    tx.set_turn(phase="dice")


# -- the roll ------------------------------------------------------------------------


def turn_die(tx: Tx, value: int) -> None:
    """RB-DICE-5: one throw of one die; a 5 or 6 is counted and thrown again."""
    turn = tx.turn
    seat = turn.seat
    tx.emit(DieShown(seat, value))
    if value >= 5:
        tx.set_turn(shown56=turn.shown56 + 1)
        return
    dice = (*turn.dice, value)
    if len(dice) == tx.car(seat).gear:
        _resolve_roll(tx, seat, dice, turn.shown56)
    else:
        tx.set_turn(dice=dice)


def _resolve_roll(tx: Tx, seat: int, dice: tuple[int, ...], shown56: int) -> None:
    """The roll is complete: clutch faults, fives and sixes, then the move. The dice are
    stored in the turn with the move's other fields (nothing here reads them back)."""
    config = tx.config
    options = config.options
    total = sum(dice)
    ones = dice.count(1)
    tx.emit(Rolled(seat, dice, total, shown56))
    if ones == 3:
        tx.emit(GearboxSmashed(seat))
        # RB-DICE-4 chug the rest; RB-OPT-5/6 a whole beer instead.
        whole = options.triple_clutch_whole_beer or options.smashed_gearbox
        rule = "RB-OPT-6" if options.smashed_gearbox else "RB-OPT-5" if whole else "RB-DICE-4"
        ledger = tx.ledger
        sips = ledger.chug_whole(seat) if whole else ledger.chug_rest(seat)
        tx.drink(seat, sips, rule, "technical", reason="triple clutch fault")
        if config.rules.smashed_gearbox:
            force_first(tx, seat, "RB-RACE-2")
        if options.smashed_gearbox:
            total = 0  # RB-OPT-6: the car does not move
    elif ones:
        tx.drink(seat, ones, "RB-DICE-4", "technical", reason="clutch fault")
    # RB-DICE-5: the third 5 or 6 shown, and each one after it, is a technical fault.
    if shown56 > 2:
        tx.drink(seat, shown56 - 2, "RB-DICE-5", "technical", reason="fives and sixes")
    if total == 0:
        tx.set_turn(dice=dice)
        turn_done(tx)
    else:
        start_move(tx, total, dice)
