"""Every Racerbile action: small frozen dataclasses with a ``kind`` literal.

A turn is a sequence of small actions (RB-TURN-1…9): announce, shift, roll, one
``Die`` per physical throw of one die (chance), one ``StepTo`` per cell, stop, and
in manual announcement mode ``Pass`` (the cup goes to the next player). The start
adds ``Die`` rolls for the order (Babybile), ``TimeTrial`` times and ``Face``
headings (Racerbile). Le Mans adds driver changes and naming an opponent (§12).

:data:`OUTSIDE_TURN` may come whoever is to act and are never listed by
``legal_actions``: the clock's ``Stall`` and ``ClockExpired``, the referee's
``UpsideDown`` and ``Fault``, and the judges' calls (RB-NOL-1, RB-LM-2, RB-LM-12,
RB-REF-2). The events are in events.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, get_args

from ...engine.contract import Action

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
ANNOUNCEMENTS: tuple[Announcement, ...] = get_args(Announcement)


# -- the race and the turn ---------------------------------------------------------------


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


# -- Le Mans (§12) -----------------------------------------------------------------------


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


# -- referee mode and the judges' console (§13, RB-LM-2) ---------------------------------


@dataclass(frozen=True, slots=True)
class Fault(Action):
    """RB-REF-2: ``seat`` made ``count`` faults of kind ``fault`` (a key of CATALOGUE);
    ``judge`` is the Le Mans judge who called it (None: the referee)."""

    kind: ClassVar[str] = "fault"
    fault: str
    seat: int
    count: int = 1
    judge: int | None = None


@dataclass(frozen=True, slots=True)
class Penalty(Action):
    """RB-LM-2: judge ``judge`` hands ``seat`` ``sips`` penalty sips for ``reason``."""

    kind: ClassVar[str] = "penalty"
    seat: int
    sips: int
    judge: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class RuleChange(Action):
    """RB-LM-2: judge ``judge`` changes a rule during the event (recorded as said)."""

    kind: ClassVar[str] = "rule_change"
    judge: int
    text: str


@dataclass(frozen=True, slots=True)
class DunlopBridge(Action):
    """RB-LM-6: ``seat`` knocked the Dunlop bridge over (judge input)."""

    kind: ClassVar[str] = "dunlop_bridge"
    seat: int
    judge: int


@dataclass(frozen=True, slots=True)
class Vomit(Action):
    """RB-LM-7: ``seat`` vomited over the table or on the floor (judge input)."""

    kind: ClassVar[str] = "vomit"
    seat: int
    where: Literal["table", "floor"]
    judge: int


@dataclass(frozen=True, slots=True)
class Delay(Action):
    """RB-LM-11: ``seat`` delayed the game outside its turn (judge input)."""

    kind: ClassVar[str] = "delay"
    seat: int
    judge: int


@dataclass(frozen=True, slots=True)
class Disqualify(Action):
    """RB-LM-7/10: the judges put ``seat`` out of the race for ``reason``."""

    kind: ClassVar[str] = "disqualify"
    seat: int
    judge: int
    reason: str = ""


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
    ChangeDriver,
    NameOpponent,
    ClockExpired,
    Fault,
    Penalty,
    RuleChange,
    DunlopBridge,
    Vomit,
    Delay,
    Disqualify,
)

OUTSIDE_TURN: tuple[type[Action], ...] = (
    Stall,
    UpsideDown,
    ClockExpired,
    Fault,
    Penalty,
    RuleChange,
    DunlopBridge,
    Vomit,
    Delay,
    Disqualify,
)

# Actions are immutable values: the ones listed and chosen at every decision are built
# once, for the rules' legal lists and the bots alike.
ROLL, STOP, PASS = Roll(), Stop(), Pass()
SHIFT = {"up": Shift("up"), "down": Shift("down")}
STEP_TO = tuple(StepTo(d) for d in range(6))
