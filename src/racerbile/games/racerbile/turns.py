"""The turn, step by step (RB-TURN-1…9 and the rules a turn triggers).

Start of turn: back onto the track (RB-DICE-7, RB-RACE-3), first/last (RB-TURN-1),
out of fuel (RB-OPT-2). Before the roll: shifts (RB-DICE-2/3, RB-START-3). The roll:
clutch faults (RB-DICE-4, RB-RACE-2, RB-OPT-5/6), fives and sixes (RB-DICE-5). Each
step: squeals (RB-DICE-6, RB-OPT-1), laps (RB-TRACK-7), midway (RB-CELL-4), forks
(RB-TRACK-3). End of move: cells not moved (RB-TURN-5), off the track (RB-DICE-7,
RB-OPT-7), downshift and blocking cells (RB-CELL-2/3), overtakes (RB-TURN-6),
upside down (RB-OPT-4), finishing first (RB-OPT-8), the end of the race (RB-END-1).
Le Mans hooks (lemans.py) run only where the rule set's switches are on: lost turns,
driver changes, the pit entry, the 42-cell, the clock (RB-LM-5/8/9/11/12).
The decisions followed are listed in rules.py and lemans.py.
"""

from __future__ import annotations

from ...engine.contract import Action
from ...hexgrid import Hex
from . import lemans
from .actions import (
    ANNOUNCEMENTS,
    Announce,
    BackOnTrack,
    Bonked,
    DieShown,
    Flipped,
    ForkChosen,
    GearboxSmashed,
    LapCounted,
    MidwayToast,
    Moved,
    MovedAgain,
    OutOfFuel,
    Overtook,
    Pass,
    Placed,
    RaceOver,
    Roll,
    Rolled,
    Shift,
    Shifted,
    StepTo,
    Stop,
    Stopped,
    TurnEnded,
    TurnStarted,
    WentOffTrack,
)
from .announcing import (
    AT_END,
    PRE_ROLL,
    Problem,
    announce_problem,
    charge_forgotten,
    say,
    squeal,
    wheels,
)
from .moves import OFF, ON, TURN_OK, geometry, legal_steps, step_kind
from .ranking import closed_for, first_and_last, fork_key, gap, ranking, stack
from .setup import Config
from .state import Car, State, Turn
from .track import CellKind
from .tx import Tx

# -- the grid and the turn order ----------------------------------------------------


def grid_cars(config: Config, order: tuple[int, ...]) -> tuple[Car, ...]:
    """RB-START-2/3: the cars on the grid slots in ``order``, in 1st gear, by seat."""
    slots = config.track.grid
    n = len(order)
    laps = -1 if config.track.grid_behind_line else 0
    cars: dict[int, Car] = {}
    for i, seat in enumerate(order):
        slot = slots[i % len(slots)]
        cars[seat] = Car(cell=slot.at, heading=slot.facing, laps=laps, arrived=i - n)
    return tuple(cars[s] for s in range(n))


def place_on_grid(tx: Tx, order: tuple[int, ...]) -> None:
    """RB-START-2: puts the caps on the grid in the start order."""
    config = tx.config
    tx.update(cars=grid_cars(config, order))
    slots = config.track.grid
    for i, seat in enumerate(order):
        tx.emit(Placed(seat, i % len(slots) + 1, slots[i % len(slots)].at))


def begin_race(tx: Tx) -> None:
    """Starts the first turn."""
    tx.update(phase="race", index=0)
    begin_turn(tx)


def begin_turn(tx: Tx) -> None:
    """Starts the turn of the seat at ``index``: everything due before the shift."""
    seat = tx.get("order")[tx.get("index")]
    car = tx.car(seat)
    tx.update(turn=Turn(seat))
    tx.emit(TurnStarted(seat, car.turns + 1, car.gear))
    if tx.get("lemans") is not None and lemans.turn_begins(tx, seat):
        close_turn(tx)  # RB-LM-11: a lost turn
        return
    if car.off_track and not _back_on_track(tx, seat):
        close_turn(tx)
        return
    owed: set[str] = set()
    _first_or_last(tx, seat, owed)
    if _out_of_fuel(tx, seat):
        close_turn(tx)
        return
    car = tx.car(seat)
    if car.first_gear_rule:
        say(tx, seat, "first_gear", owed, gear=1)
    tx.set_turn(owed=frozenset(owed), no_upshift=_upshift_bar(tx.state, car))
    if car.hold_first:
        tx.set_car(seat, hold_first=False)


def _upshift_bar(state: State, car: Car) -> str:
    """Returns the rule barring an upshift this turn, or ''."""
    if car.turns == 0:
        return "RB-START-3"
    if geometry(state.config.track).kinds.get(car.cell) is CellKind.downshift:
        return "RB-CELL-2"
    if car.hold_first:
        return car.first_gear_rule or "RB-OPT-2"
    return ""


def _back_on_track(tx: Tx, seat: int) -> bool:
    """RB-DICE-7: backs the car onto the cell where it left; False if that cell is full."""
    state = tx.state
    cell = state.cars[seat].off_from
    assert cell is not None
    if len(stack(state, cell)) >= 2:
        tx.emit(BackOnTrack(seat, cell, waiting=True))
        return False
    if state.config.rules.off_track_chug:
        # RB-RACE-3: chug the rest of the beer before coming back onto the track.
        tx.drink(seat, state.ledger.chug_rest(seat), "RB-RACE-3", reason="back onto the track")
    tx.set_car(seat, cell=cell, off_from=None, arrived=state.clock)
    tx.update(clock=state.clock + 1)
    tx.emit(BackOnTrack(seat, cell))
    return True


def _first_or_last(tx: Tx, seat: int, owed: set[str]) -> None:
    """RB-TURN-1: one sip for being first or last (at most one, even if both)."""
    first, last = first_and_last(tx.state)
    if seat not in (first, last):
        return
    what = "first" if seat == first else "last"
    say(tx, seat, what, owed)
    tx.drink(seat, 1, "RB-TURN-1", reason=f"being {what}")


def _out_of_fuel(tx: Tx, seat: int) -> bool:
    """RB-OPT-2: 12 or more cells ahead of the second car: chug, a sip, the turn is lost."""
    state = tx.state
    if not state.config.options.out_of_fuel or state.config.players < 2:
        return False
    order = ranking(state)
    lead = gap(state, seat, order[1]) if order[0] == seat else 0
    if lead < 12:
        return False
    tx.emit(OutOfFuel(seat, lead))
    tx.drink(seat, state.ledger.chug_rest(seat), "RB-OPT-2", reason="refuelling")
    tx.drink(seat, 1, "RB-OPT-2", "technical", reason="ran out of fuel")
    car = tx.car(seat)
    if car.gear > 1:
        tx.emit(Shifted(seat, car.gear, 1, forced="RB-OPT-2"))
    tx.set_car(seat, gear=1, hold_first=True)
    return True


# -- legal actions -------------------------------------------------------------------

# Actions are immutable values: the ones listed at every decision are built once.
_STEP_TO = tuple(StepTo(d) for d in range(6))
_ROLL, _STOP, _PASS = Roll(), Stop(), Pass()
_SHIFTS = {"up": Shift("up"), "down": Shift("down")}


def legal_turn_actions(state: State) -> list[Action]:
    """Returns the mover's legal actions in the shift, move or end phase."""
    turn = state.turn
    assert turn is not None
    if turn.phase == "shift":
        actions: list[Action] = [_ROLL]
        actions += [a for d, a in _SHIFTS.items() if shift_problem(state, d) is None]
        if state.lemans is not None:
            actions += lemans.driver_changes(state)  # RB-LM-9
    elif turn.phase == "move":
        steps = legal_steps(state)
        actions = [_STEP_TO[d] for d, _ in steps]
        if _stop_problem(turn, bool(steps)) is None:
            actions.append(_STOP)
    elif turn.phase == "name":
        actions = lemans.names(state)  # RB-LM-5
    else:
        actions = [_PASS]
    if state.config.manual:
        actions += [Announce(w) for w in ANNOUNCEMENTS if announce_problem(state, w) is None]
    return actions


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
    return _stop_problem(turn, bool(legal_steps(state)))


def _stop_problem(turn: Turn, can_step: bool) -> Problem:
    if not can_step:
        return None  # blocked
    if turn.mode == "fast":
        return "on 10-12 the car can neither turn nor brake", "RB-DICE-7"
    if turn.moved == 0:
        return "a car must move at least one cell unless it is blocked", "RB-TURN-5"
    return None


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
    tx.emit(DieShown(turn.seat, value))
    if value >= 5:
        tx.set_turn(shown56=turn.shown56 + 1)
        return
    dice = (*turn.dice, value)
    tx.set_turn(dice=dice)
    if len(dice) == tx.car(turn.seat).gear:
        _resolve_roll(tx)


def _resolve_roll(tx: Tx) -> None:
    turn = tx.turn
    seat = turn.seat
    config = tx.config
    options = config.options
    total = sum(turn.dice)
    ones = turn.dice.count(1)
    tx.emit(Rolled(seat, turn.dice, total, turn.shown56))
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
    else:
        tx.drink(seat, ones, "RB-DICE-4", "technical", reason="clutch fault")
    # RB-DICE-5: the third 5 or 6 shown, and each one after it, is a technical fault.
    tx.drink(seat, turn.shown56 - 2, "RB-DICE-5", "technical", reason="fives and sixes")
    if total == 0:
        turn_done(tx)
    else:
        start_move(tx, total)


def start_move(tx: Tx, total: int) -> None:
    """Opens the move phase for a roll of ``total`` (also again after RB-OPT-4)."""
    state = tx.state
    turn = tx.turn
    seat = turn.seat
    car = state.cars[seat]
    mode = "fast" if total >= 10 else "reckless" if total >= 7 else "normal"
    blocked = _blocked_cells(state, seat)
    if state.config.rules.pit_entry_gear:
        blocked |= lemans.pit_barred(state, car)  # RB-LM-8
    tx.set_turn(
        phase="move",
        total=total,
        mode=mode,
        moved=0,
        path=(car.cell,),
        heading=_start_heading(state, car, mode),
        blocked=blocked,
        before=ranking(state),
        start=car,
        wheels=4,
        upside_down=False,
    )


def _start_heading(state: State, car: Car, mode: str) -> int | None:
    """RB-RACE-4: the heading a move starts with (None: any first step, as in Babybile).

    A car facing no track step within 60° (after backing on from off the track, say)
    could never move again; its first step is then free, unless it is going too fast.
    """
    if not state.config.rules.facing or car.heading is None:
        return None
    if mode == "fast":
        return car.heading
    geo = geometry(state.config.track)
    closed = closed_for(state.config, state.forks, car.laps)
    opens = geo.open[car.cell]
    for d in range(6):
        if TURN_OK[car.heading][d] and opens[d] and geo.neighbors[car.cell][d] not in closed:
            return car.heading
    return None


def _blocked_cells(state: State, seat: int) -> frozenset[Hex]:
    """RB-CELL-3/5: cells holding two caps or a flipped cap (the mover's own aside)."""
    seen: set[Hex] = set()
    blocked: set[Hex] = set()
    for s, car in enumerate(state.cars):
        if s == seat or car.off_from is not None:
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
        if any(c.flipped and c.cell == target and c.off_from is None for c in state.cars):
            return "a flipped cap blocks that cell", "RB-CELL-3"
        if _pit_barred(state, target):
            return "the pit lane is entered in 1st gear only", "RB-LM-8"
        return "two caps block that cell", "RB-CELL-5"
    return "a move never enters the same cell twice", "RB-TURN-4"


def step(tx: Tx, direction: int, kind: int) -> None:
    """Moves the car one cell (``kind`` ON) or off the track (OFF, RB-DICE-7)."""
    state = tx.state
    turn = tx.turn
    seat = turn.seat
    car = state.cars[seat]
    geo = geometry(state.config.track)
    cell = car.cell
    target = geo.neighbors[cell][direction]
    reckless = turn.mode == "reckless"
    turning = turn.heading is not None and direction != turn.heading
    tx.emit(Moved(seat, cell, target, direction, squeal=reckless and turning))
    if reckless:
        if turning:
            squeal(tx, seat)
        if state.config.options.two_wheels:
            wheels(tx, 2 if turning else 4)
    clock = state.clock
    said = tx.turn.said
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
        if laps >= state.config.laps and not state.config.rules.clock_end:
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


# -- the end of the move and of the turn -------------------------------------------


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
    """RB-TURN-5 for a stop by choice; RB-CELL-3/5 when caps block every step."""
    if legal_steps(state):
        return False, "RB-TURN-5"
    turn = state.turn
    assert turn is not None
    car = state.cars[turn.seat]
    geo = geometry(state.config.track)
    closed = closed_for(state.config, state.forks, car.laps)
    for d in range(6):
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
    return target not in _blocked_cells(state, turn.seat) and target in lemans.pit_barred(
        state, state.cars[turn.seat]
    )


def force_first(tx: Tx, seat: int, rule: str) -> None:
    """A forced downshift to 1st gear: a sip per gear step (general faults)."""
    car = tx.car(seat)
    if car.gear > 1:
        tx.emit(Shifted(seat, car.gear, 1, forced=rule))
        tx.drink(seat, car.gear - 1, rule, "general", reason="forced down to 1st gear")
    tx.set_car(seat, gear=1, hold_first=True, first_gear_rule=rule)


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
    """RB-TURN-6: each car ahead before the move and behind after it drinks a sip."""
    before = tx.turn.before
    after = ranking(tx.state)
    me = after.index(seat)
    for other in before[: before.index(seat)]:
        if after.index(other) > me:
            tx.emit(Overtook(seat, other))
            tx.drink(other, 1, "RB-TURN-6", "general", caused_by=seat, reason="overtaken")


def _move_again(tx: Tx) -> None:
    """RB-OPT-4: the penalties stand, a fault per cell moved, and the car moves again."""
    turn = tx.turn
    seat = turn.seat
    start = turn.start
    assert start is not None
    tx.drink(seat, turn.moved, "RB-CAP-1", "technical", reason="moved upside down")
    cars = tx.state.cars
    cars = (*cars[:seat], start, *cars[seat + 1 :])
    target = tx.config.laps
    if not tx.config.rules.clock_end:  # RB-LM-12: laps never end Le Mans
        tx.update(cars=cars, final_round=any(c.laps >= target for c in cars))
    else:
        tx.update(cars=cars)
    tx.emit(MovedAgain(seat, start.cell))
    start_move(tx, turn.total)


def turn_done(tx: Tx) -> None:
    """The move is over: RB-OPT-8, then the end phase (manual) or the next turn (auto)."""
    config = tx.config
    seat = tx.turn.seat
    if config.options.finish_first and ranking(tx.state)[0] == seat:
        owed = set(tx.turn.owed)
        say(tx, seat, "finish_first", owed)
        tx.set_turn(owed=frozenset(owed))
        tx.drink(seat, 1, "RB-OPT-8", reason="finishing the turn first")
    if config.rules.fortytwo and lemans.names_opponent(tx):
        return  # RB-LM-5: the lander names an opponent first
    to_end(tx)


def to_end(tx: Tx) -> None:
    """The end phase (manual: last announcements, then pass) or the next turn (auto)."""
    if tx.config.manual:
        tx.set_turn(phase="end")
    else:
        close_turn(tx)


def close_turn(tx: Tx) -> None:
    """RB-TURN-8 and RB-END-1: the cup passes on, or the race ends with the round."""
    seat = tx.turn.seat
    if tx.config.manual:
        charge_forgotten(tx, AT_END)
    if tx.get("lemans") is not None:
        lemans.before_turn_ends(tx)  # RB-LM-5
    tx.set_car(seat, turns=tx.car(seat).turns + 1)
    tx.emit(TurnEnded(seat))
    if tx.get("lemans") is not None:
        lemans.advance(tx)  # RB-LM-12: teams out are skipped; the clock ends it
        return
    index, order = tx.get("index"), tx.get("order")
    if tx.get("final_round") and index == len(order) - 1:
        tx.update(phase="over", turn=None)
        tx.emit(RaceOver(ranking(tx.state)))
        return
    tx.update(index=(index + 1) % len(order))
    begin_turn(tx)
