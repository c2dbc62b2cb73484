"""The Rallyman state: frozen values with tuples inside.

``Car.space`` is the index of the car's space in the current stage (``None`` before it
enters, ``stage.finish`` once across the line); a car off the road sits on the verge
(``off`` = ``"left"``/``"right"``) beside the space it will come back on (RM-LOC-2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .board.model import Rally, Stage

Status = Literal["waiting", "racing", "finished", "retired"]
Phase = Literal["tyres", "race", "over"]
Tyres = Literal["asphalt", "snow"]
GEAR_TIME = {1: 50, 2: 40, 3: 30, 4: 20, 5: 10}  # RM-CARD-1
LOC_TIME = 60  # the back of every gear card: gear 0, 1:00


@dataclass(frozen=True)
class Options:
    """The rule switches of one rally (built from the setup; see ``setup.RallymanOptions``)."""

    edition: int = 3
    gear_hazard_faces: int = 2
    gas_hazard_faces: int = 1
    hazard_limit: int = 3
    snow_limit_asphalt_tyres: int = 2
    time_attack: bool = True
    give_back_seconds: bool = True
    sisu: bool = True
    shortcut_deck: tuple[int, int, int] = (6, 4, 2)  # clean, dirty, puncture (A11)
    puncture_mode: Literal["lose_gas_die", "polish_hazard_die"] = "lose_gas_die"
    spare_wheel_penalty_s: int = 30
    snow_tyres_no_fifth_on_asphalt: bool = True
    super_rally: bool = False
    super_rally_penalty_s: int = 600
    gt_overtake_rule: bool = False  # A24: passing needs a gear at least the other car's
    finite_gear_decks: bool = False  # A21: real gear decks per stage, not weighted draws
    gear_backs: tuple[tuple[int, int, int], ...] = (
        (20, 0, 0),
        (26, 0, 0),
        (9, 9, 9),
        (2, 13, 13),
        (1, 15, 14),
    )  # spin, off left, off right per gear deck 1-5 (RM-CARD-1)


@dataclass(frozen=True)
class Card:
    """A gear card on a time stack; ``back`` is set when it was flipped (RM-LOC-1)."""

    gear: int
    seconds: int
    back: str | None = None


@dataclass(frozen=True)
class Car:
    """One driver's car, dashboard and time stack."""

    tyres: Tyres = "asphalt"
    status: Status = "waiting"
    space: int | None = None
    off: Literal["left", "right", "spin"] | None = None
    gear: int = 0
    stack: tuple[Card, ...] = ()
    tokens: int = 0
    penalty: int = 0
    damage: int = 0
    punctures: int = 0
    spare_used: bool = False
    sisu_used: bool = False
    arrived: int = 0
    times: tuple[int | None, ...] = ()

    @property
    def on_road(self) -> bool:
        """Tells whether the car stands on its space (not waiting, finished or on a verge)."""
        return self.status == "racing" and self.off not in ("left", "right")

    @property
    def cards_time(self) -> int:
        """Returns the seconds on the time stack."""
        return sum(card.seconds for card in self.stack)

    @property
    def stage_time(self) -> int:
        """Returns the stage time so far: cards − seconds tokens + penalties (RM-RALLY-2)."""
        return self.cards_time - self.tokens + self.penalty


@dataclass(frozen=True)
class Loc:
    """A loss of control waiting for the SISU decision or the card's back (RM-LOC-1)."""

    reason: str
    rule_id: str
    sisu_ok: bool
    deck: int
    awaiting: Literal["sisu", "back"]
    on_line: bool = False


@dataclass(frozen=True)
class Turn:
    """The driver's turn so far: dice used, hazards showing, the time-attack pool."""

    seat: int
    start_gear: int
    gear: int
    must_first: bool
    technique: Literal["none", "standard", "attack"] = "none"
    used: tuple[str, ...] = ()
    hazards: int = 0
    last_gear_die: int | None = None
    secured: int = 0
    pending: tuple[str, int, bool] | None = None  # die, target, bail-out: waiting for its face
    pool: tuple[str, ...] = ()
    faces: tuple[bool, ...] = ()
    placed: tuple[int, ...] = ()
    pool_limit: int = 3
    sisu_active: bool = False
    loc: Loc | None = None
    draw: bool = False
    end_after_draw: bool = False
    gear_allowed: int = 5
    gas_allowed: int = 2

    @property
    def gear_dice_used(self) -> int:
        """Returns how many gear dice this turn used (RM-DMG-1)."""
        return sum(1 for d in self.used if d != "G")

    @property
    def gas_used(self) -> int:
        """Returns how many gas dice this turn used."""
        return self.used.count("G")

    @property
    def rolled(self) -> bool:
        """Tells whether the pool of a time attack has been rolled."""
        return bool(self.faces)


@dataclass(frozen=True)
class State:
    """A whole rally: the stages, switches, drivers, the stage and round being played."""

    rally: Rally
    options: Options
    names: tuple[str, ...]
    cars: tuple[Car, ...]
    stage_no: int = 0
    phase: Phase = "tyres"
    tyre_queue: tuple[int, ...] = ()
    start_order: tuple[int, ...] = ()
    round: int = 0
    order: tuple[int, ...] = ()
    slot: int = 0
    turn: Turn | None = None
    mud: tuple[tuple[str, int], ...] = ()  # (corner, seat that laid it), RM-CORNER-3
    stamp: int = 0
    decks: tuple[tuple[int, int, int, int], ...] = ()  # A21: per gear, see rules.common

    @property
    def stage(self) -> Stage:
        """Returns the stage being driven."""
        return self.rally.stages[self.stage_no]
