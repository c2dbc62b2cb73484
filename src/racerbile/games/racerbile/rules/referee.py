"""Referee mode (§13) and the Le Mans judges' console (RB-LM-2, RB-LM-6, RB-LM-7, RB-LM-11).

RB-REF-1: a physical game is refereed by typing what happens at the table: the dice
as ``Die`` chance actions (each 5 or 6 shown too, so RB-DICE-5 is charged) and the
moves as steps; the app computes every sip. RB-REF-2: every physical fault the seed
names is a :class:`~.actions.Fault` of a kind in :data:`~.faults.CATALOGUE`, charged to
a chosen seat.

Referee and judge actions are accepted at any time before the end, whoever is to act:
``legal_actions`` never lists them (:func:`legal_referee_actions` and
:func:`legal_judge_actions` list the buttons), ``to_act`` does not change for them,
and platform code applies them with the trusted actor (``engine.step`` without an
actor), e.g. the server for the host's token or a judge's.

Decisions:

* The seed names two ways to move another's cap: by accident (pushing the table,
  poking the cap) the whole act of moving it and putting it back is one technical
  fault (``nudged_cap``); moving it when the rules do not say so is a technical fault
  and putting it back another (``other_cap`` then ``put_back``). Not putting it back
  is a general fault (``not_put_back``). The spec lists only the second way.
* "Moving the cap on edge" (``on_edge``) is a technical fault per cell (the seed's
  caps section), as is moving it upside down when RB-OPT-4 is off.
* Rolling out of turn is a technical fault, and each 1 shown is still a clutch fault
  (``clutch_out_of_turn``, RB-DICE-4): the seed says clutch faults can still be made.
* Forgotten announcements and drinks are buttons for games in auto announcement mode
  (in manual mode the app charges them itself, RB-ANN-1); the technical fault of a
  forgotten squeal is already charged by the move.
* Judges' penalty sips and Le Mans judge calls count toward the cap of RB-LM-4.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ....engine.contract import Action
from ....engine.errors import InvalidAction
from ..actions import (
    ClockExpired,
    Delay,
    Disqualify,
    DunlopBridge,
    Fault,
    Penalty,
    RuleChange,
    UpsideDown,
    Vomit,
)
from ..events import (
    BridgeKnocked,
    DelayedGame,
    Disqualified,
    Faulted,
    JudgePenalty,
    RuleChanged,
    Vomited,
)
from ..faults import CATALOGUE
from ..notation import illegal
from ..state import State
from .lemans import put_out
from .teams import active, add_penalty_laps, check_seat, judge_name, lose_turn
from .tx import Tx

MAX_COUNT = 99  # faults of one kind charged at once
MAX_PENALTY = 42  # judges' penalty sips at once (RB-LM-4 caps a turn at 42 anyway)
VOMIT_LAPS = 5  # RB-LM-7
DELAY_LAPS = 1  # RB-LM-11


# -- handlers --------------------------------------------------------------------------


def _not_over(state: State, rule_id: str) -> None:
    if state.phase == "over":
        raise illegal(state, "the race is over", rule_id)


def _text(value: Any, what: str, required: bool) -> str:
    """Returns free text that survives the notation (one line, no outer spaces)."""
    if not isinstance(value, str) or "\n" in value or value != value.strip():
        raise InvalidAction(f"{what} is one line of text without outer spaces, not {value!r}")
    if required and not value:
        raise InvalidAction(f"{what} is required")
    if len(value) > 200:
        raise InvalidAction(f"{what} has at most 200 characters")
    return value


def fault(tx: Tx, action: Any) -> None:
    """RB-REF-2: charges the listed fault to the chosen seat, ``count`` times."""
    state = tx.state
    spec = CATALOGUE.get(action.fault) if isinstance(action.fault, str) else None
    if spec is None:
        raise InvalidAction(f"unknown fault {action.fault!r}; one of {', '.join(CATALOGUE)}")
    seat = check_seat(state, action.seat, "player")
    count = action.count
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
        raise InvalidAction(f"a fault is counted 1 to {MAX_COUNT} times, not {count!r}")
    judge = "" if action.judge is None else judge_name(state, action.judge)
    _not_over(state, "RB-REF-2")
    tx.emit(Faulted(seat, action.fault, count, judge))
    tx.drink(seat, spec.sips * count, spec.rule_id, spec.fault, reason=spec.en)


def _judge_call(tx: Tx, action: Any, rule_id: str) -> tuple[State, str]:
    """Checks a Le Mans judge call: the rule set, the judge, the race not over."""
    state = tx.state
    if not state.config.rules.teams:
        raise illegal(state, "judges call Le Mans only", rule_id)
    judge = judge_name(state, action.judge)
    _not_over(state, rule_id)
    return state, judge


def penalty(tx: Tx, action: Any) -> None:
    """RB-LM-2: penalty sips at the judges' will."""
    state, judge = _judge_call(tx, action, "RB-LM-2")
    seat = check_seat(state, action.seat)
    sips = action.sips
    if not isinstance(sips, int) or isinstance(sips, bool) or not 1 <= sips <= MAX_PENALTY:
        raise InvalidAction(f"a penalty is 1 to {MAX_PENALTY} sips, not {sips!r}")
    reason = _text(action.reason, "a penalty's reason", required=False)
    tx.emit(JudgePenalty(judge, seat, sips, reason))
    tx.drink(seat, sips, "RB-LM-2", reason="judges' penalty")


def rule_change(tx: Tx, action: Any) -> None:
    """RB-LM-2: a rule change, recorded for everyone to read."""
    _, judge = _judge_call(tx, action, "RB-LM-2")
    tx.emit(RuleChanged(judge, _text(action.text, "a rule change", required=True)))


def dunlop_bridge(tx: Tx, action: Any) -> None:
    """RB-LM-6: knocking over the Dunlop bridge is a whole beer."""
    state, judge = _judge_call(tx, action, "RB-LM-6")
    seat = check_seat(state, action.seat)
    tx.emit(BridgeKnocked(judge, seat))
    tx.drink(seat, tx.ledger.chug_whole(seat), "RB-LM-6", reason="Dunlop bridge")


def vomit(tx: Tx, action: Any) -> None:
    """RB-LM-7: vomiting over the table or on the floor costs 5 laps."""
    state, judge = _judge_call(tx, action, "RB-LM-7")
    seat = check_seat(state, action.seat)
    if action.where not in ("table", "floor"):
        raise InvalidAction(f"vomiting is over the table or on the floor, not {action.where!r}")
    if state.phase != "race":
        raise illegal(state, "laps are taken off during the race", "RB-LM-7")
    tx.emit(Vomited(judge, seat, action.where))
    add_penalty_laps(tx, seat, VOMIT_LAPS, "RB-LM-7")


def delay(tx: Tx, action: Any) -> None:
    """RB-LM-11: a delay outside one's turn costs the next turn and one lap."""
    state, judge = _judge_call(tx, action, "RB-LM-11")
    seat = check_seat(state, action.seat)
    if state.phase != "race":
        raise illegal(state, "turns and laps are lost during the race", "RB-LM-11")
    tx.emit(DelayedGame(judge, seat))
    lose_turn(tx, seat)
    add_penalty_laps(tx, seat, DELAY_LAPS, "RB-LM-11")


def disqualify(tx: Tx, action: Any) -> None:
    """RB-LM-7/10: the judges put a team out of the race."""
    state, judge = _judge_call(tx, action, "RB-LM-10")
    seat = check_seat(state, action.seat)
    reason = _text(action.reason, "a disqualification's reason", required=False)
    if state.phase != "race":
        raise illegal(state, "teams are put out during the race", "RB-LM-10")
    assert state.lemans is not None
    if seat in state.lemans.out:
        raise illegal(state, f"{state.config.names[seat]} is out already", "RB-LM-10")
    tx.emit(Disqualified(judge, seat, reason))
    put_out(tx, seat)


HANDLERS: dict[type[Action], Callable[[Tx, Any], None]] = {
    Fault: fault,
    Penalty: penalty,
    RuleChange: rule_change,
    DunlopBridge: dunlop_bridge,
    Vomit: vomit,
    Delay: delay,
    Disqualify: disqualify,
}


# -- the buttons -----------------------------------------------------------------------


def legal_referee_actions(state: State) -> list[Action]:
    """Returns the referee's buttons now: every fault for every seat (count 1), and
    the upside-down call during a move when RB-OPT-4 is on; [] once the race is over."""
    if state.phase == "over":
        return []
    turn = state.turn
    upside_down = state.config.options.upside_down and turn is not None and turn.phase == "move"
    return list(_buttons(state.config.players, upside_down))


@lru_cache(maxsize=64)
def _buttons(players: int, upside_down: bool) -> tuple[Action, ...]:
    """The buttons of a race of ``players`` seats, made once (every view shows them)."""
    faults = tuple(Fault(kind, seat) for seat in range(players) for kind in CATALOGUE)
    return (*faults, UpsideDown()) if upside_down else faults


def legal_judge_actions(state: State, judge: int = 0) -> list[Action]:
    """Returns judge ``judge``'s buttons now (Le Mans, during the race): the Dunlop
    bridge, vomiting, delays and disqualifications per team, and the last lap.
    Penalties and rule changes take free input and are not listed."""
    if state.lemans is None or state.phase != "race" or judge >= len(state.config.judges):
        return []
    actions: list[Action] = []
    for seat in active(state):
        actions += [
            DunlopBridge(seat, judge),
            Vomit(seat, "table", judge),
            Vomit(seat, "floor", judge),
            Delay(seat, judge),
            Disqualify(seat, judge),
        ]
    if not state.lemans.last_lap:
        actions.append(ClockExpired(judge))
    return actions


@lru_cache(maxsize=1)
def catalogue_json() -> list[dict[str, Any]]:
    """Returns the fault catalogue for the referee's buttons (RB-REF-2): the same list
    every time (every view holds it, and views are read, never changed)."""
    return [
        {"fault": kind, "type": spec.fault, "sips": spec.sips, "rule_id": spec.rule_id,
         "per": spec.per, "en": spec.en, "da": spec.da}
        for kind, spec in CATALOGUE.items()
    ]  # fmt: skip
