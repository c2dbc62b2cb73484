"""The Racerbile state: a frozen dataclass with tuples inside, replaced, never mutated.

Cars and the turn are named tuples: immutable values replaced on the hot path (a
turn is replaced at every step) with :func:`replaced`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, TypeVar

from ...engine.frozen import replace
from ...hexgrid import Hex
from .drinks import BeerLedger
from .notation import format_state
from .setup import Config

Phase = Literal["order", "trial", "facing", "race", "over"]
TurnPhase = Literal["shift", "dice", "move", "name", "end"]
Mode = Literal["normal", "reckless", "fast"]


class Car(NamedTuple):
    """One player's car.

    ``cell`` is the true position; off the track it is a lattice hex (or a cell of a
    closed branch) and ``off_from`` is the track cell it left from (RB-DICE-7).
    ``laps`` counts completed laps, signed (RB-TRACK-7; -1 on a grid behind the line).
    ``arrived`` is the move counter when the car reached its cell (RB-TRACK-6).
    ``toasted`` is the ``laps`` value of the lap whose midway toast it gave (RB-CELL-4).
    ``hold_first`` bars an upshift next turn; ``first_gear_rule`` names the rule whose
    "I start in first gear" announcement is due next turn (RB-CELL-2, RB-RACE-2, RB-DICE-7).
    """

    cell: Hex
    heading: int | None
    gear: int = 1
    laps: int = 0
    arrived: int = 0
    off_from: Hex | None = None
    flipped: bool = False
    toasted: int | None = None
    turns: int = 0
    hold_first: bool = False
    first_gear_rule: str = ""

    @property
    def off_track(self) -> bool:
        """Tells whether the car is off the track."""
        return self.off_from is not None

    @property
    def place(self) -> Hex:
        """Returns the track cell the car counts at (where it left, when off the track)."""
        return self.off_from if self.off_from is not None else self.cell


class Turn(NamedTuple):
    """The turn in progress.

    ``phase``: ``shift`` (announce, shift, roll), ``dice`` (chance throws), ``move``
    (steps), ``name`` (Le Mans: the lander on the 42-cell names an opponent, RB-LM-5),
    ``end`` (manual mode: last announcements, then pass). ``owed`` holds the
    announcements due (manual mode) and ``said`` the ones made. ``blocked`` holds the
    cells the mover may not enter (two caps, a flipped block), fixed for the move.
    ``overtaken`` holds the seats the mover has overtaken in this turn (RB-OPT-4).
    """

    seat: int
    phase: TurnPhase = "shift"
    shifts: tuple[str, ...] = ()
    no_upshift: str = ""  # the rule barring an upshift this turn
    dice: tuple[int, ...] = ()
    shown56: int = 0
    total: int = 0
    mode: Mode = "normal"
    moved: int = 0
    path: tuple[Hex, ...] = ()
    heading: int | None = None
    blocked: frozenset[Hex] = frozenset()
    before: tuple[int, ...] = ()
    start: Car | None = None
    owed: frozenset[str] = frozenset()
    said: frozenset[str] = frozenset()
    wheels: int = 4
    upside_down: bool = False
    overtaken: tuple[int, ...] = ()


class LeMans(NamedTuple):
    """What Le Mans adds to the state (§12); one entry per team (seat) in the tuples.

    ``drivers``: the driver at the wheel (an index into the team's drivers, RB-LM-1/9).
    ``penalty_laps``: laps taken off by the judges (RB-LM-7, RB-LM-11); the ranking
    counts ``car.laps - penalty_laps`` (RB-LM-13). ``lose_turns``: turns still to be
    lost (RB-LM-11). ``out``: teams the judges put out of the race (RB-LM-10).
    ``mark``: the ledger length when the turn in progress began (-1 before the race);
    the sips after it are this turn's (RB-LM-4, RB-LM-5). ``stalls``: stalls of the
    team moving in this turn (RB-LM-10). ``named``: the opponent named on the 42-cell
    this turn (RB-LM-5). ``changed``: a driver change was made this turn (RB-LM-9).
    ``last_lap``: the clock has run out and the last lap is called (RB-LM-12).
    ``stints``: ``(ledger length, team, driver)`` at each change of driver, so the
    sips of every driver follow from the ledger.
    """

    drivers: tuple[int, ...]
    penalty_laps: tuple[int, ...]
    lose_turns: tuple[int, ...]
    out: frozenset[int] = frozenset()
    mark: int = -1
    stalls: int = 0
    named: int | None = None
    changed: bool = False
    last_lap: bool = False
    stints: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True)
class State:
    """A Racerbile game state.

    ``phase``: ``order`` (start-order dice, RB-START-1), ``trial`` (time trial,
    RB-RACE-1), ``facing`` (headings, RB-RACE-4), ``race``, ``over``. ``groups`` is the
    ordered partition of seats still being sorted by dice and ``rolls`` the values
    rolled so far by the first unsorted group. ``forks`` holds the fork choices as
    ``(key, branch)`` pairs, the key being the fork id, or ``id@laps`` per lap.
    ``clock`` counts steps (arrival order). ``final_round`` is set once a car has
    completed the race distance (RB-END-1), or once the last lap is called (RB-LM-12).
    ``lemans`` holds what Le Mans adds (None in the other rule sets).
    """

    config: Config
    cars: tuple[Car, ...]
    ledger: BeerLedger
    phase: Phase = "race"
    order: tuple[int, ...] = ()
    groups: tuple[tuple[int, ...], ...] = ()
    rolls: tuple[int, ...] = ()
    times: tuple[float | None, ...] = ()
    index: int = 0
    turn: Turn | None = None
    forks: tuple[tuple[str, str], ...] = ()
    clock: int = 0
    final_round: bool = False
    lemans: LeMans | None = None

    def __repr__(self) -> str:
        return f"<racerbile {format_state(self)}>"

    def replace(self, **changes: Any) -> State:
        """Returns a copy with ``changes``: what ``dataclasses.replace`` returns, without
        its generic overhead (see :func:`racerbile.engine.frozen.replace`)."""
        return replace(self, **changes)


_Row = TypeVar("_Row", Car, Turn, LeMans)
_INDEX = {cls: {name: i for i, name in enumerate(cls._fields)} for cls in (Car, Turn, LeMans)}


def replaced(row: _Row, changes: dict[str, Any]) -> _Row:
    """Returns ``row._replace(**changes)`` for a car, turn or Le Mans row, without the
    generic overhead of ``_replace`` (a KeyError names a field the row lacks)."""
    values = list(row)
    index = _INDEX[type(row)]
    for name, value in changes.items():
        values[index[name]] = value
    new: _Row = tuple.__new__(type(row), values)
    return new
