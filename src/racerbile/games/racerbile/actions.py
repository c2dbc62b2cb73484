"""Racerbile actions and events: small frozen dataclasses with a ``kind`` literal.

A turn is a sequence of small actions (RB-TURN-1…9): announce, shift, roll, one
``Die`` per physical throw of one die (chance), one ``StepTo`` per cell, stop, and
in manual announcement mode ``Pass`` (the cup goes to the next player). The start
adds ``Die`` rolls for the order (Babybile), ``TimeTrial`` times and ``Face``
headings (Racerbile). ``Stall`` is the clock's action and ``UpsideDown`` the
referee's; neither is listed by ``legal_actions``, both are accepted by ``apply``.
Le Mans actions and events are in lemans.py, the referee's and judges' in referee.py.

Events explain what happened; every sip is an engine :class:`Drank` event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from ...engine.contract import Action, Event
from ...engine.ledger import Drank
from ...hexgrid import POINTY_NAMES, Hex

Announcement = Literal[
    "first",
    "last",
    "shift_up",
    "shift_down",
    "first_gear",
    "squeal",
    "two_wheels",
    "four_wheels",
    "midway",
    "finish_first",
]
ANNOUNCEMENTS: tuple[str, ...] = Announcement.__args__  # type: ignore[attr-defined]


def direction_name(direction: int) -> str:
    """Returns the compass name of a direction (pointy-top names, E = 0)."""
    return POINTY_NAMES[direction]


# -- actions ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Die(Action):
    """Chance: one physical throw of one die shows ``value`` (1-6)."""

    kind: ClassVar[str] = "die"
    value: int


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """The player rolls as many dice as the gear (RB-TURN-3)."""

    kind: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Shift(Action):
    """One gear up or down before rolling (RB-DICE-2, RB-DICE-3)."""

    kind: ClassVar[str] = "shift"
    direction: Literal["up", "down"]


@dataclass(frozen=True, slots=True)
class StepTo(Action):
    """Move the car one cell in ``direction`` (0-5, E = 0, counter-clockwise; RB-TURN-4)."""

    kind: ClassVar[str] = "step"
    direction: int


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """End the move before the full count (RB-TURN-5) or because the car is blocked."""

    kind: ClassVar[str] = "stop"


@dataclass(frozen=True, slots=True)
class Announce(Action):
    """Say an announcement out loud (manual mode, RB-ANN-1)."""

    kind: ClassVar[str] = "announce"
    what: Announcement


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Manual mode: put the dice in the cup and pass it on, ending the turn (RB-TURN-8)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class TimeTrial(Action):
    """RB-RACE-1: the seat to act chugged its beer in ``seconds``."""

    kind: ClassVar[str] = "time_trial"
    seconds: float


@dataclass(frozen=True, slots=True)
class Face(Action):
    """RB-RACE-4: the seat to act chooses the heading its car starts with."""

    kind: ClassVar[str] = "face"
    direction: int


@dataclass(frozen=True, slots=True)
class Stall(Action):
    """RB-NOL-1: ``seat`` is stalled; ``by`` is who called it (``by == seat``: stalled oneself)."""

    kind: ClassVar[str] = "stall"
    seat: int
    by: int | None = None


@dataclass(frozen=True, slots=True)
class UpsideDown(Action):
    """RB-OPT-4 (referee): the car being moved is moving upside down."""

    kind: ClassVar[str] = "upside_down"


ACTION_TYPES: tuple[type[Action], ...] = (
    Die,
    Roll,
    Shift,
    StepTo,
    Stop,
    Announce,
    Pass,
    TimeTrial,
    Face,
    Stall,
    UpsideDown,
)

# Actions are immutable values: the ones listed and chosen at every decision are built
# once, for the rules' legal lists and the bots alike.
ROLL, STOP, PASS = Roll(), Stop(), Pass()
SHIFT = {"up": Shift("up"), "down": Shift("down")}
STEP_TO = tuple(StepTo(d) for d in range(6))


# -- events -------------------------------------------------------------------------


class _Sentence:
    """Gives events their English sentence as ``str()`` (players named by number)."""

    __slots__ = ()

    def __str__(self) -> str:
        from .describe import describe

        return describe(self, "en")


@dataclass(frozen=True, slots=True)
class OrderRolled(_Sentence, Event):
    """RB-START-1: ``seat`` rolled ``value`` for the start order."""

    kind: ClassVar[str] = "order_rolled"
    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class TimeTrialed(_Sentence, Event):
    """RB-RACE-1: ``seat`` chugged its beer in ``seconds``."""

    kind: ClassVar[str] = "time_trialed"
    seat: int
    seconds: float


@dataclass(frozen=True, slots=True)
class StartOrder(_Sentence, Event):
    """RB-START-1/RB-RACE-1: the order of play, first player first."""

    kind: ClassVar[str] = "start_order"
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Placed(_Sentence, Event):
    """RB-START-2: ``seat``'s cap is put on grid slot ``slot`` at ``cell``."""

    kind: ClassVar[str] = "placed"
    seat: int
    slot: int
    cell: Hex


@dataclass(frozen=True, slots=True)
class Faced(_Sentence, Event):
    """RB-RACE-4: ``seat``'s car starts facing ``direction``."""

    kind: ClassVar[str] = "faced"
    seat: int
    direction: int


@dataclass(frozen=True, slots=True)
class TurnStarted(_Sentence, Event):
    """``seat`` begins its turn number ``number`` (1-based) in 1st..3rd ``gear``."""

    kind: ClassVar[str] = "turn_started"
    seat: int
    number: int
    gear: int


@dataclass(frozen=True, slots=True)
class Announced(_Sentence, Event):
    """``seat`` says an announcement (made by the app in auto mode)."""

    kind: ClassVar[str] = "announced"
    seat: int
    what: str
    gear: int = 0


@dataclass(frozen=True, slots=True)
class Forgot(_Sentence, Event):
    """RB-ANN-1: ``seat`` did not make the announcement ``what`` in time."""

    kind: ClassVar[str] = "forgot"
    seat: int
    what: str
    gear: int = 0


@dataclass(frozen=True, slots=True)
class Shifted(_Sentence, Event):
    """``seat`` changes gear; ``forced`` names the rule that forced it, if any."""

    kind: ClassVar[str] = "shifted"
    seat: int
    before: int
    after: int
    forced: str = ""


@dataclass(frozen=True, slots=True)
class DieShown(_Sentence, Event):
    """One throw of one die by ``seat`` shows ``value``; a 5 or 6 is thrown again (RB-DICE-5)."""

    kind: ClassVar[str] = "die_shown"
    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class Rolled(_Sentence, Event):
    """``seat``'s dice settle on ``dice`` (sum ``total``) after ``shown56`` fives and sixes."""

    kind: ClassVar[str] = "rolled"
    seat: int
    dice: tuple[int, ...]
    total: int
    shown56: int


@dataclass(frozen=True, slots=True)
class GearboxSmashed(_Sentence, Event):
    """RB-DICE-4: three 1s; the gearbox is smashed."""

    kind: ClassVar[str] = "gearbox_smashed"
    seat: int


@dataclass(frozen=True, slots=True)
class Moved(_Sentence, Event):
    """``seat`` steps from ``start`` to ``end`` in ``direction``; ``squeal`` on a 7-9 turn."""

    kind: ClassVar[str] = "moved"
    seat: int
    start: Hex
    end: Hex
    direction: int
    squeal: bool = False


@dataclass(frozen=True, slots=True)
class Stopped(_Sentence, Event):
    """``seat``'s move ends after ``moved`` of ``total`` cells; ``blocked`` if it could go no on."""

    kind: ClassVar[str] = "stopped"
    seat: int
    moved: int
    total: int
    blocked: bool = False


@dataclass(frozen=True, slots=True)
class WentOffTrack(_Sentence, Event):
    """RB-DICE-7: ``seat`` left the track from ``left_from`` and stands at ``cell``."""

    kind: ClassVar[str] = "went_off_track"
    seat: int
    cell: Hex
    left_from: Hex


@dataclass(frozen=True, slots=True)
class BackOnTrack(_Sentence, Event):
    """RB-DICE-7: ``seat`` backs onto the track at ``cell``; ``waiting`` if the cell is full."""

    kind: ClassVar[str] = "back_on_track"
    seat: int
    cell: Hex
    waiting: bool = False


@dataclass(frozen=True, slots=True)
class Flipped(_Sentence, Event):
    """RB-CELL-3: ``seat`` flips its cap on the blocking cell ``cell``."""

    kind: ClassVar[str] = "flipped"
    seat: int
    cell: Hex


@dataclass(frozen=True, slots=True)
class Bonked(_Sentence, Event):
    """RB-CELL-3: ``seat`` bonks ``blocker``'s cap on ``cell``; the block is lifted."""

    kind: ClassVar[str] = "bonked"
    seat: int
    blocker: int
    cell: Hex


@dataclass(frozen=True, slots=True)
class MidwayToast(_Sentence, Event):
    """RB-CELL-4: ``seat`` passed midway; everybody drinks."""

    kind: ClassVar[str] = "midway_toast"
    seat: int


@dataclass(frozen=True, slots=True)
class LapCounted(_Sentence, Event):
    """RB-TRACK-7: ``seat`` crossed the line (``delta`` +1 forwards, -1 backwards)."""

    kind: ClassVar[str] = "lap_counted"
    seat: int
    laps: int
    delta: int


@dataclass(frozen=True, slots=True)
class ForkChosen(_Sentence, Event):
    """RB-TRACK-3: ``seat`` is first into fork ``fork`` and chooses ``branch``."""

    kind: ClassVar[str] = "fork_chosen"
    seat: int
    fork: str
    branch: str
    lap: int | None = None


@dataclass(frozen=True, slots=True)
class Overtook(_Sentence, Event):
    """RB-TURN-6: ``seat`` overtook ``overtaken``."""

    kind: ClassVar[str] = "overtook"
    seat: int
    overtaken: int


@dataclass(frozen=True, slots=True)
class OutOfFuel(_Sentence, Event):
    """RB-OPT-2: ``seat`` is ``gap`` cells ahead of the second car and runs dry."""

    kind: ClassVar[str] = "out_of_fuel"
    seat: int
    gap: int


@dataclass(frozen=True, slots=True)
class Stalled(_Sentence, Event):
    """RB-NOL-1: ``seat`` is stalled (by itself when ``by == seat``)."""

    kind: ClassVar[str] = "stalled"
    seat: int
    by: int | None = None


@dataclass(frozen=True, slots=True)
class MovedAgain(_Sentence, Event):
    """RB-OPT-4: ``seat`` moved upside down; the car goes back to ``cell`` and moves again."""

    kind: ClassVar[str] = "moved_again"
    seat: int
    cell: Hex


@dataclass(frozen=True, slots=True)
class TurnEnded(_Sentence, Event):
    """``seat``'s turn is over."""

    kind: ClassVar[str] = "turn_ended"
    seat: int


@dataclass(frozen=True, slots=True)
class RaceOver(_Sentence, Event):
    """RB-END-1: the race is over; ``ranking`` lists the seats, winner first."""

    kind: ClassVar[str] = "race_over"
    ranking: tuple[int, ...]


EVENT_TYPES: tuple[type[Event], ...] = (
    Drank,
    OrderRolled,
    TimeTrialed,
    StartOrder,
    Placed,
    Faced,
    TurnStarted,
    Announced,
    Forgot,
    Shifted,
    DieShown,
    Rolled,
    GearboxSmashed,
    Moved,
    Stopped,
    WentOffTrack,
    BackOnTrack,
    Flipped,
    Bonked,
    MidwayToast,
    LapCounted,
    ForkChosen,
    Overtook,
    OutOfFuel,
    Stalled,
    MovedAgain,
    TurnEnded,
    RaceOver,
)
