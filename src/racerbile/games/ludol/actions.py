"""Ludøl actions: the throw (chance), the player's choices, the referee's inputs.

* :class:`Throw` is the chance action: the top face of one throw.
* :class:`Move` is the player's whole choice for a throw: the colour, the square the
  glass stands on (glasses on one square are one option) and the value used (the top
  face, the bottom face 7 − t under Røros, or the swapped 1↔6 under the six rule).
* :class:`Declare` is A9's choice with no legal move: the 1/6 counts as a six or a one.

Referee inputs (LD-REF-1…4, spec §2.5) carry the line judge who sent them (``None``:
the referee) and a free-text reason; the clock's actions (the idle count, the chug
countdown) come from the host's timers. None of them is ever in ``legal_actions``.
The referee's "undo the last move" is no action: the host voids recorded actions
(``LudolGame.may_void``), and the game replays without them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.contract import Action


@dataclass(frozen=True)
class Throw(Action):
    """The die shows ``top`` (1…6); the bottom face is 7 − top."""

    kind: ClassVar[str] = "throw"
    top: int


@dataclass(frozen=True)
class Move(Action):
    """Colour ``colour`` moves the glass on progress ``frm`` (−1 = yard) by ``value``."""

    kind: ClassVar[str] = "move"
    colour: str
    frm: int
    value: int


@dataclass(frozen=True)
class Declare(Action):
    """A9: a 1/6 with no legal move counts as a six (bonus throw) or as a one."""

    kind: ClassVar[str] = "declare"
    six: bool


@dataclass(frozen=True)
class RefereeAction(Action):
    """Base of the referee's inputs: who sent it (a line judge, or None) and why."""

    kind: ClassVar[str] = "referee"


@dataclass(frozen=True)
class Penalty(RefereeAction):
    """LD-REF-3: ``beers`` penalty beers for a participant (negative: taken back)."""

    kind: ClassVar[str] = "penalty"
    participant: int
    beers: int = 1
    judge: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class ChugResult(RefereeAction):
    """LD-HIT-1: whether the chug ``chug`` was emptied in time (A21: no automatic sanction)."""

    kind: ClassVar[str] = "chug_result"
    chug: int
    ok: bool
    judge: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class Vomit(RefereeAction):
    """LD-DQ-1: a participant's public vomit; the third disqualifies."""

    kind: ClassVar[str] = "vomit"
    participant: int
    judge: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class Disqualify(RefereeAction):
    """LD-DQ-1 / LD-REF-2: the referee disqualifies a participant outright."""

    kind: ClassVar[str] = "disqualify"
    participant: int
    judge: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class AllPoured(RefereeAction):
    """LD-END-2: all the drink is poured; the game ends after the move being resolved."""

    kind: ClassVar[str] = "all_poured"
    judge: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class ConfirmFlag(RefereeAction):
    """LD-REF-3: the flag ``flag`` becomes ``beers`` penalty beers."""

    kind: ClassVar[str] = "confirm_flag"
    flag: int
    beers: int = 1
    judge: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class DismissFlag(RefereeAction):
    """LD-REF-3: the flag ``flag`` costs nothing."""

    kind: ClassVar[str] = "dismiss_flag"
    flag: int
    judge: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class PlaceGlass(RefereeAction):
    """LD-REF-2: put glass ``glass`` (0…3) of ``colour`` on ``progress`` (−1 yard … 56 goal)."""

    kind: ClassVar[str] = "place_glass"
    colour: str
    glass: int
    progress: int
    judge: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class RemoveGlass(RefereeAction):
    """LD-REF-2: take glass ``glass`` of ``colour`` off the board."""

    kind: ClassVar[str] = "remove_glass"
    colour: str
    glass: int
    judge: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class SetTurn(RefereeAction):
    """LD-REF-2: it is now ``colour``'s turn (a fresh turn, waiting for its throw)."""

    kind: ClassVar[str] = "set_turn"
    colour: str
    judge: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class IdleCount(Action):
    """LD-REF-4 (clock): turn ``turn`` has been idle; the 10→0 count starts."""

    kind: ClassVar[str] = "idle_count"
    turn: int


@dataclass(frozen=True)
class IdleExpired(Action):
    """LD-REF-4 (clock): the 10→0 count of turn ``turn`` is done; flags (d)/(e)."""

    kind: ClassVar[str] = "idle_expired"
    turn: int


@dataclass(frozen=True)
class ChugTimeUp(Action):
    """LD-HIT-1 (clock): the countdown of chug ``chug`` has run out."""

    kind: ClassVar[str] = "chug_time_up"
    chug: int


PLAY_ACTIONS: tuple[type[Action], ...] = (Throw, Move, Declare)
REFEREE_ACTIONS: tuple[type[Action], ...] = (
    Penalty,
    ChugResult,
    Vomit,
    Disqualify,
    AllPoured,
    ConfirmFlag,
    DismissFlag,
    PlaceGlass,
    RemoveGlass,
    SetTurn,
)
CLOCK_ACTIONS: tuple[type[Action], ...] = (IdleCount, IdleExpired, ChugTimeUp)
ACTION_TYPES: tuple[type[Action], ...] = (*PLAY_ACTIONS, *REFEREE_ACTIONS, *CLOCK_ACTIONS)
