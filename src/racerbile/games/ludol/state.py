"""The Ludøl state: frozen values with tuples inside.

A glass is a progress value per colour (LD-BOARD-1): :data:`YARD` (−1), 0 = its own
start square, 1…50 the rest of the shared track, 51…55 its private home column,
:data:`GOAL` (56); :data:`REMOVED` marks a glass taken off the board (LD-DQ-1, or by
the referee). Colours are letters A…D in turn order; ``owner[k]`` is the participant
(seat) who plays colour k.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal

from ...engine.ledger import Ledger
from .setup import LETTERS, Config

YARD = -1
REMOVED = -2
START = 0
LAST_TRACK = 50
GOAL = 56
TRACK = 52
STRIDE = 13
GLASSES = 4

Phase = Literal["order", "play", "over"]
FlagKind = Literal["missed_capture", "idle", "wrong_colour", "passive"]
IdleStage = Literal["waiting", "counting", "flagged"]
FlagStatus = Literal["open", "confirmed", "dismissed"]
ChugStatus = Literal["running", "time_up", "ok", "failed"]
EndReason = Literal["home", "poured", "disqualified", "stalled"]


def letter(colour: int) -> str:
    """Returns the colour's letter (A for 0)."""
    return LETTERS[colour]


def track_square(colour: int, progress: int) -> int:
    """LD-BOARD-1: the shared-track square of a glass at ``progress`` 0…50."""
    return (STRIDE * colour + progress) % TRACK


@dataclass(frozen=True)
class Option:
    """A legal move: the glass on ``frm`` moves ``value`` to ``to``.

    ``face`` says how the value was read: ``top``, ``bottom`` (Røros, LD-ROROS-1) or
    ``six_rule`` (the 1↔6 swap where Røros does not apply, LD-SIX-1). ``captures``
    lists the (colour, glass) pairs it knocks home (LD-HIT-1).
    """

    frm: int
    value: int
    to: int
    face: str
    captures: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Turn:
    """One colour's go: ``attempts`` throws left for the three tries (LD-ENTER-2),
    ``chain`` the index of the last throw of the six-chain, ``throw`` the top face
    waiting for a choice, ``declare`` when the choice is A9's "declare a six"."""

    colour: int
    number: int
    attempts: int
    chain: int = 0
    throws: int = 0  # throws of this turn, failed entry attempts included (A7 "turn")
    throw: int | None = None
    forced: bool = False
    declare: bool = False
    idle: IdleStage = "waiting"  # LD-REF-4 at this waiting point: waiting, counting, flagged
    options: tuple[Option, ...] = ()  # the legal options of ``throw``

    @property
    def counting(self) -> bool:
        """Returns whether the 10→0 count of LD-REF-4 is running."""
        return self.idle == "counting"

    @property
    def waiting_point(self) -> str:
        """Returns the name of what the turn waits for now (its next throw or the choice
        for its last throw), which the turn-idle clock counts from (LD-REF-4)."""
        return f"{self.number}.{self.throws}.{'throw' if self.throw is None else 'choose'}"


@dataclass(frozen=True)
class RollOff:
    """LD-START-1: the participants still throwing, and the top faces thrown so far."""

    contenders: tuple[int, ...]
    thrown: tuple[int, ...] = ()


@dataclass(frozen=True)
class Flag:
    """LD-REF-3: something the referee may turn into penalty beers."""

    id: int
    kind: FlagKind
    participant: int
    colour: int
    turn: int
    status: FlagStatus = "open"


@dataclass(frozen=True)
class Chug:
    """LD-HIT-1: glasses knocked home that their owner must empty within the countdown."""

    id: int
    participant: int
    colour: int
    glasses: tuple[int, ...]
    status: ChugStatus = "running"


@dataclass(frozen=True)
class Audit:
    """LD-REF-2: one referee input: what, by whom (``None`` = the referee) and why."""

    number: int
    kind: str
    judge: int | None
    reason: str
    detail: str


@dataclass(frozen=True)
class Ending:
    """How the game ended (LD-END-1…3) and the distance scores of LD-END-2."""

    reason: EndReason
    winners: tuple[int, ...]
    scores: tuple[tuple[int, str], ...] = ()  # (participant, exact score "n/d" or "n")


@dataclass(frozen=True)
class State:
    """A whole game. ``ledger`` holds every drink so far (LD-DRINK-1, :mod:`.ledger`)."""

    config: Config
    phase: Phase
    owner: tuple[int, ...]  # colour -> participant
    glasses: tuple[tuple[int, ...], ...]  # colour -> progress per glass
    ledger: Ledger  # the drinks of every participant (LD-DRINK-1)
    turn: Turn | None = None
    rolloff: RollOff | None = None
    vomits: tuple[int, ...] = ()
    disqualified: frozenset[int] = frozenset()
    flags: tuple[Flag, ...] = ()
    chugs: tuple[Chug, ...] = ()
    audit: tuple[Audit, ...] = ()
    poured: bool = False
    ending: Ending | None = None
    since_move: int = 0  # actions applied since the last move, the move included (0: none)
    throws: int = 0
    turns: int = 0

    @property
    def colours(self) -> int:
        """Returns how many colours are in play."""
        return len(self.glasses)

    def colours_of(self, participant: int) -> tuple[int, ...]:
        """Returns the colours a participant plays (LD-SEAT-1)."""
        return _colours_of(self.owner, participant)

    def actor(self) -> int | None:
        """Returns the participant whose colour is to choose, if a choice is open."""
        turn = self.turn
        if self.phase != "play" or turn is None or turn.throw is None:
            return None
        return self.owner[turn.colour]


@functools.lru_cache(maxsize=1024)
def _colours_of(owner: tuple[int, ...], participant: int) -> tuple[int, ...]:
    """The colours of ``participant`` under ``owner``: the seating is set once a game,
    and the win check, the scores and the drinking table ask on every action."""
    return tuple(k for k, p in enumerate(owner) if p == participant)
