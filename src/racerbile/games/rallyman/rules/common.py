"""Shared facts of the rules: dice faces, limits by surface and tyres, MUD, occupancy.

RM-DICE-1 (faces are data: ``Options.gear_hazard_faces`` / ``gas_hazard_faces``),
RM-CARD-1 with A21 (the card backs: weighted draws, or finite decks per stage),
RM-TYRE-1 (the tyre × surface table, A14, A15), RM-CORNER-1/2/3 (limits lowered by MUD,
floor 1, not for the driver who laid it; A10), RM-SPACE-1 (capacities; a car sideways in
a slide blocks the slide behind it; cars on a verge block nothing; A24).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ....engine.frozen import replace
from ..board.model import Space
from ..state import Car, Options, State, Turn

GEAR_DICE = ("1", "2", "3", "4", "5")
GAS = "G"


def hazard_chance(options: Options, die: str) -> Fraction:
    """Returns P(hazard face) of one die (RM-DICE-1)."""
    return face_chance(options.gas_hazard_faces if die == GAS else options.gear_hazard_faces)


@lru_cache(maxsize=16)
def face_chance(faces: int) -> Fraction:
    """Returns the chance that a six-sided die shows one of ``faces`` hazard faces (made
    once per count: every view's odds ask for every die)."""
    return Fraction(faces, 6)


def hazard_limit(options: Options, car: Car, space: Space | None) -> int:
    """Returns the hazards that lose control on entering ``space`` (RM-HAZ-1, RM-TYRE-1)."""
    if space is not None and space.surface == "snow" and car.tyres == "asphalt":
        return options.snow_limit_asphalt_tyres
    return options.hazard_limit


def gas_available(car: Car) -> int:
    """Returns the gas dice a car may use per turn: two less its punctures (RM-TYRE-2)."""
    return max(0, 2 - car.punctures)


def gear_dice_allowed(car: Car) -> int:
    """Returns how many gear dice a car may use per turn: five less its damage (RM-DMG-1)."""
    return max(0, 5 - car.damage)


def mud_for(state: State, seat: int, corner: str | None) -> int:
    """Returns the MUD markers on ``corner`` laid by other drivers (RM-CORNER-3, A10)."""
    if corner is None or not state.mud:
        return 0
    return _mud_counts(state.mud, seat).get(corner, 0)


@lru_cache(maxsize=256)
def _mud_counts(mud: tuple[tuple[str, int], ...], seat: int) -> dict[str, int]:
    # The markers of a stage change seldom and every limit asks: counted once per
    # markers and driver (shared, not to be changed).
    counts: dict[str, int] = {}
    for corner, who in mud:
        if who != seat:
            counts[corner] = counts.get(corner, 0) + 1
    return counts


def corner_limit(state: State, seat: int, space: Space) -> int | None:
    """Returns the highest gear allowed on ``space`` (inside, slide or shortcut), or None."""
    mud = mud_for(state, seat, space.corner)
    if space.role == "slide" and space.exact_gear is not None:
        return max(1, space.exact_gear - mud)
    if space.role == "inside" and space.max_gear is not None:
        return max(1, space.max_gear - mud)
    if space.role == "shortcut":
        return space.max_gear  # the shortcut value never changes (RM-CORNER-3)
    return None


def overspeed(state: State, seat: int, space: Space, gear: int) -> bool:
    """Tells whether entering ``space`` in ``gear`` is over its corner limit (A6, A7)."""
    limit = corner_limit(state, seat, space)
    return limit is not None and gear > limit


def blocked(state: State, seat: int, target: int) -> bool:
    """Tells whether another car keeps ``seat`` from entering ``target`` (RM-SPACE-1; a
    caller that asks about many spaces makes an :class:`Occupancy` once)."""
    return Occupancy(state, others_on_road(state, seat)).blocks(target)


def others_on_road(state: State, seat: int) -> list[Car]:
    """Returns the cars on the road but ``seat``'s (what :class:`Occupancy` counts)."""
    return [c for s, c in enumerate(state.cars) if s != seat and c.on_road]


class Occupancy:
    """Where the other cars on the road stand, counted once, and the spaces they keep a
    driver from entering (RM-SPACE-1; a car sideways in a slide blocks it behind, A24)."""

    def __init__(self, state: State, others: Sequence[Car]) -> None:
        stage = state.stage
        self._spaces, self._finish = stage.spaces, stage.finish
        self._cars: dict[int | None, int] = {}  # space -> cars there
        self._slides: dict[str | None, int] = {}  # corner -> furthest slide space taken
        for car in others:
            self._cars[car.space] = self._cars.get(car.space, 0) + 1
            if car.space is not None and car.space < self._finish:
                there = self._spaces[car.space]
                if there.role == "slide":
                    furthest = self._slides.get(there.corner, there.slide_index)
                    self._slides[there.corner] = max(furthest, there.slide_index)

    def blocks(self, target: int) -> bool:
        """Tells whether the cars counted keep a driver from entering ``target``."""
        if target >= self._finish:
            return False
        space = self._spaces[target]
        if self._cars.get(target, 0) >= space.capacity:
            return True
        if space.role != "slide" or space.corner not in self._slides:
            return False
        return self._slides[space.corner] >= space.slide_index


def verge_taken(state: State, seat: int, space: int, side: str) -> bool:
    """Tells whether another car already sits on that verge spot (A22)."""
    return any(
        c.status == "racing" and c.space == space and c.off == side
        for s, c in enumerate(state.cars)
        if s != seat
    )


def with_car(state: State, seat: int, **changes: Any) -> State:
    """Returns ``state`` with the car of ``seat`` changed."""
    cars = list(state.cars)
    cars[seat] = replace(cars[seat], **changes)
    return replace(state, cars=tuple(cars))


def with_turn(state: State, **changes: Any) -> State:
    """Returns ``state`` with the turn changed."""
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, **changes))


def turn_of(state: State) -> Turn:
    """Returns the turn being played (the rules only ask during a race)."""
    assert state.turn is not None
    return state.turn


def back_weights(state: State, deck: int) -> tuple[int, int, int]:
    """Returns the weights of spin, off left and off right for the next card of gear
    ``deck`` flipped (RM-CARD-1). Drawn independently by default; with finite decks
    (A21) the backs already seen in this copy of the deck are out of it: the backs of
    the cards taken face up are never seen, so every unseen card is as likely next."""
    full = state.options.gear_backs[deck - 1]
    if not state.options.finite_gear_decks:
        return full
    drawn, *seen = deck_state(state, deck)
    if drawn >= sum(full):  # the deck ran out: a fresh copy is shuffled
        return full
    spin, left, right = (n - s for n, s in zip(full, seen, strict=True))
    return spin, left, right


def deck_state(state: State, deck: int) -> tuple[int, int, int, int]:
    """Returns the cards taken from the current copy of deck ``deck`` this stage and the
    spins, offs left and offs right seen among them (A21)."""
    return state.decks[deck - 1] if state.decks else (0, 0, 0, 0)


def take_card(state: State, deck: int, back: str | None = None) -> State:
    """Returns ``state`` with one card taken from deck ``deck`` (its back seen when
    ``back`` is given); a no-op unless the decks are finite (A21)."""
    if not state.options.finite_gear_decks:
        return state
    decks = [deck_state(state, g) for g in range(1, 6)]
    drawn, spin, left, right = decks[deck - 1]
    if drawn >= sum(state.options.gear_backs[deck - 1]):
        drawn, spin, left, right = 0, 0, 0, 0
    spin += back == "spin"
    left += back == "left"
    right += back == "right"
    decks[deck - 1] = (drawn + 1, spin, left, right)
    return replace(state, decks=tuple(decks))
