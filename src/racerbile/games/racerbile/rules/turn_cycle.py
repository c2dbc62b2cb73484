"""A turn's start and its end: the grid, the turn order and the end of the race.

The grid (RB-START-2/3). Start of turn: back onto the track (RB-DICE-7, RB-RACE-3),
first/last (RB-TURN-1), out of fuel (RB-OPT-2), the upshift barred after the start,
a downshift cell or a forced 1st gear (RB-START-3, RB-CELL-2). End of turn: finishing
first (RB-OPT-8), the cup passing on (RB-TURN-8), the end of the race (RB-END-1).
Le Mans hooks (teams.py) run only where the rule set's switches are on: lost turns,
the 42-cell, the clock, teams put out skipped in the turn order (RB-LM-5/10/11/12).
The turn in between: shift_roll.py, moving.py. The decisions followed are listed in
rules.py and lemans.py.
"""

from __future__ import annotations

from ..events import BackOnTrack, OutOfFuel, Placed, RaceOver, Shifted, TurnEnded, TurnStarted
from ..setup import Config
from ..state import Car, State, Turn
from ..track import CellKind
from . import teams
from .announcing import AT_END, charge_forgotten, say
from .moves import geometry
from .ranking import first_and_last, gap, ranking, stack
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
    if tx.get("lemans") is not None and teams.turn_begins(tx, seat):
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
    racing = teams.active(state)  # the second car is the second still racing
    if not state.config.options.out_of_fuel or len(racing) < 2:
        return False
    order = [s for s in ranking(state) if s in racing]
    lead = gap(state, seat, order[1]) if order[0] == seat else 0
    if lead < 12:
        return False
    tx.emit(OutOfFuel(seat, lead))
    tx.drink(seat, state.ledger.chug_rest(seat), "RB-OPT-2", reason="refuelling")
    tx.drink(seat, 1, "RB-OPT-2", "technical", reason="ran out of fuel")
    force_first(tx, seat, "RB-OPT-2")
    return True


def force_first(tx: Tx, seat: int, rule: str) -> None:
    """A forced downshift to 1st gear: a sip per gear step (general faults); the next
    turn opens with "I start in first gear" and allows no upshift."""
    car = tx.car(seat)
    if car.gear > 1:
        tx.emit(Shifted(seat, car.gear, 1, forced=rule))
        tx.drink(seat, car.gear - 1, rule, "general", reason="forced down to 1st gear")
    tx.set_car(seat, gear=1, hold_first=True, first_gear_rule=rule)


# -- the end of the turn and of the race ------------------------------------------


def turn_done(tx: Tx) -> None:
    """The move is over: RB-OPT-8, then the end phase (manual) or the next turn (auto)."""
    config = tx.config
    seat = tx.turn.seat
    if config.options.finish_first and ranking(tx.state)[0] == seat:
        owed = set(tx.turn.owed)
        say(tx, seat, "finish_first", owed)
        tx.set_turn(owed=frozenset(owed))
        tx.drink(seat, 1, "RB-OPT-8", reason="finishing the turn first")
    if config.rules.fortytwo and teams.names_opponent(tx):
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
        teams.before_turn_ends(tx)  # RB-LM-5
    tx.set_car(seat, turns=tx.car(seat).turns + 1)
    tx.emit(TurnEnded(seat))
    if tx.get("lemans") is not None:
        _advance(tx)  # RB-LM-12: teams out are skipped; the clock ends it
        return
    index, order = tx.get("index"), tx.get("order")
    if tx.get("final_round") and index == len(order) - 1:
        tx.update(phase="over", turn=None)
        tx.emit(RaceOver(ranking(tx.state)))
        return
    tx.update(index=(index + 1) % len(order))
    begin_turn(tx)


def _advance(tx: Tx) -> None:
    """The next team still in the race moves; RB-LM-12 ends the event after the last
    team of the start order has had its turn once the last lap is called."""
    order = tx.get("order")
    out = teams.lemans_of(tx).out
    index = tx.get("index")
    while True:
        if tx.get("final_round") and index == len(order) - 1:
            tx.update(phase="over", turn=None)
            tx.emit(RaceOver(ranking(tx.state)))
            return
        index = (index + 1) % len(order)
        if order[index] not in out:
            break
    tx.update(index=index)
    begin_turn(tx)
