"""Rallyman actions and events: small frozen dataclasses with a ``kind``.

Driver actions: :class:`Tyres`, :class:`Roll` (one die of the standard technique onto
the space ``to``, optionally secured with seconds), :class:`Attack` (announce a pool),
:class:`Place` (use one rolled die of the pool), :class:`Stop`, :class:`Spare`,
:class:`Sisu`. Chance actions: :class:`Face`, :class:`Faces`, :class:`Back`,
:class:`Shortcut`. Sentences for the events live in :mod:`.describe`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from ...engine.contract import Action, Event

# --- driver actions ----------------------------------------------------------------------


@dataclass(frozen=True)
class Tyres(Action):
    """Fits asphalt or snow tyres before the rally or at mechanics (RM-TYRE-1)."""

    kind: ClassVar[str] = "tyres"
    tyres: Literal["asphalt", "snow"]


@dataclass(frozen=True)
class Roll(Action):
    """Uses die ``die`` ("1"-"5" or "G") to move onto space ``to`` (RM-TURN-1/2).

    ``secured`` puts the die down with seconds instead of rolling it (RM-SEC-1).
    """

    kind: ClassVar[str] = "roll"
    die: str
    to: str
    secured: bool = False


@dataclass(frozen=True)
class Attack(Action):
    """Announces a time-attack pool, e.g. ``"345GG"`` (RM-ATT-1)."""

    kind: ClassVar[str] = "attack"
    dice: str


@dataclass(frozen=True)
class Place(Action):
    """Uses one rolled die of the pool (its kind and face) to move onto ``to`` (RM-ATT-1)."""

    kind: ClassVar[str] = "place"
    die: str
    hazard: bool
    to: str


@dataclass(frozen=True)
class Stop(Action):
    """Ends the turn and takes the gear card (RM-TURN-3)."""

    kind: ClassVar[str] = "stop"


@dataclass(frozen=True)
class Spare(Action):
    """Fits the spare wheel at the start of the turn (RM-TYRE-2)."""

    kind: ClassVar[str] = "spare"


@dataclass(frozen=True)
class Sisu(Action):
    """Plays (or keeps) the SISU card against this loss of control (RM-SISU-1)."""

    kind: ClassVar[str] = "sisu"
    play: bool


# --- chance actions ----------------------------------------------------------------------


@dataclass(frozen=True)
class Face(Action):
    """The face of the die just rolled: hazard or clean (RM-DICE-1)."""

    kind: ClassVar[str] = "face"
    hazard: bool


@dataclass(frozen=True)
class Faces(Action):
    """The faces of a time-attack pool in announced order: ``.`` clean, ``H`` hazard."""

    kind: ClassVar[str] = "faces"
    faces: str


@dataclass(frozen=True)
class Back(Action):
    """The back of the flipped gear card: spin, off left or off right (RM-LOC-1)."""

    kind: ClassVar[str] = "back"
    outcome: Literal["spin", "left", "right"]


@dataclass(frozen=True)
class Shortcut(Action):
    """The shortcut card drawn: clean, dirty or puncture (RM-CORNER-3)."""

    kind: ClassVar[str] = "shortcut"
    card: Literal["clean", "dirty", "puncture"]


ACTION_TYPES: tuple[type[Action], ...] = (
    Tyres,
    Roll,
    Attack,
    Place,
    Stop,
    Spare,
    Sisu,
    Face,
    Faces,
    Back,
    Shortcut,
)

# --- events ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TyresFitted(Event):
    kind: ClassVar[str] = "tyres_fitted"
    seat: int
    tyres: str


@dataclass(frozen=True)
class StageStarted(Event):
    kind: ClassVar[str] = "stage_started"
    number: int
    stage: str
    order: tuple[int, ...]


@dataclass(frozen=True)
class DieRolled(Event):
    kind: ClassVar[str] = "die_rolled"
    seat: int
    die: str
    hazard: bool
    hazards: int
    secured_cost: int = 0


@dataclass(frozen=True)
class PoolRolled(Event):
    kind: ClassVar[str] = "pool_rolled"
    seat: int
    dice: str
    faces: str
    tokens: int


@dataclass(frozen=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    seat: int
    frm: str
    to: str
    gear: int


@dataclass(frozen=True)
class LostControl(Event):
    kind: ClassVar[str] = "lost_control"
    seat: int
    at: str
    reason: str
    rule_id: str


@dataclass(frozen=True)
class SisuPlayed(Event):
    kind: ClassVar[str] = "sisu_played"
    seat: int


@dataclass(frozen=True)
class CardTaken(Event):
    kind: ClassVar[str] = "card_taken"
    seat: int
    gear: int
    seconds: int
    back: str | None = None


@dataclass(frozen=True)
class WentOff(Event):
    kind: ClassVar[str] = "went_off"
    seat: int
    side: str
    terrain: str
    damage: int


@dataclass(frozen=True)
class ShortcutDrawn(Event):
    kind: ClassVar[str] = "shortcut_drawn"
    seat: int
    card: str
    corner: str


@dataclass(frozen=True)
class SpareFitted(Event):
    kind: ClassVar[str] = "spare_fitted"
    seat: int
    penalty: int


@dataclass(frozen=True)
class Waited(Event):
    kind: ClassVar[str] = "waited"
    seat: int


@dataclass(frozen=True)
class Finished(Event):
    kind: ClassVar[str] = "finished"
    seat: int
    time: int


@dataclass(frozen=True)
class Retired(Event):
    kind: ClassVar[str] = "retired"
    seat: int
    damage: int


@dataclass(frozen=True)
class StageOver(Event):
    kind: ClassVar[str] = "stage_over"
    number: int
    times: tuple[int | None, ...]


@dataclass(frozen=True)
class Repaired(Event):
    kind: ClassVar[str] = "repaired"
    seat: int


@dataclass(frozen=True)
class RallyOver(Event):
    kind: ClassVar[str] = "rally_over"
    ranking: tuple[int, ...]
