"""Every Racerbile event: small frozen dataclasses with a ``kind`` literal.

Events explain what happened, in the turn (RB-TURN), in Le Mans (§12) and in referee
mode and the judges' console (§13, RB-LM-2); every sip is an engine :class:`Drank`
event. ``str(event)`` is the English sentence of :func:`.describe.describe`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, cast

from ...engine.contract import Event
from ...engine.ledger import Drank
from ...hexgrid import Hex
from .describe import describe


class _Sentence:
    """Gives events their English sentence as ``str()`` (players named by number)."""

    __slots__ = ()

    def __str__(self) -> str:
        return describe(cast(Event, self), "en")


# -- the race and the turn ---------------------------------------------------------------


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


# -- Le Mans (§12) -----------------------------------------------------------------------


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


# -- referee mode and the judges' console (§13, RB-LM-2) ---------------------------------


@dataclass(frozen=True, slots=True)
class Faulted(_Sentence, Event):
    """RB-REF-2: ``seat`` is charged ``count`` faults of kind ``fault`` (by ``judge``)."""

    kind: ClassVar[str] = "faulted"
    seat: int
    fault: str
    count: int = 1
    judge: str = ""


@dataclass(frozen=True, slots=True)
class JudgePenalty(_Sentence, Event):
    """RB-LM-2: ``judge`` hands ``seat`` ``sips`` penalty sips for ``reason``."""

    kind: ClassVar[str] = "judge_penalty"
    judge: str
    seat: int
    sips: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class RuleChanged(_Sentence, Event):
    """RB-LM-2: ``judge`` changes a rule: ``text``."""

    kind: ClassVar[str] = "rule_changed"
    judge: str
    text: str


@dataclass(frozen=True, slots=True)
class BridgeKnocked(_Sentence, Event):
    """RB-LM-6: ``seat`` knocked the Dunlop bridge over (called by ``judge``)."""

    kind: ClassVar[str] = "bridge_knocked"
    judge: str
    seat: int


@dataclass(frozen=True, slots=True)
class Vomited(_Sentence, Event):
    """RB-LM-7: ``seat`` vomited ``where`` (called by ``judge``)."""

    kind: ClassVar[str] = "vomited"
    judge: str
    seat: int
    where: str


@dataclass(frozen=True, slots=True)
class DelayedGame(_Sentence, Event):
    """RB-LM-11: ``seat`` delayed the game outside its turn (called by ``judge``)."""

    kind: ClassVar[str] = "delayed_game"
    judge: str
    seat: int


@dataclass(frozen=True, slots=True)
class Disqualified(_Sentence, Event):
    """RB-LM-7/10: ``judge`` puts ``seat`` out of the race for ``reason``."""

    kind: ClassVar[str] = "disqualified"
    judge: str
    seat: int
    reason: str = ""


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
    SipCapReached,
    LandedOn42,
    OpponentNamed,
    DriverChanged,
    StalledOut,
    TurnLost,
    LastLapCalled,
    LapsDeducted,
    Faulted,
    JudgePenalty,
    RuleChanged,
    BridgeKnocked,
    Vomited,
    DelayedGame,
    Disqualified,
)
