"""The referee's inputs (LD-REF-1…4, spec §2.5) and the clock's actions.

Every referee input carries the line judge who sent it (``None``: the referee) and a
reason, and is written to the audit log (LD-REF-2). The referee may override anything:
move or remove a glass, give the turn to a colour, add penalty beers; undoing the last
move or taking a penalty back is a void of the recorded actions (the platform's undo,
``LudolGame.may_void``). The engine's flags (LD-REF-3) wait for a confirm or a dismiss.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....engine.contract import Action, Event, Step
from ....engine.errors import IllegalAction, InvalidAction
from ....engine.frozen import replace
from .. import actions as a
from .. import ledger
from ..events import (
    ChugEnded,
    CountStarted,
    Disqualified,
    DrinkPoured,
    FlagResolved,
    Overridden,
    PenaltyAwarded,
    Vomited,
)
from ..setup import LETTERS
from ..state import GLASSES, GOAL, REMOVED, YARD, Audit, State, letter
from . import flow
from .turn import raise_flags

MAX_BEERS = 20  # penalty beers in one input
MAX_REASON = 200  # characters of a reason
VOMITS_TO_DQ = 3  # LD-DQ-1


def apply_referee(state: State, action: Action) -> Step:
    """Applies a referee input or a clock action; raises IllegalAction, changing nothing."""
    handler = _HANDLERS[type(action)]
    if isinstance(action, a.RefereeAction):
        _check_sender(state, action)
    events: list[Event] = []
    new = handler(state, action, events)
    if isinstance(action, a.RefereeAction):
        new = _audit(new, action, events)
    return Step(new, tuple(events))


def _check_sender(state: State, action: Any) -> None:
    judge, reason = action.judge, action.reason
    if judge is not None and not 0 <= judge < len(state.config.judges):
        raise _illegal(state, f"there is no line judge {judge}", "LD-REF-1")
    if len(reason) > MAX_REASON:
        raise InvalidAction(f"{action.kind}: the reason has more than {MAX_REASON} characters")


def _audit(state: State, action: Any, events: list[Event]) -> State:
    from ..notation import format_action

    entry = Audit(len(state.audit), action.kind, action.judge, action.reason, format_action(action))
    return replace(state, audit=(*state.audit, entry))


def _participant(state: State, participant: int) -> int:
    if not 0 <= participant < len(state.config.names):
        raise _illegal(state, f"there is no participant {participant}", "LD-SEAT-1")
    return participant


def _colour(state: State, text: str) -> int:
    if text not in LETTERS[: state.colours]:
        raise _illegal(state, f"colour {text!r} is not in play", "LD-SEAT-1")
    return LETTERS.index(text)


def _penalty(state: State, action: a.Penalty, events: list[Event]) -> State:
    participant = _participant(state, action.participant)
    if not 1 <= action.beers <= MAX_BEERS:
        reason = f"penalty beers are 1 to {MAX_BEERS}; a penalty is taken back by undoing it"
        raise _illegal(state, reason, "LD-REF-3")
    return _beers(state, participant, action.beers, action.reason or "referee", action, events)


def _beers(
    state: State, participant: int, beers: int, reason: str, action: Any, events: list[Event]
) -> State:
    """The referee's penalty beers: the event for the log, the entry for the ledger."""
    events.append(PenaltyAwarded(participant, beers, reason, "LD-REF-3", False, action.judge))
    return ledger.drink(state, events, ledger.penalty(participant, beers, reason, "LD-REF-3"))


def _chug_result(state: State, action: a.ChugResult, events: list[Event]) -> State:
    chug = _chug(state, action.chug)
    status = "ok" if action.ok else "failed"
    events.append(ChugEnded(chug.id, chug.participant, status))
    return _set_chug(state, replace(chug, status=status))


def _chug_time_up(state: State, action: a.ChugTimeUp, events: list[Event]) -> State:
    chug = _chug(state, action.chug)
    if chug.status != "running":
        raise _illegal(state, f"chug {chug.id}'s countdown is not running", "LD-HIT-1")
    events.append(ChugEnded(chug.id, chug.participant, "time_up"))
    return _set_chug(state, replace(chug, status="time_up"))


def _chug(state: State, number: int) -> Any:
    if not 0 <= number < len(state.chugs):
        raise _illegal(state, f"there is no chug {number}", "LD-HIT-1")
    return state.chugs[number]


def _set_chug(state: State, chug: Any) -> State:
    chugs = list(state.chugs)
    chugs[chug.id] = chug
    return replace(state, chugs=tuple(chugs))


def _vomit(state: State, action: a.Vomit, events: list[Event]) -> State:
    participant = _participant(state, action.participant)
    if participant in state.disqualified:
        raise _illegal(state, "that participant is already disqualified", "LD-DQ-1")
    vomits = list(state.vomits)
    vomits[participant] += 1
    events.append(Vomited(participant, vomits[participant]))
    state = replace(state, vomits=tuple(vomits))
    if vomits[participant] >= VOMITS_TO_DQ:
        return disqualify(state, participant, events)
    return state


def _disqualify(state: State, action: a.Disqualify, events: list[Event]) -> State:
    participant = _participant(state, action.participant)
    if participant in state.disqualified:
        raise _illegal(state, "that participant is already disqualified", "LD-DQ-1")
    return disqualify(state, participant, events)


def disqualify(state: State, participant: int, events: list[Event]) -> State:
    """LD-DQ-1 (A16): the glasses leave the board, the turns are skipped; LD-END-3 when
    one participant is left."""
    events.append(Disqualified(participant))
    out = state.disqualified | {participant}
    glasses = tuple(
        (REMOVED,) * GLASSES if state.owner and state.owner[k] == participant else g
        for k, g in enumerate(state.glasses)
    )
    state = replace(state, disqualified=out, glasses=glasses)
    left = [p for p in range(len(state.config.names)) if p not in out]
    if len(left) == 1:
        return flow.finish(state, "disqualified", events, (left[0],))
    if state.phase == "order":
        rolloff = state.rolloff
        assert rolloff is not None
        kept = tuple(p for p in rolloff.contenders if p not in out)
        return replace(state, rolloff=type(rolloff)(kept))
    turn = state.turn
    if turn is not None and state.owner[turn.colour] == participant:
        return flow.next_turn(state, events)
    return state


def _all_poured(state: State, action: a.AllPoured, events: list[Event]) -> State:
    if state.poured:
        raise _illegal(state, "all the drink has already been poured", "LD-END-2")
    events.append(DrinkPoured())
    state = replace(state, poured=True)
    if state.actor() is None:  # no move being resolved: the game ends now (A17)
        return flow.finish(state, "poured", events)
    return state


def _flag(state: State, number: int) -> Any:
    if not 0 <= number < len(state.flags) or state.flags[number].status != "open":
        raise _illegal(state, f"there is no open flag {number}", "LD-REF-3")
    return state.flags[number]


def _confirm(state: State, action: a.ConfirmFlag, events: list[Event]) -> State:
    flag = _flag(state, action.flag)
    if not 1 <= action.beers <= MAX_BEERS:
        raise _illegal(state, f"a confirmed flag costs 1 to {MAX_BEERS} beers", "LD-REF-3")
    events.append(FlagResolved(flag.id, True, action.beers))
    flags = list(state.flags)
    flags[flag.id] = replace(flag, status="confirmed")
    state = replace(state, flags=tuple(flags))
    return _beers(state, flag.participant, action.beers, f"flag:{flag.kind}", action, events)


def _dismiss(state: State, action: a.DismissFlag, events: list[Event]) -> State:
    flag = _flag(state, action.flag)
    events.append(FlagResolved(flag.id, False, 0))
    flags = list(state.flags)
    flags[flag.id] = replace(flag, status="dismissed")
    return replace(state, flags=tuple(flags))


def _place(state: State, action: a.PlaceGlass, events: list[Event]) -> State:
    colour = _board_colour(state, action.colour)
    if not 0 <= action.glass < GLASSES or not YARD <= action.progress <= GOAL:
        raise _illegal(state, "a glass is 0 to 3 and a place −1 (yard) to 56 (goal)", "LD-REF-2")
    detail = f"{action.colour}{action.glass} to {action.progress}"
    return _set_glass(state, colour, action.glass, action.progress, action, detail, events)


def _remove(state: State, action: a.RemoveGlass, events: list[Event]) -> State:
    colour = _board_colour(state, action.colour)
    if not 0 <= action.glass < GLASSES:
        raise _illegal(state, "a glass is 0 to 3", "LD-REF-2")
    detail = f"{action.colour}{action.glass} off the board"
    return _set_glass(state, colour, action.glass, REMOVED, action, detail, events)


def _board_colour(state: State, text: str) -> int:
    if state.phase != "play":
        raise _illegal(state, "the glasses are placed once the start order is set", "LD-REF-2")
    return _colour(state, text)


def _set_glass(
    state: State,
    colour: int,
    glass: int,
    progress: int,
    action: Any,
    detail: str,
    events: list[Event],
) -> State:
    glasses = [list(g) for g in state.glasses]
    glasses[colour][glass] = progress
    state = replace(state, glasses=tuple(tuple(g) for g in glasses))
    events.append(_overridden(state, action, detail))
    owner = state.owner[colour]
    if owner not in state.disqualified and flow.participant_home(state, owner):
        return flow.finish(state, "home", events, (owner,))
    return _resettle(state, events)


def _resettle(state: State, events: list[Event]) -> State:
    """After an override the pending throw is settled again against the new board."""
    turn = state.turn
    if turn is not None and turn.throw is not None:
        return flow.settle(state, events)
    if turn is not None and not flow.colour_active(state, turn.colour):
        return flow.next_turn(state, events)
    return state


def _set_turn(state: State, action: a.SetTurn, events: list[Event]) -> State:
    colour = _board_colour(state, action.colour)
    if not flow.colour_active(state, colour):
        raise _illegal(state, f"colour {action.colour} takes no more turns", "LD-REF-2")
    events.append(_overridden(state, action, f"turn to {action.colour}"))
    return flow.new_turn(state, colour, events)


def _overridden(state: State, action: Any, detail: str) -> Overridden:
    return Overridden(action.kind, detail, action.judge, action.reason, len(state.audit))


def _idle_count(state: State, action: a.IdleCount, events: list[Event]) -> State:
    turn = state.turn
    if (
        state.phase != "play"
        or turn is None
        or turn.number != action.turn
        or turn.idle != "waiting"
    ):
        raise _illegal(state, f"turn {action.turn} is not waiting idle", "LD-REF-4")
    participant = state.owner[turn.colour]
    seconds = state.config.count_seconds
    events.append(CountStarted(participant, letter(turn.colour), seconds))
    return replace(state, turn=replace(turn, idle="counting"))


def _idle_expired(state: State, action: a.IdleExpired, events: list[Event]) -> State:
    turn = state.turn
    if state.phase != "play" or turn is None or turn.number != action.turn or not turn.counting:
        raise _illegal(state, f"no 10→0 count runs for turn {action.turn}", "LD-REF-4")
    state = replace(state, turn=replace(turn, idle="flagged"))
    return raise_flags(state, ["idle"], events)


def _illegal(state: State, reason: str, rule_id: str) -> IllegalAction:
    from ..notation import format_state

    return IllegalAction(reason, rule_id=rule_id, position=format_state(state))


_HANDLERS: dict[type[Action], Callable[[State, Any, list[Event]], State]] = {
    a.Penalty: _penalty,
    a.ChugResult: _chug_result,
    a.Vomit: _vomit,
    a.Disqualify: _disqualify,
    a.AllPoured: _all_poured,
    a.ConfirmFlag: _confirm,
    a.DismissFlag: _dismiss,
    a.PlaceGlass: _place,
    a.RemoveGlass: _remove,
    a.SetTurn: _set_turn,
    a.IdleCount: _idle_count,
    a.IdleExpired: _idle_expired,
    a.ChugTimeUp: _chug_time_up,
}
