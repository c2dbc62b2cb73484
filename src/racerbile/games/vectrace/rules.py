"""Vectrace rules: a pure state machine over :class:`~.state.State` values.

Implements VT-TRACK-2 (exact segment test, via :mod:`.geometry`), VT-MOVE-1…7,
VT-START-1, VT-END-1, VT-END-2 and the variants VT-OPT-1…5, each a switch in
:class:`~.state.Options`. No randomness, no I/O.

Decisions followed (``rules/vectrace.md``):

* VT-TRACK-2: the region is the union of the closed squares of the on-track points;
  a move stays on the track iff every square whose interior its segment passes
  through is on-track; corners may be touched. Exact integer/Fraction arithmetic.
* VT-MOVE-6: a crashing target is a legal choice; :func:`preview` marks it. A crashed
  car retires, or with VT-OPT-4 is set back ``N`` moves (to the point it stood on
  ``N`` moves before the crash, further back if another car stands there) with vector
  (0, 0). A crashed car leaves the board and blocks nobody.
* VT-MOVE-7: the segment is walked square by square: a finish square entered before
  any off-track square finishes; otherwise an off-track square means VT-MOVE-4 (or the
  variant); otherwise the end point is checked against other cars (VT-MOVE-5).
  Checkpoints count only while the segment has not yet left the track.
* VT-START-1: the first seat still in the race enters who begins (:class:`Begin`);
  turn order follows the seats from there. Cars are then placed on distinct ``S``
  points in reverse turn order (or assigned in turn order with ``assign_starts``).
  With ``redraw_order`` a new :class:`Begin` is entered before every round.
* VT-END-2: a car finishes when its segment enters a finish square before any
  off-track square (corner touches do not count); the round is completed; the
  finish time is ``(moves - 1) + t`` with the exact entry parameter ``t``; equal
  times share a place (competition ranking 1, 1, 3). Cars still racing share the
  next place, crashed cars the last. Option ``literal``: the race ends at the first
  finish. House option ``max_rounds`` ends an endless race after that many rounds.
* VT-OPT-2: with ``skid_limit`` K, a segment off the track for more than K squares
  is a barrier hit (VT-OPT-3 placement) instead of a skid.
  A car that skids onto a finish point has not finished; a later segment must enter
  a finish square.
* VT-OPT-3: the barrier point is the last on-track square the segment was in before
  its first off-track square; if another car stands there VT-MOVE-5 applies.
* VT-OPT-5: the finish line is the start line; a lap counts when the finish line is
  entered after all checkpoints 1-9 in order. Deviation: checkpoints on a track are
  always enforced (also without laps), so a track's shortcuts stay closed; a track
  without ``F`` (a circuit) always finishes on its start line.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from ...engine.contract import Action, Event, Result, Standing, Step
from ...engine.errors import IllegalAction, InvalidAction
from ...engine.frozen import replace
from .actions import Begin, Move, Place
from .events import (
    CheckpointPassed,
    Crashed,
    Finished,
    HitBarrier,
    LapCompleted,
    Moved,
    OrderSet,
    Placed,
    RaceOver,
    SetBack,
    Skidded,
)
from .geometry import walk_offsets
from .notation import format_state
from .state import Car, Options, State
from .track import Point, Track

NINE: tuple[Point, ...] = tuple((ax, ay) for ay in (-1, 0, 1) for ax in (-1, 0, 1))
OutcomeKind = Literal["move", "finish", "skid", "barrier", "crash"]


@dataclass(frozen=True)
class Outcome:
    """What a move does before other cars are considered (VT-MOVE-7)."""

    kind: OutcomeKind
    at: Point
    progress: int
    passed: tuple[int, ...] = ()
    t: Fraction | None = None
    rule_id: str = ""
    reason: str = ""


# --- setting up --------------------------------------------------------------------------


def start(track: Track, names: tuple[str, ...], options: Options) -> State:
    """Returns the state before the order is set; raises ValueError for impossible setups."""
    if not names:
        raise ValueError("Vectrace needs at least one player")
    if len(track.starts) < len(names):
        raise ValueError(
            f"VT-START-1: track {track.id!r} has {len(track.starts)} start points "
            f"for {len(names)} cars"
        )
    if (options.lap_start or options.laps > 1) and not track.checkpoints:
        raise ValueError(f"VT-OPT-5: track {track.id!r} has no checkpoints to set the direction")
    return State(track, options, tuple(names), tuple(Car() for _ in names))


@lru_cache(maxsize=64)
def targets(track: Track, laps: int, lap_start: bool) -> tuple[frozenset[Point], ...]:
    """Returns the lines to pass in order: checkpoints then the finish, once per lap."""
    finish = frozenset(track.starts) if lap_start else track.finishes
    return (*track.checkpoints, finish) * laps


def _targets(state: State) -> tuple[frozenset[Point], ...]:
    return targets(state.track, state.options.laps, state.options.lap_start)


# --- who acts and what they may do -------------------------------------------------------


def to_act(state: State) -> int | None:
    """Returns the seat to act, or None when the race is over."""
    if state.phase == "over":
        return None
    if state.phase == "order":
        return min(s for s, c in enumerate(state.cars) if c.status in ("waiting", "racing"))
    if state.phase == "place":
        return state.order[len(state.order) - 1 - state.turn]
    return state.order[state.turn]


def legal_actions(state: State) -> list[Action]:
    """Returns the actions open to the actor (crashing targets included, VT-MOVE-6)."""
    if state.phase == "order":
        return [Begin(s) for s, c in enumerate(state.cars) if c.status in ("waiting", "racing")]
    if state.phase == "place":
        taken = state.occupied()
        return [Place(x, y) for x, y in state.track.starts if (x, y) not in taken]
    if state.phase == "race":
        return [Move(x, y) for x, y in target_points(state.cars[state.order[state.turn]])]
    return []


def target_points(car: Car) -> list[Point]:
    """VT-MOVE-2: returns position + vector shifted by each of the 9 neighbour offsets."""
    assert car.pos is not None
    cx, cy = car.pos[0] + car.vel[0], car.pos[1] + car.vel[1]
    return [(cx + ax, cy + ay) for ax, ay in NINE]


# --- applying ----------------------------------------------------------------------------


def apply(state: State, action: Action) -> Step:
    """Returns the state after ``action`` and its events; raises IllegalAction/InvalidAction."""
    if isinstance(action, Begin):
        return _begin(state, action)
    if isinstance(action, Place):
        return _place(state, action)
    if isinstance(action, Move):
        return _move(state, action)
    raise InvalidAction(f"not a Vectrace action: {action!r}")


def _illegal(state: State, reason: str, rule_id: str) -> IllegalAction:
    return IllegalAction(reason, rule_id=rule_id, position=format_state(state))


def _begin(state: State, action: Begin) -> Step:
    if state.phase != "order":
        raise _illegal(state, "the turn order is already set", "VT-START-1")
    if action not in legal_actions(state):
        raise _illegal(state, f"seat {action.first} cannot begin", "VT-START-1")
    n = len(state.cars)
    order = tuple((action.first + i) % n for i in range(n))
    events: list[Event] = [OrderSet(order, tuple(state.names[s] for s in order))]
    if state.cars[0].status != "waiting":  # a re-drawn order (redraw_order)
        new = replace(state, order=order, phase="race", turn=0)
        return Step(_skip_to_racing(new), tuple(events))
    if state.options.assign_starts:
        cars = list(state.cars)
        for seat, point in zip(order, state.track.starts, strict=False):
            cars[seat] = Car(pos=point, status="racing", trail=(point,))
            events.append(Placed(seat, state.names[seat], point))
        new = replace(state, order=order, cars=tuple(cars), phase="race", turn=0)
        return Step(new, tuple(events))
    return Step(replace(state, order=order, phase="place", turn=0), tuple(events))


def _place(state: State, action: Place) -> Step:
    if state.phase != "place":
        raise _illegal(state, "cars are placed only before the race", "VT-START-1")
    point = (action.x, action.y)
    if point not in state.track.starts:
        raise _illegal(state, f"{point[0]},{point[1]} is not a start point", "VT-START-1")
    if point in state.occupied():
        raise _illegal(state, f"another car stands on {point[0]},{point[1]}", "VT-MOVE-5")
    seat = to_act(state)
    assert seat is not None
    cars = list(state.cars)
    cars[seat] = Car(pos=point, status="racing", trail=(point,))
    turn = state.turn + 1
    if turn == len(cars):
        new = replace(state, cars=tuple(cars), turn=0, phase="race")
    else:
        new = replace(state, cars=tuple(cars), turn=turn)
    return Step(new, (Placed(seat, state.names[seat], point),))


def resolve(state: State, car: Car, target: Point) -> Outcome:
    """Walks the segment to ``target`` and says what happens, ignoring other cars (VT-MOVE-7)."""
    assert car.pos is not None
    return resolve_segment(
        state.track, state.options, _targets(state), car.pos, car.progress, target
    )


def resolve_segment(
    track: Track,
    options: Options,
    lines: tuple[frozenset[Point], ...],
    pos: Point,
    progress: int,
    target: Point,
) -> Outcome:
    """Returns :func:`resolve` for a car on ``pos`` with ``progress``, the lines to pass
    being ``lines`` (:func:`targets`): nothing else of the car or the race matters."""
    x0, y0 = pos
    q, passed, last_on, off = progress, [], pos, 0
    for ox, oy, num, den in walk_offsets(target[0] - x0, target[1] - y0):
        cell = (x0 + ox, y0 + oy)
        if not track.on_track(*cell):
            off += 1
        elif not off:
            last_on = cell
            if cell in lines[q]:
                passed.append(q)
                q += 1
                if q == len(lines):  # VT-END-2: the rest of the move is ignored
                    return Outcome("finish", target, q, tuple(passed), Fraction(num, den))
    if not off:
        return Outcome("move", target, q, tuple(passed))
    ends_on = track.on_track(*target)
    within = options.skid_limit is None or off <= options.skid_limit
    if options.skid and ends_on and within:
        return Outcome("skid", target, q, tuple(passed), rule_id="VT-OPT-2")
    if (options.skid and ends_on) or (options.barrier and not ends_on):
        return Outcome("barrier", last_on, q, tuple(passed), rule_id="VT-OPT-3")
    reason = "leaves" if ends_on else "off"
    return Outcome("crash", target, progress, (), rule_id="VT-MOVE-4", reason=reason)


def preview(state: State, target: Point) -> OutcomeKind:
    """Returns what choosing ``target`` would do for the car to act, other cars included."""
    return previewed(state, target)[0]


def previewed(state: State, target: Point) -> tuple[OutcomeKind, Outcome]:
    """Returns :func:`preview` and the outcome the move's own segment resolves to
    (:func:`resolve`, which ignores the other cars)."""
    seat = state.order[state.turn]
    outcome = resolve(state, state.cars[seat], target)
    if blocked(outcome.kind, outcome.at, state.occupied(seat)):
        return "crash", outcome
    return outcome.kind, outcome


def blocked(kind: OutcomeKind, at: Point, occupied: Container[Point]) -> bool:
    """Returns whether a move :func:`resolve` says ends at ``at`` as ``kind`` crashes into
    a car standing on one of ``occupied`` (VT-MOVE-5; a finish or a crash ends no move)."""
    return kind != "finish" and kind != "crash" and at in occupied


def _move(state: State, action: Move) -> Step:
    if state.phase != "race":
        raise _illegal(state, "no car moves before all cars are placed", "VT-START-1")
    seat = state.order[state.turn]
    car = state.cars[seat]
    target = (action.x, action.y)
    if target not in target_points(car):
        raise _illegal(
            state, f"{target[0]},{target[1]} is not one of the 9 points of this move", "VT-MOVE-2"
        )
    assert car.pos is not None
    outcome = resolve(state, car, target)
    name = state.names[seat]
    events: list[Event] = [Moved(seat, name, car.pos, target, car.vel)]
    events += _progress_events(state, seat, car.progress, outcome.passed)
    cars = list(state.cars)
    moved = replace(car, moves=car.moves + 1, progress=outcome.progress)
    if outcome.kind == "finish":
        assert outcome.t is not None
        time = car.moves + outcome.t
        cars[seat] = _advanced(moved, target, (0, 0), status="finished", time=time)
        events.append(Finished(seat, name, car.moves + 1, time))
        return _next_turn(state, cars, events, finished=True)
    if outcome.kind == "crash":
        cars[seat] = _advanced(moved, target, (0, 0))
        _crash(state, cars, seat, target, outcome.rule_id, outcome.reason, events)
        return _next_turn(state, cars, events)
    velocity = (target[0] - car.pos[0], target[1] - car.pos[1])
    if outcome.kind == "skid":
        velocity = (0, 0)
        events.append(Skidded(seat, name, target))
    elif outcome.kind == "barrier":
        velocity = (0, 0)
        events.append(HitBarrier(seat, name, outcome.at))
    cars[seat] = _advanced(moved, outcome.at, velocity)
    _check_collision(state, cars, seat, outcome.at, events)
    return _next_turn(state, cars, events)


def _advanced(car: Car, at: Point, vel: Point, **changes: object) -> Car:
    history = (*car.trail, at)
    return replace(car, pos=at, vel=vel, trail=history, **changes)  # type: ignore[arg-type]


def _progress_events(state: State, seat: int, before: int, passed: tuple[int, ...]) -> list[Event]:
    per_lap = len(state.track.checkpoints) + 1
    events: list[Event] = []
    name = state.names[seat]
    for index in passed:
        lap, line = divmod(index, per_lap)
        if line < per_lap - 1:
            events.append(CheckpointPassed(seat, name, line + 1))
        elif index + 1 < per_lap * state.options.laps:
            events.append(LapCompleted(seat, name, lap + 1))
    return events


def _check_collision(
    state: State, cars: list[Car], seat: int, at: Point, events: list[Event]
) -> None:
    """VT-MOVE-5: ending on another car crashes the mover; VT-OPT-1: both crash."""
    others = {c.pos: s for s, c in enumerate(cars) if c.racing and s != seat}
    if at not in others:
        return
    _crash(state, cars, seat, at, "VT-MOVE-5", "occupied", events)
    if state.options.collision:
        _crash(state, cars, others[at], at, "VT-OPT-1", "hit", events)


def _crash(
    state: State,
    cars: list[Car],
    seat: int,
    at: Point,
    rule_id: str,
    reason: str,
    events: list[Event],
) -> None:
    """Retires the car (VT-MOVE-6) or sets it back (VT-OPT-4), in place in ``cars``."""
    name = state.names[seat]
    events.append(Crashed(seat, name, at, rule_id, reason))
    car = cars[seat]
    back = state.options.setback
    if back is not None:
        others = {c.pos for s, c in enumerate(cars) if c.racing and s != seat}
        # the trail ends with the crash point; N moves back from the point before it
        index = max(0, len(car.trail) - 1 - back)
        while index >= 0 and car.trail[index] in others:
            index -= 1
        if index >= 0:
            point = car.trail[index]
            cars[seat] = replace(
                car, pos=point, vel=(0, 0), trail=car.trail[: index + 1], status="racing"
            )
            events.append(SetBack(seat, name, point, back))
            return
    cars[seat] = replace(car, status="crashed", vel=(0, 0))


# --- turns and the end -------------------------------------------------------------------


def _skip_to_racing(state: State) -> State:
    """Moves ``turn`` forward to the first racing car at or after it."""
    turn = state.turn
    while turn < len(state.order) and not state.cars[state.order[turn]].racing:
        turn += 1
    return replace(state, turn=turn)


def _next_turn(state: State, cars: list[Car], events: list[Event], finished: bool = False) -> Step:
    final = state.final_round or finished
    new = replace(state, cars=tuple(cars), final_round=final)
    if (finished and state.options.literal) or not any(c.racing for c in cars):
        return _finish(new, events)
    new = _skip_to_racing(replace(new, turn=state.turn + 1))
    if new.turn < len(new.order):
        return Step(new, tuple(events))
    rounds = state.round + 1
    new = replace(new, round=rounds, turn=0)
    limit = state.options.max_rounds
    if final or (limit is not None and rounds >= limit):
        return _finish(new, events)
    if state.options.redraw_order:
        return Step(replace(new, phase="order"), tuple(events))
    return Step(_skip_to_racing(new), tuple(events))


def _finish(state: State, events: list[Event]) -> Step:
    over = replace(state, phase="over")
    places = tuple((state.names[s], p) for s, p in standings(over))
    return Step(over, (*events, RaceOver(places)))


def _rank_key(car: Car) -> tuple[int, Fraction]:
    if car.status == "finished" and car.time is not None:
        return (0, car.time)
    return (1, Fraction(0)) if car.racing else (2, Fraction(0))


def standings(state: State) -> list[tuple[int, int]]:
    """Returns ``(seat, place)`` best first (VT-END-2: equal times share a place)."""
    keys = [_rank_key(c) for c in state.cars]
    places = [(1 + sum(k < key for k in keys), seat) for seat, key in enumerate(keys)]
    return [(seat, place) for place, seat in sorted(places)]


def result(state: State) -> Result | None:
    """Returns the final standings once the race is over."""
    if state.phase != "over":
        return None
    standing = []
    for seat, place in standings(state):
        car = state.cars[seat]
        detail: dict[str, object] = {"status": car.status, "moves": car.moves}
        if car.time is not None:
            detail["time"] = f"{car.time.numerator}/{car.time.denominator}"
        standing.append(Standing(seat, place, detail))
    return Result(tuple(standing), {"rounds": state.round})
