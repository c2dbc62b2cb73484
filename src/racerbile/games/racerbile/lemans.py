"""Le Mans (§12): the 24-hour team event on top of Racerbile.

Rule ids: RB-LM-1 (teams and drivers), RB-LM-3 (any drink: RB-DRINK per team),
RB-LM-4 (the cap of sips per turn, in :meth:`~.tx.Tx.drink`), RB-LM-5 (the 42-cell),
RB-LM-8 (the pit lane in 1st gear), RB-LM-9 (driver changes), RB-LM-10 (stall
limit), RB-LM-11 (lost turns), RB-LM-12 (the clock and the last lap), RB-LM-13 (the
ranking with penalty laps, in ranking.py). The judges' console (RB-LM-2, RB-LM-6,
RB-LM-7, RB-LM-11) is in referee.py; both only act where the rule set's switches
(:class:`~.setup.RuleSet`) are on, so the other rule sets never reach this module.

Decisions (the seed is silent):

* RB-LM-1: a seat is a team; the ledger counts per team (the seed makes one measured
  glass per team) and the driver at the wheel drinks. ``stints`` give every driver's
  sips. The first driver named drives first and sits the time trial.
* RB-LM-4: "one turn" is the turn in progress, whoever is moving; the cap counts every
  sip a seat is recorded in it (faults, toasts, overtakes, the 42-cell, judges'
  penalties). What goes over it is waived. Time-trial sips are in no turn.
* RB-LM-5: the lander names the opponent once the move is over, or nobody (the seed's
  "må": may); at the end of the turn the opponent drinks every sip the lander drank
  in that turn (the opponent's own cap applies). No opponent left: nobody is asked.
* RB-LM-6/9, RB-LM-10: "chug a beer" and "rounded up to a beer" are whole beers of
  the team's drink (RB-DRINK-3); the fourth stall costs the rest of that beer after
  the three stall sips (11 − 3 = 8 for a standard beer), in the team's own turn only.
* RB-LM-8: the pit is entered from outside it only in the track file's gear (1st);
  in any other gear the pit cells count as blocked for the whole move.
* RB-LM-9: a driver change is announced in the shift phase before any shift or roll,
  at most once a turn; it is free when the car stands in the pit.
* RB-LM-10: at the fourth stall the turn passes at once; a car in the middle of its
  move stays where it is (overtakes so far count; no sips for cells not moved, no
  landing).
* RB-LM-11/7: penalty laps are counted in the ranking at once (a move in progress
  compares with the ranking it would have started from); a lost turn shows as a turn
  that starts and ends. A team put out keeps its cap on the track as a marker: it
  ranks last, takes no more turns, and its cap neither stacks nor blocks (it would
  block a cell for good); RB-OPT-2's "second car" is the second still racing. The
  event ends when no team is left.
* RB-LM-12: ``ClockExpired`` (the app's clock, or a judge) calls the last lap in the
  race; the event ends when the last team of the start order (the worst time trial)
  has had its turn, taken or lost. Laps never end Le Mans.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.contract import Action, Event
from ...engine.errors import IllegalAction, InvalidAction
from ...hexgrid import Hex
from . import moving, turn_cycle
from .actions import RaceOver, _Sentence
from .ranking import counted_laps, gap, ranking
from .setup import Config
from .state import Car, LeMans, State
from .tx import Tx

FORTYTWO = "fortytwo"  # the track tag of the 42-cell (RB-LM-5)

# -- actions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChangeDriver(Action):
    """RB-LM-9: the team to move puts driver number ``driver`` (0-based) at the wheel."""

    kind: ClassVar[str] = "change_driver"
    driver: int


@dataclass(frozen=True, slots=True)
class NameOpponent(Action):
    """RB-LM-5: the lander on the 42-cell names ``seat``, who drinks what it drinks
    (None: it names nobody)."""

    kind: ClassVar[str] = "name_opponent"
    seat: int | None


@dataclass(frozen=True, slots=True)
class ClockExpired(Action):
    """RB-LM-12: 24 hours are up; the last lap is called (``judge``: None is the app's clock)."""

    kind: ClassVar[str] = "clock_expired"
    judge: int | None = None


# -- events ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SipCapReached(_Sentence, Event):
    """RB-LM-4: ``seat`` was to drink ``asked`` sips; ``allowed`` stay under the cap."""

    kind: ClassVar[str] = "sip_cap_reached"
    seat: int
    asked: int
    allowed: int


@dataclass(frozen=True, slots=True)
class LandedOn42(_Sentence, Event):
    """RB-LM-5: ``seat`` ends its move on the 42-cell ``cell``."""

    kind: ClassVar[str] = "landed_on_42"
    seat: int
    cell: Hex


@dataclass(frozen=True, slots=True)
class OpponentNamed(_Sentence, Event):
    """RB-LM-5: ``seat`` names ``opponent`` (None: nobody)."""

    kind: ClassVar[str] = "opponent_named"
    seat: int
    opponent: int | None


@dataclass(frozen=True, slots=True)
class DriverChanged(_Sentence, Event):
    """RB-LM-9: ``seat``'s driver ``before`` hands over to ``after`` (free ``in_pit``)."""

    kind: ClassVar[str] = "driver_changed"
    seat: int
    before: str
    after: str
    in_pit: bool


@dataclass(frozen=True, slots=True)
class StalledOut(_Sentence, Event):
    """RB-LM-10: ``seat`` is stalled a fourth time in its turn; the turn passes."""

    kind: ClassVar[str] = "stalled_out"
    seat: int


@dataclass(frozen=True, slots=True)
class TurnLost(_Sentence, Event):
    """``seat`` loses this turn under ``rule_id`` (RB-LM-11)."""

    kind: ClassVar[str] = "turn_lost"
    seat: int
    rule_id: str


@dataclass(frozen=True, slots=True)
class LastLapCalled(_Sentence, Event):
    """RB-LM-12: the last lap is called by ``judge`` ("" for the app's clock)."""

    kind: ClassVar[str] = "last_lap_called"
    judge: str = ""


@dataclass(frozen=True, slots=True)
class LapsDeducted(_Sentence, Event):
    """RB-LM-7/11: ``laps`` laps are taken off ``seat``'s count under ``rule_id``."""

    kind: ClassVar[str] = "laps_deducted"
    seat: int
    laps: int
    rule_id: str


ACTIONS: tuple[type[Action], ...] = (ChangeDriver, NameOpponent, ClockExpired)
EVENTS: tuple[type[Event], ...] = (
    SipCapReached,
    LandedOn42,
    OpponentNamed,
    DriverChanged,
    StalledOut,
    TurnLost,
    LastLapCalled,
    LapsDeducted,
)


# -- the state ---------------------------------------------------------------------------


def initial(config: Config) -> LeMans | None:
    """Returns the Le Mans part of a new state (None unless the rule set has teams)."""
    if not config.rules.teams:
        return None
    n = config.players
    return LeMans(
        drivers=(0,) * n,
        penalty_laps=(0,) * n,
        lose_turns=(0,) * n,
        stints=tuple((0, seat, 0) for seat in range(n)),
    )


def lemans_of(tx: Tx) -> LeMans:
    """Returns the Le Mans part of the state so far (the caller knows there is one)."""
    lemans: LeMans | None = tx.get("lemans")
    assert lemans is not None
    return lemans


def _set(tx: Tx, **changes: Any) -> LeMans:
    lemans = lemans_of(tx)._replace(**changes)
    tx.update(lemans=lemans)
    return lemans


def _illegal(state: State, reason: str, rule_id: str) -> IllegalAction:
    from .notation import format_state

    return IllegalAction(reason, rule_id=rule_id, position=format_state(state))


def driver_name(config: Config, seat: int, driver: int) -> str:
    """Returns the name of a team's driver (the team's name outside Le Mans)."""
    drivers = config.drivers[seat] if seat < len(config.drivers) else ()
    return drivers[driver] if 0 <= driver < len(drivers) else config.names[seat]


def active(state: State) -> list[int]:
    """Returns the seats still in the race (every seat outside Le Mans)."""
    out = state.lemans.out if state.lemans is not None else frozenset()
    return [s for s in range(state.config.players) if s not in out]


def check_seat(state: State, seat: Any, what: str = "team") -> int:
    """Returns ``seat`` if it is a seat of this race; raises InvalidAction otherwise."""
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise InvalidAction(f"a {what} is a seat number, not {seat!r}")
    if not 0 <= seat < state.config.players:
        raise InvalidAction(f"there is no seat {seat} (seats 0 to {state.config.players - 1})")
    return seat


def add_penalty_laps(tx: Tx, seat: int, laps: int, rule_id: str) -> None:
    """RB-LM-7/11: takes ``laps`` laps off ``seat``'s count (RB-LM-13)."""
    lemans = lemans_of(tx)
    penalty = lemans.penalty_laps
    _set(tx, penalty_laps=(*penalty[:seat], penalty[seat] + laps, *penalty[seat + 1 :]))
    tx.emit(LapsDeducted(seat, laps, rule_id))
    rebase_move(tx)


def lose_turn(tx: Tx, seat: int) -> None:
    """RB-LM-11: ``seat`` loses its next turn."""
    lose = lemans_of(tx).lose_turns
    _set(tx, lose_turns=(*lose[:seat], lose[seat] + 1, *lose[seat + 1 :]))


def put_out(tx: Tx, seat: int) -> None:
    """RB-LM-10/7: the judges put ``seat`` out of the race; its turn passes at once."""
    out = lemans_of(tx).out | {seat}
    _set(tx, out=out)
    rebase_move(tx)
    if len(out) == tx.config.players:
        tx.update(phase="over", turn=None)
        tx.emit(RaceOver(ranking(tx.state)))
        return
    turn = tx.get("turn")
    if tx.get("phase") == "race" and turn is not None and turn.seat == seat:
        pass_turn(tx)


def rebase_move(tx: Tx) -> None:
    """A move in progress compares with the ranking it would have started from now
    (penalty laps or a team put out change the ranking without anyone passing)."""
    turn = tx.get("turn")
    if turn is None or turn.phase != "move" or turn.start is None:
        return
    state = tx.state
    cars = (*state.cars[: turn.seat], turn.start, *state.cars[turn.seat + 1 :])
    tx.set_turn(before=ranking(state.replace(cars=cars)))


# -- hooks called by the turn (turn_cycle.py, shift_roll.py, moving.py) ---------------


def turn_begins(tx: Tx, seat: int) -> bool:
    """Opens the turn's window (RB-LM-4/5/9/10); True when the turn is lost (RB-LM-11)."""
    lemans = _set(tx, mark=len(tx.ledger.entries), stalls=0, named=None, changed=False)
    if lemans.lose_turns[seat] <= 0:
        return False
    lose = lemans.lose_turns
    _set(tx, lose_turns=(*lose[:seat], lose[seat] - 1, *lose[seat + 1 :]))
    tx.emit(TurnLost(seat, "RB-LM-11"))
    return True


def pit_barred(state: State, car: Car) -> frozenset[Hex]:
    """RB-LM-8: the pit cells a car outside the pit may not enter in its gear."""
    pit = state.config.track.pit
    if pit is None or car.gear == pit.enter_in_gear or car.cell in pit.cells:
        return frozenset()
    return pit.cells


def names_opponent(tx: Tx) -> bool:
    """RB-LM-5: True (and the name phase opens) when the move ended on the 42-cell."""
    turn = tx.turn
    car = tx.car(turn.seat)
    track = tx.config.track
    if turn.moved == 0 or car.off_track or not track.has_tag(car.cell, FORTYTWO):
        return False
    tx.emit(LandedOn42(turn.seat, car.cell))
    if not opponents(tx.state):
        return False
    tx.set_turn(phase="name")
    return True


def opponents(state: State) -> list[int]:
    """Returns the teams the mover may name (RB-LM-5): every other team still racing."""
    assert state.turn is not None
    return [s for s in active(state) if s != state.turn.seat]


def before_turn_ends(tx: Tx) -> None:
    """RB-LM-5: the named opponent drinks what the lander drank in this turn."""
    lemans = lemans_of(tx)
    if lemans.named is None:
        return
    seat = tx.turn.seat
    drunk = sum(e.sips for e in tx.ledger.entries[lemans.mark :] if e.player == seat)
    tx.drink(lemans.named, drunk, "RB-LM-5", caused_by=seat, reason="the 42-cell")


def advance(tx: Tx) -> None:
    """The next team still in the race moves; RB-LM-12 ends the event after the last
    team of the start order has had its turn once the last lap is called."""
    order = tx.get("order")
    out = lemans_of(tx).out
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
    turn_cycle.begin_turn(tx)


def pass_turn(tx: Tx) -> None:
    """RB-LM-10: the turn passes at once; a car in the middle of its move stays there."""
    turn = tx.turn
    if turn.phase == "move" and turn.moved:
        moving.overtakes(tx, turn.seat)
    turn_cycle.close_turn(tx)


def stalled(tx: Tx, seat: int) -> bool:
    """RB-LM-10: counts a stall of the team to move; True when it was the one too many
    (then the stall sips are rounded up to a whole beer and the turn passes)."""
    limit = tx.config.rules.stall_limit
    turn = tx.get("turn")
    if limit is None or tx.get("phase") != "race" or turn is None or turn.seat != seat:
        return False
    lemans = _set(tx, stalls=lemans_of(tx).stalls + 1)
    if lemans.stalls <= limit:
        return False
    tx.emit(StalledOut(seat))
    whole = tx.ledger.chug_whole(seat)
    tx.drink(seat, whole - limit, "RB-LM-10", "general", reason="rounded up to a beer")
    pass_turn(tx)
    return True


# -- legal actions and handlers --------------------------------------------------------


def driver_changes(state: State) -> list[Action]:
    """RB-LM-9: the driver changes the team to move may announce now."""
    turn, lemans = state.turn, state.lemans
    if turn is None or lemans is None or lemans.changed or turn.shifts:
        return []
    drivers = state.config.drivers[turn.seat]
    return [ChangeDriver(d) for d in range(len(drivers)) if d != lemans.drivers[turn.seat]]


def names(state: State) -> list[Action]:
    """RB-LM-5: the opponents the lander on the 42-cell may name, and nobody ("må")."""
    return [*(NameOpponent(s) for s in opponents(state)), NameOpponent(None)]


def change_driver(tx: Tx, action: Any) -> None:
    """RB-LM-9: free in the pit; outside it the incoming driver chugs a whole beer."""
    state = tx.state
    if state.lemans is None:
        raise _illegal(state, "drivers change in Le Mans only", "RB-LM-9")
    turn = state.turn
    if state.phase != "race" or turn is None or turn.phase != "shift" or turn.shifts:
        raise _illegal(state, "a driver change is announced before the turn", "RB-LM-9")
    seat = turn.seat
    drivers = state.config.drivers[seat]
    driver = action.driver
    if not isinstance(driver, int) or not 0 <= driver < len(drivers):
        raise InvalidAction(f"{state.config.names[seat]} has drivers 0 to {len(drivers) - 1}")
    if state.lemans.changed:
        raise _illegal(state, "one driver change per turn", "RB-LM-9")
    before = state.lemans.drivers[seat]
    if driver == before:
        raise _illegal(state, f"{drivers[driver]} is already at the wheel", "RB-LM-9")
    pit = state.config.track.pit
    in_pit = pit is not None and state.cars[seat].cell in pit.cells
    tx.emit(DriverChanged(seat, drivers[before], drivers[driver], in_pit))
    at = state.lemans.drivers
    _set(
        tx,
        drivers=(*at[:seat], driver, *at[seat + 1 :]),
        changed=True,
        stints=(*state.lemans.stints, (len(state.ledger.entries), seat, driver)),
    )
    if not in_pit:
        tx.drink(seat, tx.ledger.chug_whole(seat), "RB-LM-9", reason="driver change")


def name_opponent(tx: Tx, action: Any) -> None:
    """RB-LM-5: the lander names the opponent who drinks the same this turn, or nobody."""
    state = tx.state
    turn = state.turn
    if state.phase != "race" or turn is None or turn.phase != "name":
        raise _illegal(state, "only a car that landed on the 42-cell names someone", "RB-LM-5")
    seat = None if action.seat is None else check_seat(state, action.seat, "named opponent")
    if seat is not None and seat not in opponents(state):
        raise _illegal(state, "name an opponent still in the race, or nobody", "RB-LM-5")
    _set(tx, named=seat)
    tx.emit(OpponentNamed(turn.seat, seat))
    turn_cycle.to_end(tx)


def judge_name(state: State, judge: Any) -> str:
    """Returns the name of judge number ``judge``; raises InvalidAction for no such judge."""
    judges = state.config.judges
    if not isinstance(judge, int) or isinstance(judge, bool) or not 0 <= judge < len(judges):
        known = ", ".join(f"{i} {n}" for i, n in enumerate(judges)) or "none in this race"
        raise InvalidAction(f"there is no judge {judge!r} (judges: {known})")
    return judges[judge]


def clock_expired(tx: Tx, action: Any) -> None:
    """RB-LM-12: the last lap is called."""
    state = tx.state
    if state.lemans is None or not state.config.rules.clock_end:
        raise _illegal(state, "the clock ends Le Mans only", "RB-LM-12")
    judge = "" if action.judge is None else judge_name(state, action.judge)
    if state.phase != "race":
        raise _illegal(state, "the last lap is called during the race", "RB-LM-12")
    if state.lemans.last_lap:
        raise _illegal(state, "the last lap has been called already", "RB-LM-12")
    _set(tx, last_lap=True)
    tx.update(final_round=True)
    tx.emit(LastLapCalled(judge))


HANDLERS: dict[type[Action], Callable[[Tx, Any], None]] = {
    ChangeDriver: change_driver,
    NameOpponent: name_opponent,
    ClockExpired: clock_expired,
}


# -- what the view shows ----------------------------------------------------------------


def driver_sips(state: State) -> list[list[int]]:
    """RB-LM-1: the sips each driver drank, per team (from the ledger and the stints)."""
    lemans = state.lemans
    assert lemans is not None
    config = state.config
    table = [[0] * len(config.drivers[s]) for s in range(config.players)]
    at = [0] * config.players
    stints = sorted(lemans.stints)
    k = 0
    for index, entry in enumerate(state.ledger.entries):
        while k < len(stints) and stints[k][0] <= index:
            _, seat, driver = stints[k]
            at[seat] = driver
            k += 1
        table[entry.player][at[entry.player]] += entry.sips
    return table


def view(state: State) -> dict[str, Any]:
    """Returns the Le Mans part of the view: teams, drivers, judges, the clock."""
    lemans = state.lemans
    assert lemans is not None
    config = state.config
    sips = driver_sips(state)
    leader = ranking(state)[0]
    teams = [
        {
            "seat": seat,
            "name": config.names[seat],
            "drivers": [
                {"name": name, "sips": sips[seat][d]} for d, name in enumerate(config.drivers[seat])
            ],
            "driver": lemans.drivers[seat],
            "driver_name": driver_name(config, seat, lemans.drivers[seat]),
            "laps": counted_laps(state, seat),
            "penalty_laps": lemans.penalty_laps[seat],
            "turns_to_lose": lemans.lose_turns[seat],
            "out": seat in lemans.out,
            "gap": gap(state, leader, seat),
        }
        for seat in range(config.players)
    ]
    return {
        "teams": teams,
        "judges": list(config.judges),
        "clock": {"last_lap": lemans.last_lap},
        "sip_cap": config.rules.sip_cap,
        "stall_limit": config.rules.stall_limit,
        "stalls": lemans.stalls,
    }


def format_lemans(state: State) -> str:
    """Returns the Le Mans part of the state notation (drivers, penalties, the clock)."""
    lemans = state.lemans
    assert lemans is not None
    config = state.config
    parts = ["LM " + ",".join(driver_name(config, s, d) for s, d in enumerate(lemans.drivers))]
    if any(lemans.penalty_laps):
        parts.append("pen " + ",".join(map(str, lemans.penalty_laps)))
    if any(lemans.lose_turns):
        parts.append("lose " + ",".join(map(str, lemans.lose_turns)))
    if lemans.out:
        parts.append("out " + ",".join(config.names[s] for s in sorted(lemans.out)))
    if lemans.stalls:
        parts.append(f"stalls {lemans.stalls}")
    if lemans.named is not None:
        parts.append(f"named {config.names[lemans.named]}")
    if lemans.last_lap:
        parts.append("last-lap")
    return " | " + " ".join(parts)
