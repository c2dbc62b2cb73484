"""Le Mans (§12): the 24-hour team event on top of Racerbile.

Rule ids: RB-LM-1 (teams and drivers), RB-LM-3 (any drink: RB-DRINK per team),
RB-LM-4 (the cap of sips per turn, in :meth:`~.tx.Tx.drink`), RB-LM-5 (the 42-cell),
RB-LM-8 (the pit lane in 1st gear), RB-LM-9 (driver changes), RB-LM-10 (stall
limit), RB-LM-11 (lost turns), RB-LM-12 (the clock and the last lap), RB-LM-13 (the
ranking with penalty laps, in ranking.py). This module applies the Le Mans actions
(actions.py), the stall limit and a team put out, and builds the Le Mans view; what
each turn phase reads and writes of the teams is in teams.py, the judges' console
(RB-LM-2, RB-LM-6, RB-LM-7, RB-LM-11) in referee.py. All of it acts only where the
rule set's switches (:class:`~.setup.RuleSet`) are on, so the other rule sets never
reach it.

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
from typing import Any

from ....engine.contract import Action
from ....engine.errors import InvalidAction
from ....engine.memo import per_state
from ..actions import ChangeDriver, ClockExpired, NameOpponent
from ..events import DriverChanged, LastLapCalled, OpponentNamed, RaceOver, StalledOut
from ..notation import driver_name, illegal
from ..state import State
from .moving import pass_turn
from .ranking import counted_laps, gap, ranking
from .teams import check_seat, judge_name, lemans_of, opponents, rebase_move, update
from .turn_cycle import to_end
from .tx import Tx


def put_out(tx: Tx, seat: int) -> None:
    """RB-LM-10/7: the judges put ``seat`` out of the race; its turn passes at once."""
    out = lemans_of(tx).out | {seat}
    update(tx, out=out)
    rebase_move(tx)
    if len(out) == tx.config.players:
        tx.update(phase="over", turn=None)
        tx.emit(RaceOver(ranking(tx.state)))
        return
    turn = tx.get("turn")
    if tx.get("phase") == "race" and turn is not None and turn.seat == seat:
        pass_turn(tx)


def stalled(tx: Tx, seat: int) -> bool:
    """RB-LM-10: counts a stall of the team to move; True when it was the one too many
    (then the stall sips are rounded up to a whole beer and the turn passes)."""
    limit = tx.config.rules.stall_limit
    turn = tx.get("turn")
    if limit is None or tx.get("phase") != "race" or turn is None or turn.seat != seat:
        return False
    lemans = update(tx, stalls=lemans_of(tx).stalls + 1)
    if lemans.stalls <= limit:
        return False
    tx.emit(StalledOut(seat))
    whole = tx.ledger.chug_whole(seat)
    tx.drink(seat, whole - limit, "RB-LM-10", "general", reason="rounded up to a beer")
    pass_turn(tx)
    return True


def change_driver(tx: Tx, action: Any) -> None:
    """RB-LM-9: free in the pit; outside it the incoming driver chugs a whole beer."""
    state = tx.state
    if state.lemans is None:
        raise illegal(state, "drivers change in Le Mans only", "RB-LM-9")
    turn = state.turn
    if state.phase != "race" or turn is None or turn.phase != "shift" or turn.shifts:
        raise illegal(state, "a driver change is announced before the turn", "RB-LM-9")
    seat = turn.seat
    drivers = state.config.drivers[seat]
    driver = action.driver
    if not isinstance(driver, int) or not 0 <= driver < len(drivers):
        raise InvalidAction(f"{state.config.names[seat]} has drivers 0 to {len(drivers) - 1}")
    if state.lemans.changed:
        raise illegal(state, "one driver change per turn", "RB-LM-9")
    before = state.lemans.drivers[seat]
    if driver == before:
        raise illegal(state, f"{drivers[driver]} is already at the wheel", "RB-LM-9")
    pit = state.config.track.pit
    in_pit = pit is not None and state.cars[seat].cell in pit.cells
    tx.emit(DriverChanged(seat, drivers[before], drivers[driver], in_pit))
    at = state.lemans.drivers
    update(
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
        raise illegal(state, "only a car that landed on the 42-cell names someone", "RB-LM-5")
    seat = None if action.seat is None else check_seat(state, action.seat, "named opponent")
    if seat is not None and seat not in opponents(state):
        raise illegal(state, "name an opponent still in the race, or nobody", "RB-LM-5")
    update(tx, named=seat)
    tx.emit(OpponentNamed(turn.seat, seat))
    to_end(tx)


def clock_expired(tx: Tx, action: Any) -> None:
    """RB-LM-12: the last lap is called."""
    state = tx.state
    if state.lemans is None or not state.config.rules.clock_end:
        raise illegal(state, "the clock ends Le Mans only", "RB-LM-12")
    judge = "" if action.judge is None else judge_name(state, action.judge)
    if state.phase != "race":
        raise illegal(state, "the last lap is called during the race", "RB-LM-12")
    if state.lemans.last_lap:
        raise illegal(state, "the last lap has been called already", "RB-LM-12")
    update(tx, last_lap=True)
    tx.update(final_round=True)
    tx.emit(LastLapCalled(judge))


HANDLERS: dict[type[Action], Callable[[Tx, Any], None]] = {
    ChangeDriver: change_driver,
    NameOpponent: name_opponent,
    ClockExpired: clock_expired,
}


@per_state
def driver_sips(state: State) -> list[list[int]]:
    """RB-LM-1: the sips each driver drank, per team (from the ledger and the stints),
    once per state: every seat's view shows them, and the ledger of a 24-hour race is
    long. (Callers must not change the table.)"""
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
