"""Le Mans (§12) as the turn sees it: the teams' part of the state and what each turn
phase asks of it (the decisions are listed in lemans.py).

The turn (turn_cycle.py, moving.py, shift_roll.py) reads and writes it only where the
rule set's switches are on: a turn's window and lost turns (RB-LM-4/5/11), the pit
(RB-LM-8), the 42-cell (RB-LM-5), driver changes and names offered (RB-LM-5/9). The
judges' calls (referee.py) take laps and turns off through it (RB-LM-7/11).
"""

from __future__ import annotations

from typing import Any

from ....engine.contract import Action
from ....engine.errors import InvalidAction
from ....hexgrid import Hex
from ..actions import ChangeDriver, NameOpponent
from ..events import LandedOn42, LapsDeducted, TurnLost
from ..setup import Config
from ..state import Car, LeMans, State
from .ranking import ranking
from .tx import Tx

FORTYTWO = "fortytwo"  # the track tag of the 42-cell (RB-LM-5)


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


def update(tx: Tx, **changes: Any) -> LeMans:
    """Replaces fields of the Le Mans part of the state so far and returns it."""
    lemans = lemans_of(tx)._replace(**changes)
    tx.update(lemans=lemans)
    return lemans


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


def judge_name(state: State, judge: Any) -> str:
    """Returns the name of judge number ``judge``; raises InvalidAction for no such judge."""
    judges = state.config.judges
    if not isinstance(judge, int) or isinstance(judge, bool) or not 0 <= judge < len(judges):
        known = ", ".join(f"{i} {n}" for i, n in enumerate(judges)) or "none in this race"
        raise InvalidAction(f"there is no judge {judge!r} (judges: {known})")
    return judges[judge]


def add_penalty_laps(tx: Tx, seat: int, laps: int, rule_id: str) -> None:
    """RB-LM-7/11: takes ``laps`` laps off ``seat``'s count (RB-LM-13)."""
    lemans = lemans_of(tx)
    penalty = lemans.penalty_laps
    update(tx, penalty_laps=(*penalty[:seat], penalty[seat] + laps, *penalty[seat + 1 :]))
    tx.emit(LapsDeducted(seat, laps, rule_id))
    rebase_move(tx)


def lose_turn(tx: Tx, seat: int) -> None:
    """RB-LM-11: ``seat`` loses its next turn."""
    lose = lemans_of(tx).lose_turns
    update(tx, lose_turns=(*lose[:seat], lose[seat] + 1, *lose[seat + 1 :]))


def rebase_move(tx: Tx) -> None:
    """A move in progress compares with the ranking it would have started from now
    (penalty laps or a team put out change the ranking without anyone passing)."""
    turn = tx.get("turn")
    if turn is None or turn.phase != "move" or turn.start is None:
        return
    state = tx.state
    cars = (*state.cars[: turn.seat], turn.start, *state.cars[turn.seat + 1 :])
    tx.set_turn(before=ranking(state.replace(cars=cars)))


def turn_begins(tx: Tx, seat: int) -> bool:
    """Opens the turn's window (RB-LM-4/5/9/10); True when the turn is lost (RB-LM-11)."""
    lemans = update(tx, mark=len(tx.ledger.entries), stalls=0, named=None, changed=False)
    if lemans.lose_turns[seat] <= 0:
        return False
    lose = lemans.lose_turns
    update(tx, lose_turns=(*lose[:seat], lose[seat] - 1, *lose[seat + 1 :]))
    tx.emit(TurnLost(seat, "RB-LM-11"))
    return True


def pit_barred(config: Config, car: Car) -> frozenset[Hex]:
    """RB-LM-8: the pit cells a car outside the pit may not enter in its gear."""
    pit = config.track.pit
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
