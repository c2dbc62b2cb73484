"""The Racerbile bots' gear choices: the dice totals, the straight run ahead and the
value of each gear, and one chooser per driving style (see :mod:`.bots`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from .policy import totals
from .rules.moves import geometry
from .rules.ranking import closed_for
from .state import Car, State


def mover(state: State) -> Car:
    """Returns the car whose turn it is."""
    assert state.turn is not None
    return state.cars[state.turn.seat]


def straight_run(state: State) -> int:
    """Returns how many track cells the moving car can go straight (the best first
    direction when it has no heading yet)."""
    turn = state.turn
    assert turn is not None
    car = state.cars[turn.seat]
    geo = geometry(state.config.track)
    closed = closed_for(state.config, state.forks, car.laps)
    headings = [car.heading] if car.heading is not None else range(6)
    best = 0
    for heading in headings:
        cell, run = car.place, 0
        while run < 12 and geo.open.get(cell, (False,) * 6)[heading]:
            cell = geo.neighbors[cell][heading]
            if cell in closed:
                break
            run += 1
        best = max(best, run)
    return best


def gear_value(state: State, gear: int, run: int) -> float:
    """Expected cells gained minus sips this turn in ``gear`` with ``run`` straight cells."""
    return _gear_value(gear, run)


@cache
def _gear_value(gear: int, run: int) -> float:
    value = 0.0
    for total, p in totals(gear):
        gained, sips = float(total), 0.0
        if total >= 10 and run < total:  # RB-DICE-7: too fast, off the track
            gained, sips = run, (total - run) + 2 * (gear - 1)
        elif 7 <= total <= 9:
            sips = 0.5  # RB-DICE-6: a squeal or so
        value += float(p) * (gained - sips)
    return value - gear / 4  # RB-DICE-4: each die shows 1 a quarter of the time


GearChoice = Callable[[State, list[int], np.random.Generator], int]


def best_gear(state: State, gears: list[int], rng: np.random.Generator) -> int:
    """The gear with the best :func:`gear_value` (a downshift costs a sip, RB-DICE-3)."""
    current = mover(state).gear
    run = straight_run(state)
    return max(gears, key=lambda g: gear_value(state, g, run) - (g < current))


def low_gear(state: State, gears: list[int], rng: np.random.Generator) -> int:
    """The gear nearest to 2nd without going above it."""
    return max((g for g in gears if g <= 2), default=min(gears))


def top_gear(state: State, gears: list[int], rng: np.random.Generator) -> int:
    """Always up."""
    return max(gears)


def pick_index(rng: np.random.Generator, n: int) -> int:
    """Returns an index below ``n`` from one ``rng.random()`` double, floor(u·n).

    One double per choice, as the dice draw, so a batch simulator that draws the
    bot's doubles in bulk from the same generator makes the same choices.
    """
    return min(int(rng.random() * n), n - 1)


def random_gear(state: State, gears: list[int], rng: np.random.Generator) -> int:
    """Any gear on offer."""
    return gears[pick_index(rng, len(gears))]
