"""Announcements (RB-ANN-1/2): made by the app in auto mode, owed by the player in manual.

In manual mode each announcement is an action due before a moment: the ones about
the start of the turn and the shifts before the roll, a squeal and two/four wheels
before the step (RB-DICE-6, RB-OPT-1), the midway toast and "finishing first" before
the cup is passed. What is missing then is the general fault of the rule naming it.
"""

from __future__ import annotations

from ..actions import ANNOUNCEMENTS
from ..events import Announced, Forgot
from ..state import State
from .tx import Tx

PRE_ROLL = frozenset({"first", "last", "shift_up", "shift_down", "first_gear"})
AT_END = frozenset({"midway", "finish_first"})
WHEELS = {"two_wheels": 2, "four_wheels": 4}
FORGOT_RULE = {
    "first": "RB-TURN-1",
    "last": "RB-TURN-1",
    "shift_up": "RB-DICE-2",
    "shift_down": "RB-DICE-3",
    "midway": "RB-CELL-4",
    "finish_first": "RB-OPT-8",
}
Problem = tuple[str, str] | None  # (reason, rule id) when an action is illegal


def say(tx: Tx, seat: int, what: str, owed: set[str], gear: int = 0) -> None:
    """An announcement falls due: the app makes it (auto) or the player owes it (manual)."""
    if tx.config.manual:
        owed.add(what)
    else:
        tx.emit(Announced(seat, what, gear))


def announce_problem(state: State, what: str) -> Problem:
    """Returns why the announcement cannot be made now, or None (RB-ANN-1)."""
    turn = state.turn
    assert turn is not None
    if what not in ANNOUNCEMENTS:
        return f"there is no announcement {what!r}", "RB-ANN-2"
    if not state.config.manual:
        return "the app makes every announcement in auto mode", "RB-ANN-1"
    if what == "squeal":
        ok = turn.phase == "move" and turn.mode == "reckless" and "squeal" not in turn.said
        return None if ok else ("a squeal is said on a 7-9 roll, before the step", "RB-DICE-6")
    if what in WHEELS:
        ok = (
            turn.phase == "move"
            and turn.mode == "reckless"
            and state.config.options.two_wheels
            and turn.wheels != WHEELS[what]
        )
        return None if ok else ("no change of wheels is possible now", "RB-OPT-1")
    phase_ok = (
        turn.phase == "shift"
        if what in PRE_ROLL
        else (turn.phase == "end" or (what == "midway" and turn.phase == "move"))
    )
    if what in turn.owed and what not in turn.said and phase_ok:
        return None
    return f"nothing makes {what!r} due now", "RB-ANN-1"


def announce(tx: Tx, what: str) -> None:
    """RB-ANN-1 (manual): records an announcement made by the mover."""
    turn = tx.turn
    gear = tx.car(turn.seat).gear if what in ("shift_up", "shift_down", "first_gear") else 0
    tx.emit(Announced(turn.seat, what, gear))
    if what in WHEELS:
        tx.set_turn(wheels=WHEELS[what])
    else:
        tx.set_turn(said=turn.said | {what})


def charge_forgotten(tx: Tx, due: frozenset[str]) -> None:
    """RB-ANN-1: each announcement due now and not made is a general fault."""
    turn = tx.turn
    missing = [w for w in ANNOUNCEMENTS if w in turn.owed and w in due and w not in turn.said]
    for what in missing:
        rule = FORGOT_RULE.get(what) or tx.car(turn.seat).first_gear_rule or "RB-ANN-1"
        gear = tx.car(turn.seat).gear if what in ("shift_up", "shift_down", "first_gear") else 0
        tx.emit(Forgot(turn.seat, what, gear))
        tx.drink(turn.seat, 1, rule, "general", reason=f"forgot to announce {what}")
    tx.set_turn(owed=turn.owed - due)


def squeal(tx: Tx, seat: int) -> None:
    """RB-DICE-6: each change of direction on 7-9 squeals (a technical fault)."""
    if not tx.config.manual:
        tx.emit(Announced(seat, "squeal"))
    elif "squeal" not in tx.turn.said:
        tx.emit(Forgot(seat, "squeal"))
        tx.drink(seat, 1, "RB-DICE-6", "general", reason="forgot to squeal")
    tx.drink(seat, 1, "RB-DICE-6", "technical", reason="squeal")


def wheels(tx: Tx, need: int) -> None:
    """RB-OPT-1: two wheels when turning on 7-9, four when going straight."""
    turn = tx.turn
    if turn.wheels == need:
        return
    if tx.config.manual:
        tx.drink(turn.seat, 1, "RB-OPT-1", "technical", reason="wrong number of wheels")
        return
    tx.emit(Announced(turn.seat, "two_wheels" if need == 2 else "four_wheels"))
    tx.set_turn(wheels=need)
