"""The move, cell by cell: its start, each step, and its end.

Start of the move: the speed of the roll (RB-DICE-6/7), the heading (RB-RACE-4), the
cells blocked by caps (RB-CELL-3/5). Each step: why one is illegal (RB-TURN-4,
RB-TRACK-1/3/4/8, RB-DICE-7), squeals (RB-DICE-6, RB-OPT-1), laps (RB-TRACK-7),
midway (RB-CELL-4), forks (RB-TRACK-3). End of move: cells not moved (RB-TURN-5), off
the track (RB-DICE-7, RB-OPT-7), downshift and blocking cells (RB-CELL-2/3),
overtakes (RB-TURN-6), upside down (RB-OPT-4, RB-CAP-1); then the turn ends
(turn_cycle.py). Le Mans hooks (teams.py) run only where the rule set's switches
are on: the pit entry (RB-LM-8), the clock (RB-LM-12), a turn passed in the middle of
a move (RB-LM-10). Which steps are legal at all
is defined in moves.py; the decisions followed are listed in rules.py and lemans.py.
"""

from __future__ import annotations

from ....hexgrid import Hex
from ..events import (
    Bonked,
    Flipped,
    ForkChosen,
    LapCounted,
    MidwayToast,
    Moved,
    MovedAgain,
    Overtook,
    Stopped,
    WentOffTrack,
)
from ..setup import Config
from ..state import Car, LeMans, State
from ..track import CellKind
from . import teams
from .announcing import say, squeal, wheels
from .moves import (
    OFF,
    ON,
    TURN_OK,
    blocked_now,
    geometry,
    goes_forward,
    legal_steps,
    step_kind,
)
from .ranking import closed_for, counts_on_track, field_for, fork_key, race_order
from .turn_cycle import close_turn, force_first, turn_done
from .tx import Tx

# -- the start of the move ----------------------------------------------------------


def start_move(tx: Tx, total: int, dice: tuple[int, ...] | None = None) -> None:
    """Opens the move phase for a roll of ``total`` (also again after RB-OPT-4, with the
    dice of the turn); ``dice``: the roll, stored in the turn with the move's fields."""
    turn = tx.turn
    seat = turn.seat
    cars: tuple[Car, ...] = tx.get("cars")
    car = cars[seat]
    mode = "fast" if total >= 10 else "reckless" if total >= 7 else "normal"
    config, forks = tx.config, tx.get("forks")
    blocked, before, heading = _start_facts(config, cars, forks, tx.get("lemans"), seat)
    if mode == "fast":
        heading = _start_heading(config, forks, car, mode)
    tx.set_turn(
        dice=turn.dice if dice is None else dice,
        phase="move",
        total=total,
        mode=mode,
        moved=0,
        path=(car.cell,),
        heading=heading,
        blocked=blocked,
        before=before,
        start=car,
        wheels=4,
        upside_down=False,
    )


# What the start of a move takes from the position, not from the dice: the blocked
# cells, the ranking before the move, the heading of a 2-9 move.
_Start = tuple[frozenset[Hex], tuple[int, ...], int | None]
_Forks = tuple[tuple[str, str], ...]

# Starts by the mover's seat and the identity of the cars, with the immutable values
# each was computed from (the references held keep the identities from being reused):
# the odds on the gear buttons start a move for every roll of each gear open to the
# mover, all from the same cars, and the roll that follows starts from them again.
_STARTS: dict[tuple[int, int], tuple[object, object, object, object, _Start]] = {}
_STARTS_SIZE = 1024  # enough for the races in play at once


def _start_facts(
    config: Config, cars: tuple[Car, ...], forks: _Forks, lemans: LeMans | None, seat: int
) -> _Start:
    """Returns the blocked cells (RB-CELL-3/5, RB-LM-8), the ranking before the move
    (RB-TURN-6) and the heading of a 2-9 move (RB-RACE-4) for ``seat`` starting one now."""
    key = (id(cars), seat)
    kept = _STARTS.get(key)
    if (  # the same values (the same objects): the same answer
        kept is not None
        and kept[0] is cars
        and kept[1] is config
        and kept[2] is forks
        and kept[3] is lemans
    ):
        return kept[4]
    car = cars[seat]
    blocked = _blocked_cells(cars, lemans, seat)
    if config.rules.pit_entry_gear:
        blocked |= teams.pit_barred(config, car)  # RB-LM-8
    found = (
        blocked,
        race_order(config, forks, cars, lemans),
        _start_heading(config, forks, car, "normal"),
    )
    if len(_STARTS) >= _STARTS_SIZE:
        _STARTS.clear()  # cheaper than evicting one by one; the few lost are recomputed
    _STARTS[key] = (cars, config, forks, lemans, found)
    return found


def _start_heading(config: Config, forks: _Forks, car: Car, mode: str) -> int | None:
    """RB-RACE-4: the heading a move starts with (None: any first step, as in Babybile).

    A car facing no track step within 60° (after backing on from off the track, say)
    could never move again; its first step is then free, unless it is going too fast.
    """
    if not config.rules.facing or car.heading is None:
        return None
    if mode == "fast":
        return car.heading
    geo = geometry(config.track)
    closed = closed_for(config, forks, car.laps)
    opens = geo.open[car.cell]
    for d in range(6):
        if TURN_OK[car.heading][d] and opens[d] and geo.neighbors[car.cell][d] not in closed:
            return car.heading
    return None


def _blocked_cells(cars: tuple[Car, ...], lemans: LeMans | None, seat: int) -> frozenset[Hex]:
    """RB-CELL-3/5: cells holding two caps or a flipped cap (the mover's own aside); a
    Le Mans team put out no longer counts on the track (:func:`counts_on_track`)."""
    out = lemans.out if lemans is not None else frozenset()
    seen: set[Hex] = set()
    blocked: set[Hex] = set()
    for s, car in enumerate(cars):
        if s == seat or car.off_from is not None or s in out:
            continue
        if car.flipped or car.cell in seen:
            blocked.add(car.cell)
        seen.add(car.cell)
    return frozenset(blocked)


# -- steps ---------------------------------------------------------------------------


def why_not(state: State, direction: int) -> tuple[str, str]:
    """Returns why a step in ``direction`` is illegal now: (reason, rule id)."""
    turn = state.turn
    assert turn is not None
    car = state.cars[turn.seat]
    track = state.config.track
    if turn.heading is not None:
        if turn.mode == "fast" and direction != turn.heading:
            return "on 10-12 the car can neither turn nor brake", "RB-DICE-7"
        if not TURN_OK[turn.heading][direction]:
            return "a car turns at most 60° between two cells", "RB-TURN-4"
    target = car.cell.neighbor(direction)
    if target not in track.cells:
        return "there is no track cell there", "RB-TRACK-1"
    if not track.edge_open(car.cell, direction):
        if (target, (direction + 3) % 6) in track.one_way:
            return "the arrow allows this edge the other way only", "RB-TRACK-4"
        return "a wall separates these cells", "RB-TRACK-8"
    if target in closed_for(state.config, state.forks, car.laps):
        return "that branch of the fork is closed", "RB-TRACK-3"
    if target in turn.blocked:
        flipped = (
            c.flipped and c.cell == target and c.off_from is None and counts_on_track(state, s)
            for s, c in enumerate(state.cars)
        )
        if any(flipped):
            return "a flipped cap blocks that cell", "RB-CELL-3"
        if _pit_barred(state, target):
            return "the pit lane is entered in 1st gear only", "RB-LM-8"
        return "two caps block that cell", "RB-CELL-5"
    return "a move never enters the same cell twice", "RB-TURN-4"


def step(tx: Tx, direction: int, kind: int) -> None:
    """Moves the car one cell (``kind`` ON) or off the track (OFF, RB-DICE-7)."""
    state = tx.state
    turn = state.turn
    assert turn is not None
    seat = turn.seat
    car = state.cars[seat]
    config = state.config
    geo = geometry(config.track)
    cell = car.cell
    target = geo.neighbors[cell][direction]
    reckless = turn.mode == "reckless"
    turning = turn.heading is not None and direction != turn.heading
    tx.emit(Moved(seat, cell, target, direction, reckless and turning))
    said = turn.said
    if reckless:
        if turning:
            squeal(tx, seat)
        if config.options.two_wheels:
            wheels(tx, 2 if turning else 4)
        said = tx.turn.said
    clock = state.clock
    tx.set_turn(
        moved=turn.moved + 1,
        path=(*turn.path, target),
        heading=direction,
        said=said - {"squeal"} if "squeal" in said else said,
    )
    tx.update(clock=clock + 1)
    if kind == OFF:
        tx.set_car(
            seat, cell=target, off_from=cell, heading=direction, arrived=clock, flipped=False
        )
        tx.emit(WentOffTrack(seat, target, cell))
        end_move(tx, off=True)
        return
    laps = car.laps
    crossing = geo.finish[cell][direction]
    if crossing:
        laps += crossing
        tx.emit(LapCounted(seat, laps, crossing))
        if laps >= config.laps and not config.rules.clock_end:
            tx.update(final_round=True)
    tx.set_car(seat, cell=target, heading=direction, laps=laps, arrived=clock, flipped=False)
    if geo.midway[cell][direction] > 0 and car.toasted != laps:
        _toast(tx, seat, laps)
    branch = geo.branch.get(target)
    if branch is not None:
        _choose_fork(tx, seat, branch, laps)
    if turn.moved + 1 == turn.total:
        end_move(tx)


def _toast(tx: Tx, seat: int, laps: int) -> None:
    """RB-CELL-4: passing midway, once per car per lap: everybody drinks a sip."""
    tx.set_car(seat, toasted=laps)
    owed = set(tx.turn.owed)
    say(tx, seat, "midway", owed)
    tx.set_turn(owed=frozenset(owed))
    tx.emit(MidwayToast(seat))
    for other in range(tx.config.players):
        tx.drink(other, 1, "RB-CELL-4", caused_by=seat, reason="midway toast")


def _choose_fork(tx: Tx, seat: int, branch: tuple[str, str], laps: int) -> None:
    """RB-TRACK-3: the first car into a fork branch chooses it for everybody."""
    config = tx.config
    fork_id, name = branch
    key = fork_key(config, fork_id, laps)
    if any(k == key for k, _ in tx.get("forks")):
        return
    tx.update(forks=(*tx.get("forks"), (key, name)))
    tx.emit(ForkChosen(seat, fork_id, name, laps if fork_id in config.per_lap_forks else None))


# -- the end of the move ------------------------------------------------------------


def end_move(tx: Tx, off: bool = False) -> None:
    """Settles the move: cells not moved, the cell landed on, overtakes."""
    turn = tx.turn
    seat = turn.seat
    if off:
        # RB-DICE-7: a sip per cell of the count not moved on the track (incl. the last).
        tx.drink(seat, turn.total - turn.moved + 1, "RB-DICE-7", "technical",
                 reason="cells not moved on the track")  # fmt: skip
        force_first(tx, seat, "RB-DICE-7")
        if tx.config.options.off_track_whole_beer:
            tx.drink(seat, tx.ledger.chug_whole(seat), "RB-OPT-7", reason="off the track")
    else:
        unmoved = turn.total - turn.moved
        if unmoved:
            blocked, rule = _blocked_rule(tx.state)
            tx.emit(Stopped(seat, turn.moved, turn.total, blocked))
            tx.drink(seat, unmoved, rule, "technical", reason="cells not moved")
        _land(tx, seat)
    overtakes(tx, seat)
    if turn.upside_down:
        _move_again(tx)
        return
    turn_done(tx)


def _blocked_rule(state: State) -> tuple[bool, str]:
    """RB-TURN-5 for a stop by choice; RB-CELL-3/5 when caps block every step, or every
    step ahead (then only the steps ahead name the block)."""
    stuck = not legal_steps(state)
    if not stuck and not blocked_now(state):
        return False, "RB-TURN-5"
    turn = state.turn
    assert turn is not None
    car = state.cars[turn.seat]
    geo = geometry(state.config.track)
    closed = closed_for(state.config, state.forks, car.laps)
    field = field_for(state.config, state.forks, car.laps)
    ahead = (d for d in range(6) if goes_forward(geo, field, car.cell, d))
    for d in range(6) if stuck else ahead:
        kind = step_kind(geo, car.cell, turn.heading, d, mode=turn.mode, path=turn.path,
                         blocked=frozenset(), closed=closed)  # fmt: skip
        target = geo.neighbors[car.cell][d]
        if kind == ON and target in turn.blocked:
            flipped = any(c.flipped and c.cell == target for c in state.cars)
            if not flipped and _pit_barred(state, target):
                return True, "RB-LM-8"
            return True, "RB-CELL-3" if flipped else "RB-CELL-5"
    return True, "RB-TURN-5"


def _pit_barred(state: State, target: Hex) -> bool:
    """RB-LM-8: ``target`` is blocked only because the mover may not enter the pit."""
    turn = state.turn
    if not state.config.rules.pit_entry_gear or turn is None:
        return False
    barred = teams.pit_barred(state.config, state.cars[turn.seat])
    return target not in _blocked_cells(state.cars, state.lemans, turn.seat) and target in barred


def _land(tx: Tx, seat: int) -> None:
    """RB-CELL-2/3: the cell the move ends on; bonks from the cell before a block."""
    car = tx.car(seat)
    kind = geometry(tx.config.track).kinds[car.cell]
    if kind is CellKind.downshift:
        force_first(tx, seat, "RB-CELL-2")
    elif kind is CellKind.block and not car.flipped:
        tx.set_car(seat, flipped=True)
        tx.emit(Flipped(seat, car.cell))
    _bonk(tx, seat)


def _bonk(tx: Tx, seat: int) -> None:
    """RB-CELL-3: every flipped cap one legal step ahead is bonked and turned back."""
    state = tx.state
    car = state.cars[seat]
    heading = tx.turn.heading
    geo = geometry(state.config.track)
    closed = closed_for(state.config, state.forks, car.laps)
    for d in range(6):
        if heading is not None and not TURN_OK[heading][d]:
            continue
        target = geo.neighbors[car.cell][d]
        if not geo.open[car.cell][d] or target in closed:
            continue
        for other, blocker in enumerate(tx.get("cars")):
            if (
                other != seat
                and blocker.flipped
                and blocker.cell == target
                and not blocker.off_track
            ):
                tx.set_car(other, flipped=False)
                tx.emit(Bonked(seat, other, target))


def overtakes(tx: Tx, seat: int) -> None:
    """RB-TURN-6: each car ahead before the move and behind after it drinks a sip, once
    a turn (RB-OPT-4: a car passed again in the repeated move is not overtaken twice)."""
    before = tx.turn.before
    after = race_order(tx.config, tx.get("forks"), tx.get("cars"), tx.get("lemans"))
    me = after.index(seat)
    overtaken = tx.turn.overtaken
    for other in before[: before.index(seat)]:
        if after.index(other) > me and other not in overtaken:
            overtaken += (other,)
            tx.set_turn(overtaken=overtaken)
            tx.emit(Overtook(seat, other))
            tx.drink(other, 1, "RB-TURN-6", "general", caused_by=seat, reason="overtaken")


def _move_again(tx: Tx) -> None:
    """RB-OPT-4: the penalties stand, a fault per cell moved, and the car moves again
    (having toasted midway in this lap already, RB-CELL-4)."""
    turn = tx.turn
    seat = turn.seat
    start = turn.start
    assert start is not None
    tx.drink(seat, turn.moved, "RB-CAP-1", "technical", reason="moved upside down")
    start = start._replace(toasted=tx.car(seat).toasted)
    cars = tx.state.cars
    cars = (*cars[:seat], start, *cars[seat + 1 :])
    target = tx.config.laps
    if not tx.config.rules.clock_end:  # RB-LM-12: laps never end Le Mans
        tx.update(cars=cars, final_round=any(c.laps >= target for c in cars))
    else:
        tx.update(cars=cars)
    tx.emit(MovedAgain(seat, start.cell))
    start_move(tx, turn.total)


# -- a turn passed at once (Le Mans) ------------------------------------------------


def pass_turn(tx: Tx) -> None:
    """RB-LM-10: the turn passes at once; a car in the middle of its move stays there."""
    turn = tx.turn
    if turn.phase == "move" and turn.moved:
        overtakes(tx, turn.seat)
    close_turn(tx)
