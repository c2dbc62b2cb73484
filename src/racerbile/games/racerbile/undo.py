"""Who may take back what in Racerbile, and who throws the real dice (the game's side
of :mod:`racerbile.engine.referee`).

The platform hands a player only their own latest actions, newest first, and keeps
digital dice that fell (see ``racerbile.server.undo``); this module says which of those
a Racerbile rule lets stand or go:

* the host, as the referee, may take back anything (RB-REF-1), as long as the record
  still replays without it;
* a judge may take back the judges' and the referee's calls only (RB-LM-2);
* a player may take back the actions of the turn in progress: shifts, the roll before
  any die is thrown, announcements, a driver change, the steps made so far, and the
  real dice typed before the car has moved (a typing slip: a 1 typed for a 4 is a
  clutch sip for a die never thrown). A stop, a pass or naming an opponent ends
  something and stands, as does a move the referee flagged upside down (RB-OPT-4:
  the move is played again).

A player's turn is counted from the state: each kind of action may be taken back at
most as often as the turn in progress shows it (shifts made, dice thrown, cells
moved), so no action of an earlier turn is ever among them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...engine.contract import Action
from .actions import (
    OUTSIDE_TURN,
    Announce,
    ChangeDriver,
    Die,
    Roll,
    Shift,
    StepTo,
)
from .state import State

TURN_KINDS = (Shift, Roll, Die, StepTo, Announce, ChangeDriver)


def may_void(state: State, actions: Sequence[Action], sender: str) -> str | None:
    """Returns why ``sender`` may not take ``actions`` back now, or None."""
    if sender == "host":
        return None
    if sender == "judge":
        if all(type(a) in OUTSIDE_TURN for a in actions):
            return None
        return "a judge takes back only the judges' and the referee's calls"
    stays = next((a for a in actions if type(a) not in TURN_KINDS), None)
    if stays is not None:
        return f"a {stays.kind!r} stands; ask the host to take it back"
    if state.phase != "race" or state.turn is None:
        return "only the actions of the turn in progress can be taken back"
    return _turn_refusal(state, actions)


def _turn_refusal(state: State, actions: Sequence[Action]) -> str | None:
    turn = state.turn
    assert turn is not None
    if turn.upside_down:
        return "the referee flagged this move upside down (RB-OPT-4); ask the host"
    made = {
        Shift: len(turn.shifts),
        Roll: 0 if turn.phase == "shift" else 1,
        Die: len(turn.dice) + turn.shown56,
        StepTo: turn.moved,
        Announce: len(turn.said),
        ChangeDriver: int(state.lemans is not None and state.lemans.changed),
    }
    wanted = Counter(type(a) for a in actions)
    if any(count > made[kind] for kind, count in wanted.items()):
        return "only the actions of the turn in progress can be taken back"
    if wanted[Die] and turn.moved:
        return "the dice stand once the car has moved; take the steps back first"
    if wanted[Roll] and wanted[Die]:
        return "the roll stands once its dice are thrown; fix the dice instead"
    return None


def roller(state: State) -> int | None:
    """Returns the seat that throws the real dice due now: the mover in a turn
    (RB-TURN-3); the start-order dice (RB-START-1) are thrown round the table, and any
    seat (or the host) may type them."""
    if state.phase == "race" and state.turn is not None:
        return state.turn.seat
    return None
