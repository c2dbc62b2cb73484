"""The rally around the turns: start order, rounds, the end of a turn, stages, result.

RM-START-1 (staggered start: round k brings in the k-th driver, A29), RM-ORDER-1 (play
order by position: further along first; same space: higher gear, then who arrived first;
recomputed at each round, so an overtake counts from the next round), RM-TURN-3 (the card
of the last gear die; gas only: the current gear's card, A4; nothing legal: a card of the
current gear, 1st from gear 0, A3), RM-JUMP-1 (ending a turn airborne), RM-RALLY-2 (stage
time = cards − tokens + penalties; tokens reset, A17; ties by SS3 then SS2, A28),
RM-RALLY-3 (SS2/SS3 start order by the total so far; ties by the earlier start, A34),
RM-MECH-1 (mechanics repair damage and punctures, give the spare wheel back, allow new
tyres), RM-DMG-1 (damage 5 retires; option super rally, A27), RM-SOLO-1 (one driver: the
same rules against the clock; no staggered start to speak of).
"""

from __future__ import annotations

from ....engine.contract import Event, Result, Standing
from ....engine.frozen import replace
from ..actions import CardTaken, Finished, RallyOver, Repaired, Retired, StageOver, StageStarted
from ..state import GEAR_TIME, Car, Card, State, Turn
from .common import gas_available, gear_dice_allowed, take_card, turn_of, with_car


def begin_turn(state: State, seat: int) -> State:
    """Returns ``state`` with ``seat``'s turn begun (a spun car faces forward again)."""
    car = state.cars[seat]
    if car.off == "spin":
        state = with_car(state, seat, off=None)
        car = state.cars[seat]
    hazards = 1 if (state.options.puncture_mode == "polish_hazard_die" and car.punctures) else 0
    turn = Turn(
        seat=seat,
        start_gear=car.gear,
        gear=car.gear,
        must_first=car.gear == 0 or car.off in ("left", "right"),  # RM-START-2, RM-LOC-2
        hazards=hazards,
        gear_allowed=gear_dice_allowed(car),
        gas_allowed=gas_available(car),
    )
    return replace(state, turn=turn)


def end_turn(state: State, events: list[Event]) -> State:
    """Takes the turn's gear card and passes on (RM-TURN-3)."""
    turn = turn_of(state)
    seat = turn.seat
    car = state.cars[seat]
    deck = turn.last_gear_die or (turn.gear if turn.gear > 0 else 1)
    card = Card(deck, GEAR_TIME[deck])
    state = with_car(state, seat, stack=(*car.stack, card), gear=deck)
    events.append(CardTaken(seat, deck, card.seconds))
    state = take_card(state, deck)
    if car.status == "finished":
        state = finish(state, seat, events)
    return next_turn(state, events)


def finish(state: State, seat: int, events: list[Event]) -> State:
    """Records the car's stage time once it crossed the line (RM-FINISH-1, RM-RALLY-2)."""
    events.append(Finished(seat, state.cars[seat].stage_time))
    return state


def retire(state: State, seat: int, events: list[Event]) -> State:
    """Takes a car with damage 5 out of the stage (RM-DMG-1, A27)."""
    events.append(Retired(seat, state.cars[seat].damage))
    return with_car(state, seat, status="retired", off=None)


def next_turn(state: State, events: list[Event]) -> State:
    """Returns the state with the next driver's turn begun, a new round, or the stage over."""
    slot = state.slot + 1
    while slot < len(state.order) and not _still_driving(state.cars[state.order[slot]]):
        slot += 1
    if slot < len(state.order):
        return begin_turn(replace(state, slot=slot), state.order[slot])
    return new_round(state, events)


def new_round(state: State, events: list[Event]) -> State:
    """Starts the next round in play order, or ends the stage when nobody drives."""
    if not any(_still_driving(c) for c in state.cars):
        return stage_over(state, events)
    number = state.round + 1
    order = play_order(state, number)
    state = replace(state, round=number, order=order, slot=0, turn=None)
    return begin_turn(state, order[0])


def play_order(state: State, number: int) -> tuple[int, ...]:
    """Returns round ``number``'s order (RM-START-1, RM-ORDER-1)."""
    start = [s for s in state.start_order if _still_driving(state.cars[s])]
    entered = [s for s in state.start_order[: number - 1] if s in start]
    entered.sort(key=lambda s: _position_key(state, s))
    if number <= len(state.start_order):
        newcomer = state.start_order[number - 1]
        if newcomer in start:
            entered.append(newcomer)
    return tuple(entered)


def _position_key(state: State, seat: int) -> tuple[float, int, int]:
    car = state.cars[seat]
    progress = -1.0 if car.space is None else state.stage.progress(car.space)
    return (-progress, -car.gear, car.arrived)


def _still_driving(car: Car) -> bool:
    return car.status in ("waiting", "racing")


def start_stage(state: State, number: int, order: tuple[int, ...], events: list[Event]) -> State:
    """Returns the state at the start of stage ``number`` with start order ``order``."""
    cars = []
    for car in state.cars:
        if car.status == "retired" and not state.options.super_rally:
            cars.append(car)
            continue
        cars.append(
            replace(
                car,
                status="waiting",
                space=None,
                off=None,
                gear=0,
                stack=(),
                tokens=0,
                penalty=0,
                arrived=0,
                damage=0 if car.status == "retired" else car.damage,
            )
        )
    state = replace(
        state,
        cars=tuple(cars),
        stage_no=number,
        phase="race",
        start_order=order,
        round=0,
        order=(),
        slot=0,
        turn=None,
        mud=(),
        stamp=0,
        decks=(),  # A21: every deck is reshuffled at the stage start
    )
    events.append(StageStarted(number + 1, state.stage.id, order))
    return new_round(state, events)


def stage_over(state: State, events: list[Event]) -> State:
    """Books the stage times, then mechanics, the next stage or the end (RM-RALLY-2)."""
    options = state.options
    cars, times = [], []
    for car in state.cars:
        time: int | None
        if car.status == "finished":
            time = car.stage_time
        elif car.status == "retired" and options.super_rally and len(car.times) == state.stage_no:
            time = car.stage_time + options.super_rally_penalty_s
        else:
            time = None
        times.append(time)
        cars.append(
            replace(car, times=(*car.times, time)) if len(car.times) == state.stage_no else car
        )
    state = replace(state, cars=tuple(cars), turn=None)
    events.append(StageOver(state.stage_no + 1, tuple(times)))
    if state.stage_no + 1 >= len(state.rally.stages) or not any(
        c.status != "retired" or options.super_rally for c in state.cars
    ):
        events.append(RallyOver(tuple(s.seat for s in ranking(state).standings)))
        return replace(state, phase="over")
    order = next_start_order(state)
    if state.rally.mechanics_after[state.stage_no]:
        for seat in order:
            car = state.cars[seat]
            state = with_car(state, seat, damage=0, punctures=0, spare_used=False)
            if car.damage or car.punctures or car.spare_used:
                events.append(Repaired(seat))
        return replace(state, phase="tyres", tyre_queue=order, start_order=order)
    return start_stage(state, state.stage_no + 1, order, events)


def next_start_order(state: State) -> tuple[int, ...]:
    """Returns the next stage's start order: by the total so far (RM-RALLY-3, A34)."""
    alive = [
        s
        for s in state.start_order
        if state.cars[s].status != "retired" or state.options.super_rally
    ]
    alive += [
        s
        for s in range(len(state.cars))
        if s not in alive and (state.cars[s].status != "retired" or state.options.super_rally)
    ]
    return tuple(sorted(alive, key=lambda s: (_total(state.cars[s]), alive.index(s))))


def _total(car: Car) -> float:
    if any(t is None for t in car.times):
        return float("inf")
    return float(sum(t for t in car.times if t is not None))


def ranking(state: State) -> Result:
    """Returns the standings: lowest rally time first; ties by SS3, then SS2 (A28)."""

    def key(seat: int) -> tuple[float, ...]:
        car = state.cars[seat]
        if len(car.times) < len(state.rally.stages) or any(t is None for t in car.times):
            return (float("inf"),)
        times = [float(t) for t in car.times if t is not None]
        return (sum(times), *reversed(times))

    seats = sorted(range(len(state.cars)), key=lambda s: (key(s), s))
    standings, place = [], 0
    for i, seat in enumerate(seats):
        if i == 0 or key(seat) != key(seats[i - 1]):
            place = i + 1
        car = state.cars[seat]
        finished = key(seat)[0] != float("inf")
        standings.append(
            Standing(
                seat,
                place,
                {
                    "rally_time": sum(t for t in car.times if t is not None) if finished else None,
                    "stage_times": list(car.times),
                    "retired": not finished,
                },
            )
        )
    return Result(tuple(standings), {"rally": state.rally.id})
