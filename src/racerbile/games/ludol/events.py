"""Ludøl events: what happened, for the log, the ledger, the statistics and the tests.

Participants are seat numbers (``describe`` names them); colours are letters. Every
drink is also an engine :class:`~racerbile.engine.ledger.Drank` event, the ledger's
entry (LD-DRINK-1, :mod:`.ledger`), emitted with the knock-home or penalty it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.contract import Event


@dataclass(frozen=True)
class RolledForStart(Event):
    """LD-START-1: a participant throws for the start (top face only)."""

    kind: ClassVar[str] = "rolled_for_start"
    participant: int
    top: int


@dataclass(frozen=True)
class RollOffTied(Event):
    """LD-START-1: the highest throw is shared; these participants throw again."""

    kind: ClassVar[str] = "roll_off_tied"
    contenders: tuple[int, ...]


@dataclass(frozen=True)
class StartOrderSet(Event):
    """LD-START-1: ``winner`` starts as A; ``owner`` gives each letter's participant."""

    kind: ClassVar[str] = "start_order_set"
    winner: int
    owner: tuple[int, ...]


@dataclass(frozen=True)
class TurnStarted(Event):
    """A colour's turn begins with ``attempts`` tries (LD-ENTER-2)."""

    kind: ClassVar[str] = "turn_started"
    colour: str
    participant: int
    number: int
    attempts: int


@dataclass(frozen=True)
class Thrown(Event):
    """A throw: top and bottom face, its chain index, and the options it gives."""

    kind: ClassVar[str] = "thrown"
    colour: str
    top: int
    bottom: int
    chain: int
    forced: bool
    options: tuple[str, ...]


@dataclass(frozen=True)
class Moved(Event):
    """A glass moves ``value`` from ``frm`` to ``to``; ``face`` is top, bottom or six_rule."""

    kind: ClassVar[str] = "moved"
    colour: str
    glass: int
    frm: int
    to: int
    value: int
    face: str


@dataclass(frozen=True)
class WrongColour(Event):
    """LD-REF-3 (g): the participant of ``colour`` tried to move a glass of ``moved``,
    a colour they do not play; the glass stays where it was and the throw is still
    theirs to use."""

    kind: ClassVar[str] = "wrong_colour"
    participant: int
    colour: str
    moved: str
    frm: int
    value: int


@dataclass(frozen=True)
class KnockedHome(Event):
    """LD-HIT-1: glasses knocked to the yard, all to be chugged in one countdown."""

    kind: ClassVar[str] = "knocked_home"
    participant: int
    colour: str
    glasses: tuple[int, ...]
    by: str
    square: int
    chug: int
    countdown: int
    rule_id: str = "LD-HIT-1"


@dataclass(frozen=True)
class PenaltyAwarded(Event):
    """Penalty beers: automatic (``auto``, LD-SIX-2) or the referee's (LD-REF-3)."""

    kind: ClassVar[str] = "penalty_awarded"
    participant: int
    beers: int
    reason: str
    rule_id: str
    auto: bool
    judge: int | None = None


@dataclass(frozen=True)
class BonusThrow(Event):
    """LD-BONUS-1: a six gives another throw."""

    kind: ClassVar[str] = "bonus_throw"
    colour: str


@dataclass(frozen=True)
class NoMove(Event):
    """The throw gives no legal move (LD-MOVE-1: an overshoot or a block)."""

    kind: ClassVar[str] = "no_move"
    colour: str
    top: int
    tries_left: int


@dataclass(frozen=True)
class Declared(Event):
    """A9 (LD-SIX-3): a 1/6 without a legal move declared a six or a one."""

    kind: ClassVar[str] = "declared"
    colour: str
    six: bool


@dataclass(frozen=True)
class FlagRaised(Event):
    """LD-REF-3: a flag for the referee to confirm or dismiss."""

    kind: ClassVar[str] = "flag_raised"
    flag: int
    flag_kind: str
    participant: int
    colour: str
    rule_id: str = "LD-REF-3"


@dataclass(frozen=True)
class FlagResolved(Event):
    """LD-REF-3: the referee confirmed (``beers``) or dismissed a flag."""

    kind: ClassVar[str] = "flag_resolved"
    flag: int
    confirmed: bool
    beers: int


@dataclass(frozen=True)
class ChugEnded(Event):
    """LD-HIT-1: a chug's countdown ran out, or the referee judged it (ok / failed)."""

    kind: ClassVar[str] = "chug_ended"
    chug: int
    participant: int
    status: str


@dataclass(frozen=True)
class CountStarted(Event):
    """LD-REF-4: the turn has been idle; the others count 10→0."""

    kind: ClassVar[str] = "count_started"
    participant: int
    colour: str
    seconds: int


@dataclass(frozen=True)
class Vomited(Event):
    """LD-DQ-1: a participant's ``count``-th public vomit."""

    kind: ClassVar[str] = "vomited"
    participant: int
    count: int


@dataclass(frozen=True)
class Disqualified(Event):
    """LD-DQ-1: the participant's glasses leave the board; their turns are skipped."""

    kind: ClassVar[str] = "disqualified"
    participant: int
    rule_id: str = "LD-DQ-1"


@dataclass(frozen=True)
class DrinkPoured(Event):
    """LD-END-2: the referee has poured all the drink."""

    kind: ClassVar[str] = "drink_poured"


@dataclass(frozen=True)
class Overridden(Event):
    """LD-REF-2: a referee override, with its audit entry's number."""

    kind: ClassVar[str] = "overridden"
    what: str
    detail: str
    judge: int | None
    reason: str
    audit: int


@dataclass(frozen=True)
class GameEnded(Event):
    """LD-END-1…3: the reason, the winners and (LD-END-2) the distance scores."""

    kind: ClassVar[str] = "game_ended"
    reason: str
    winners: tuple[int, ...]
    scores: tuple[tuple[int, str], ...] = ()
