"""The Racerbile rules: a pure state machine over frozen states (no I/O, no randomness).

Rule ids implemented here and in the modules it calls (turn_cycle.py, shift_roll.py,
moving.py, announcing.py, moves.py, ranking.py): RB-DRINK-1…3, RB-TRACK-3…7, RB-CAP-1,
RB-NOL-1, RB-START-1…3, RB-DICE-1…7, RB-CELL-1…6, RB-TURN-1…9, RB-END-1, RB-RACE-1…4,
RB-OPT-1…8, RB-ANN-1; Le Mans (lemans.py, teams.py): RB-LM-1, RB-LM-3…5, RB-LM-8…13; referee
mode and the judges' console (referee.py): RB-REF-1/2, RB-DRINK-4, RB-CAP-1's physical
faults, RB-LM-2, RB-LM-6, RB-LM-7, RB-LM-11. RB-OPT-3 is a bot personality and changes
no rule. Le Mans decisions are listed in lemans.py, referee decisions in referee.py.

Decisions followed (racerbile.md) and made here:

* RB-START-1: start-order dice are plain six-sided throws (1-6, no 5/6 re-roll, no
  clutch faults: those are turn rules); ties re-roll among themselves, in seat order.
* RB-RACE-1: times are entered in seat order; equal times keep seat order. Each
  time trial is a whole beer of the player's declared drink (11 sips for a
  standard beer, RB-DRINK-3), as are the whole beers of RB-OPT-5/6/7.
* RB-START-2: player n gets grid slot n; with more players than slots the slots
  are filled again from slot 1, the later player underneath (RB-CELL-6).
* RB-DICE-2/3: at most one upshift and at most one downshift per turn.
* RB-DICE-4: three 1s in Babybile still move 3 cells. With RB-OPT-5 and RB-OPT-6
  both on, the whole beer is drunk once.
* RB-DICE-7: the decisions of the spec (a wall, a one-way edge backwards or a
  closed branch also leaves the track; the count of cells not moved includes the
  step that left; forced downshifts cost a sip per gear step, general faults).
  When the cell to back onto holds two caps, the car waits off the track and the
  turn passes; it tries again next turn (RB-RACE-3's chug is drunk when it returns).
* RB-RACE-4: a car facing no track step within 60° (it backed on from off the track
  facing the grass, say) takes a free first step, as in Babybile, unless the roll is
  10-12; otherwise it could never move again.
* RB-CELL-2: landing on a downshift cell always bars an upshift next turn and makes
  "I start in first gear" due, even when the car was in 1st gear already.
* RB-CELL-3: a move that ends on a cell from which a flipped cap's cell is a legal
  next step (track, walls, one-way, forks, and 60° from the heading) bonks every
  such cap. A car landing on a blocking cell flips even if a cap is there already.
* RB-CELL-4: everybody drinks at the step that passes midway (once per car per
  lap); in manual mode the announcement is due before the turn ends.
* RB-TURN-5: "blocked" = no legal step at all (in a 10-12 move: the straight step
  enters a blocked cell), or the way ahead is blocked: no legal step goes forward (over
  the line forwards, or nearer it) and caps bar one that would. A blocked car may
  stop, even at once or on 10-12, and a reverse step is never forced on it; cells not
  moved cost RB-CELL-3 or RB-CELL-5 sips then (the steps ahead name the block).
* RB-OPT-2: the dry car drinks its first/last sip first, then chugs and drinks 1
  sip; the drop to 1st gear is a forced downshift (a sip per gear step, general
  faults), and the next turn opens with "I start in first gear" and no upshift.
* RB-OPT-4: the referee flags the move in progress; when it ends, its penalties
  stand plus one technical fault per cell moved (RB-CAP-1), and the car goes back
  to where the move began, with the same roll. Only the mover's own penalties are
  paid twice: the midway toast stays once per car per lap, and a car passed in both
  tries is overtaken once.
* RB-ANN-1 manual: announcements before rolling are checked at the roll, a squeal
  before the step that turns, two/four wheels before the step (RB-OPT-1), midway and
  "finishing first" at the pass. A forgotten one is the general fault of its rule.
* RB-TURN-1: one sip at most per turn, first/last by the RB-TRACK-6 ranking key.
* RB-TURN-6: overtaken = ahead by the ranking key before the move, behind after it;
  landing on a cap's cell or passing a lapped car is no overtake.
* RB-TURN-9: faults outside one's turn (a stall) are drunk at once; in fact every
  sip is recorded the moment it is owed (RB-TURN-7).
* RB-END-1: the race ends when the turn of the last player in the order ends after
  a car has completed ``laps`` laps (the round of the leader is completed).
* RB-NOL-1: ``Stall`` is the clock's action (any seat, any time before the end);
  ``Stall`` and ``UpsideDown`` are accepted by ``apply`` but never listed as legal.
* RB-REF-2, RB-LM-2: so are the referee's ``Fault`` and the judges' calls, and the
  clock's ``ClockExpired`` (RB-LM-12): they may come whoever is to act, they do not
  change who is to act (unless a turn passes), and platform code applies them with
  the trusted actor. Everything non-deterministic enters as an action.
* A turn lost at its start (out of fuel, waiting off the track) owes no announcement.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ....engine.contract import CHANCE, Action, Actor, Event, Step
from ....engine.errors import InvalidAction
from ..actions import (
    Announce,
    Die,
    Face,
    Pass,
    Roll,
    Shift,
    Stall,
    StepTo,
    Stop,
    TimeTrial,
    UpsideDown,
)
from ..drinks import BeerLedger
from ..events import Faced, OrderRolled, Stalled, StartOrder, TimeTrialed
from ..notation import illegal, parse_action
from ..setup import Config
from ..state import State
from . import announcing, lemans, moving, referee, shift_roll, teams, turn_cycle
from .moves import NO, step_kind_now
from .tx import Tx

DIE_FACES = (1, 2, 3, 4, 5, 6)
DIE_OUTCOMES: tuple[tuple[Die, Fraction], ...] = tuple(
    (Die(v), Fraction(1, len(DIE_FACES))) for v in DIE_FACES
)
TRIAL_CHOICES = (6.0, 9.0, 12.0, 20.0)  # example times listed as legal; any time > 0 is


def die_outcomes() -> tuple[tuple[Die, Fraction], ...]:
    """Returns the exact outcomes of one throw of one die (the game's chance model)."""
    return DIE_OUTCOMES


def start(config: Config) -> State:
    """Returns the state before the start order is known (cars on the grid in seat order)."""
    n = config.players
    state = State(
        config=config,
        cars=turn_cycle.grid_cars(config, tuple(range(n))),
        ledger=BeerLedger.of(config.drinks),
        phase="trial" if config.rules.time_trial else "order",
        groups=(tuple(range(n)),),
        times=(None,) * n,
        lemans=teams.initial(config),
    )
    return state


def to_act(state: State) -> Actor:
    """Returns the seat to act, CHANCE at a die, or None when the race is over."""
    phase = state.phase
    if phase == "race":
        turn = state.turn
        assert turn is not None
        return CHANCE if turn.phase == "dice" else turn.seat
    if phase == "order":
        return CHANCE
    if phase == "trial":
        return state.times.index(None)
    if phase == "facing":
        return state.order[state.index]
    return None


def chance_outcomes(state: State) -> tuple[tuple[Die, Fraction], ...]:
    """Returns the exact outcomes of the die being thrown, or () when no die is due."""
    return DIE_OUTCOMES if to_act(state) is CHANCE else ()


def legal_actions(state: State) -> list[Action]:
    """Returns the actions the actor may take now (clock and referee actions aside)."""
    phase = state.phase
    if to_act(state) is CHANCE:  # a die is thrown: start order or a turn's roll
        return [a for a, _ in DIE_OUTCOMES]
    if phase == "race":
        return shift_roll.legal_turn_actions(state)
    if phase == "trial":
        return [TimeTrial(t) for t in TRIAL_CHOICES]
    if phase == "facing":
        return [Face(d) for d in range(6)]
    return []


def apply(state: State, action: Action) -> Step:
    """Returns the state after ``action`` and the events explaining it.

    Raises IllegalAction (rule id, state notation) when the rules forbid the action
    now, InvalidAction when it is not a Racerbile action or its values are out of
    range. ``state`` is never changed.
    """
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise InvalidAction(f"{type(action).__name__} is not a Racerbile action")
    tx = Tx(state)
    handler(tx, action)
    return Step(tx.state, tuple(tx.events))


def play(state: State, *actions: str | Action) -> Step:
    """Applies actions (notation or objects) in turn; returns the last state and all events.

    Raises what :func:`apply` raises, naming the action.
    """
    events: list[Event] = []
    for item in actions:
        action = parse_action(item) if isinstance(item, str) else item
        step = apply(state, action)
        state = step.state
        events.extend(step.events)
    return Step(state, tuple(events))


# -- start: order, time trial, facing ----------------------------------------------


def _die(tx: Tx, action: Any) -> None:
    state = tx.state
    value = action.value
    if not isinstance(value, int) or not 1 <= value <= 6:
        raise InvalidAction(f"a die shows 1 to 6, not {value!r}")
    if to_act(state) is not CHANCE:
        raise illegal(state, "no die is being thrown now", "RB-TURN-3")
    if state.phase == "order":
        _order_die(tx, value)
    else:
        shift_roll.turn_die(tx, value)


def _order_die(tx: Tx, value: int) -> None:
    state = tx.state
    g = next((i for i, group in enumerate(state.groups) if len(group) > 1), 0)  # 0: alone
    group = state.groups[g]
    roller = group[len(state.rolls)]
    tx.emit(OrderRolled(roller, value))
    rolls = (*state.rolls, value)
    if len(rolls) < len(group):
        tx.update(rolls=rolls)
        return
    # RB-START-1: highest first; equal throws form a group that throws again.
    split = tuple(
        tuple(s for s, r in zip(group, rolls, strict=True) if r == v)
        for v in sorted(set(rolls), reverse=True)
    )
    groups = (*state.groups[:g], *split, *state.groups[g + 1 :])
    tx.update(groups=groups, rolls=())
    if all(len(group) == 1 for group in groups):
        _order_known(tx, tuple(group[0] for group in groups))


def _time_trial(tx: Tx, action: Any) -> None:
    state = tx.state
    seconds = action.seconds
    if not isinstance(seconds, int | float) or not math.isfinite(seconds) or seconds <= 0:
        raise InvalidAction(f"a time trial takes a positive number of seconds, not {seconds!r}")
    if state.phase != "trial":
        raise illegal(state, "there is no time trial now", "RB-RACE-1")
    seat = state.times.index(None)
    tx.emit(TimeTrialed(seat, float(seconds)))
    # RB-RACE-1: the time trial is a whole beer chugged.
    tx.drink(seat, state.ledger.chug_whole(seat), "RB-RACE-1", reason="time trial")
    times = (*state.times[:seat], float(seconds), *state.times[seat + 1 :])
    tx.update(times=times)
    if None not in times:
        order = tuple(sorted(range(len(times)), key=lambda s: (times[s], s)))
        _order_known(tx, order)


def _order_known(tx: Tx, order: tuple[int, ...]) -> None:
    tx.emit(StartOrder(order))
    tx.update(order=order, groups=(), rolls=(), index=0)
    turn_cycle.place_on_grid(tx, order)
    if tx.config.rules.facing:
        tx.update(phase="facing")
    else:
        turn_cycle.begin_race(tx)


def _face(tx: Tx, action: Any) -> None:
    state = tx.state
    direction = action.direction
    if not isinstance(direction, int) or not 0 <= direction < 6:
        raise InvalidAction(f"a heading is a direction 0-5, not {direction!r}")
    if state.phase != "facing":
        raise illegal(state, "headings are chosen before the race only", "RB-RACE-4")
    seat = state.order[state.index]
    tx.set_car(seat, heading=direction)
    tx.emit(Faced(seat, direction))
    if state.index + 1 < len(state.order):
        tx.update(index=state.index + 1)
    else:
        turn_cycle.begin_race(tx)


# -- the turn ------------------------------------------------------------------------


def _in_turn(tx: Tx, phases: tuple[str, ...], what: str, rule_id: str) -> State:
    """Returns the state so far, or raises IllegalAction outside the turn ``phases``."""
    state = tx.state
    turn = state.turn
    if state.phase != "race" or turn is None or turn.phase not in phases:
        raise illegal(state, f"{what} is not possible now", rule_id)
    return state


def _shift(tx: Tx, action: Any) -> None:
    if action.direction not in ("up", "down"):
        raise InvalidAction(f"shift up or down, not {action.direction!r}")
    _in_turn(tx, ("shift",), "shifting", "RB-TURN-2")
    problem = shift_roll.shift_problem(tx.state, action.direction)
    if problem:
        raise illegal(tx.state, *problem)
    shift_roll.shift(tx, action.direction)


def _roll(tx: Tx, action: Any) -> None:
    _in_turn(tx, ("shift",), "rolling", "RB-TURN-3")
    shift_roll.roll(tx)


def _step(tx: Tx, action: Any) -> None:
    direction = action.direction
    if not isinstance(direction, int) or not 0 <= direction < 6:
        raise InvalidAction(f"a step goes in a direction 0-5, not {direction!r}")
    state = _in_turn(tx, ("move",), "moving", "RB-TURN-4")
    kind = step_kind_now(state, direction)
    if kind == NO:
        raise illegal(state, *moving.why_not(state, direction))
    moving.step(tx, direction, kind)


def _stop(tx: Tx, action: Any) -> None:
    _in_turn(tx, ("move",), "stopping", "RB-TURN-5")
    problem = shift_roll.stop_problem(tx.state)
    if problem:
        raise illegal(tx.state, *problem)
    moving.end_move(tx)


def _announce(tx: Tx, action: Any) -> None:
    _in_turn(tx, ("shift", "move", "end"), "announcing", "RB-ANN-1")
    problem = announcing.announce_problem(tx.state, action.what)
    if problem:
        raise illegal(tx.state, *problem)
    announcing.announce(tx, action.what)


def _pass(tx: Tx, action: Any) -> None:
    _in_turn(tx, ("end",), "passing the dice", "RB-TURN-8")
    turn_cycle.close_turn(tx)


def _stall(tx: Tx, action: Any) -> None:
    state = tx.state
    n = state.config.players
    if not isinstance(action.seat, int) or not 0 <= action.seat < n:
        raise InvalidAction(f"no seat {action.seat!r} to stall")
    if action.by is not None and (not isinstance(action.by, int) or not 0 <= action.by < n):
        raise InvalidAction(f"no seat {action.by!r} to call the stall")
    if state.phase == "over":
        raise illegal(state, "the race is over", "RB-NOL-1")
    tx.emit(Stalled(action.seat, action.by))
    if state.lemans is not None and lemans.stalled(tx, action.seat):
        return  # RB-LM-10: the fourth stall rounds up to a whole beer; the turn passes
    # RB-NOL-1: a stall is a general fault; stalling oneself a technical one (RB-TURN-9).
    own = action.by == action.seat
    tx.drink(
        action.seat, 1, "RB-NOL-1", "technical" if own else "general",
        None if own else action.by, "stalled oneself" if own else "stalled",
    )  # fmt: skip


def _upside_down(tx: Tx, action: Any) -> None:
    if not tx.config.options.upside_down:
        raise illegal(tx.state, "the upside-down rule is not in play", "RB-OPT-4")
    _in_turn(tx, ("move",), "calling an upside-down move", "RB-OPT-4")
    tx.set_turn(upside_down=True)


_HANDLERS: dict[type[Action], Callable[[Tx, Any], None]] = {
    Die: _die,
    TimeTrial: _time_trial,
    Face: _face,
    Shift: _shift,
    Roll: _roll,
    StepTo: _step,
    Stop: _stop,
    Announce: _announce,
    Pass: _pass,
    Stall: _stall,
    UpsideDown: _upside_down,
    **lemans.HANDLERS,
    **referee.HANDLERS,
}
