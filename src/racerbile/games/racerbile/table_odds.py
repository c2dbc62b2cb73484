"""The odds shown on the gear buttons before the roll: exact, from this car's place.

For each gear the mover can roll in now (the gear it has, and one up or down where a
shift is legal), every settled roll is played through the rules from the state after
the shift and the roll (:func:`~.odds.die_model`: a settled die is uniform on 1-4;
fives and sixes are thrown again, RB-DICE-5). A roll counts only by its total and its
ones (RB-DICE-4), so one roll of each total and number of ones is played, weighted by
the chance of that total and those ones. Per gear:

* ``p_off``: the chance that every end of the move lies off the track (RB-DICE-7);
* ``p_clutch``: the chance of at least one 1 (a clutch fault, RB-DICE-4);
* ``sips``: the expected sips of the turn for the mover, driving to the cheapest end:
  the downshift's sip, the clutch faults, the fives and sixes beyond two, and the cost
  of the cheapest end of the move (squeals, cells not moved, leaving the track).

Everything is a Fraction; the view sends each as ``"n/d"`` and as a rounded number.
"""

from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction
from typing import Any

from ...engine.contract import Action, Event
from ...engine.errors import RulesError
from ...engine.ledger import Drank
from ...engine.memo import per_state
from . import rules
from .actions import ROLL, SHIFT, Die
from .odds import gear_odds
from .rules.moves import move_ends
from .state import State


@per_state
def gear_table(state: State) -> list[dict[str, Any]]:
    """Returns the figures of each gear open to the mover now ([] outside the shift
    phase), once per state (every caller's view asks for it)."""
    return _gear_table(state)


@functools.cache
def _expected_56_sips(gear: int) -> Fraction:
    return Fraction(gear_odds(gear)["expected_56_sips"])


def _gear_table(state: State) -> list[dict[str, Any]]:
    turn = state.turn
    if state.phase != "race" or turn is None or turn.phase != "shift":
        return []
    legal = rules.legal_actions(state)
    gear = state.cars[turn.seat].gear
    choices: list[tuple[int, str | None]] = [(gear, None)]
    for shift, step in (("up", 1), ("down", -1)):
        if SHIFT[shift] in legal:
            choices.append((gear + step, shift))
    out = []
    for to_gear, direction in sorted(choices, key=lambda c: c[0]):
        figures = _gear_figures(state, turn.seat, direction)
        if figures is not None:
            out.append({"gear": to_gear, "shift": direction, **_as_json(figures)})
    return out


def _gear_figures(state: State, seat: int, direction: str | None) -> dict[str, Fraction] | None:
    try:
        before_roll: list[Action] = [SHIFT[direction]] if direction else []
        rolled, sips_before = _play(state, seat, [*before_roll, ROLL])
    except RulesError:
        return None
    gear = rolled.cars[seat].gear
    # The chances are in 4**gear-ths: counted in whole ways, divided once at the end.
    off = clutch = cost = 0
    thrown: dict[tuple[int, ...], tuple[State, int]] = {(): (rolled, 0)}
    for values, ways in settled_total_ways(gear):
        after, drunk = _after_dice(thrown, seat, values)
        clutch += ways if 1 in values else 0
        # The move help's options, cheapest first (memoised, not copied).
        ends = [row[0] for row in move_ends(after)] if _moving(after, seat) else []
        if ends and all(end.off_track for end in ends):
            off += ways
        cost += ways * (drunk + (ends[0].sips if ends else 0))
    rolls = 4**gear
    sips = sips_before + Fraction(cost, rolls) + _expected_56_sips(gear)
    return {"p_off": Fraction(off, rolls), "p_clutch": Fraction(clutch, rolls), "sips": sips}


def _after_dice(
    thrown: dict[tuple[int, ...], tuple[State, int]], seat: int, values: tuple[int, ...]
) -> tuple[State, int]:
    """Returns the state after ``values`` are thrown in order and the sips ``seat``
    drank on the way, played on from the longest of their beginnings in ``thrown``
    (the rolls share their first dice: each die is played once), which it extends."""
    known = len(values)
    while values[:known] not in thrown:
        known -= 1
    state, drunk = thrown[values[:known]]
    for n in range(known, len(values)):
        state, sips = _play(state, seat, [Die(values[n])])
        drunk += sips
        thrown[values[: n + 1]] = (state, drunk)
    return state, drunk


def settled_rolls(gear: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Returns each multiset of ``gear`` settled dice (1-4) and its chance."""
    orders = math.factorial(gear)
    out = []
    for values in itertools.combinations_with_replacement((1, 2, 3, 4), gear):
        ways = orders // math.prod(math.factorial(values.count(v)) for v in set(values))
        out.append((values, Fraction(ways, 4**gear)))
    return out


@functools.cache
def settled_total_ways(gear: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Returns one multiset of ``gear`` settled dice per total and number of ones, and
    how many of the 4**gear ordered rolls have that total and those ones (RB-DICE-4:
    all a roll counts by)."""
    kinds: dict[tuple[int, int], tuple[tuple[int, ...], int]] = {}
    for values, chance in settled_rolls(gear):
        key = (sum(values), values.count(1))
        first, before = kinds.get(key, (values, 0))
        kinds[key] = (first, before + int(chance * 4**gear))
    return tuple(kinds.values())


def _moving(state: State, seat: int) -> bool:
    turn = state.turn
    return turn is not None and turn.seat == seat and turn.phase == "move"


def _play(state: State, seat: int, actions: list[Action]) -> tuple[State, int]:
    """Returns the state after ``actions`` and the sips ``seat`` drank on the way."""
    events: list[Event] = []
    for action in actions:
        step = rules.apply(state, action)
        state = step.state
        events.extend(step.events)
    return state, sum(e.sips for e in events if isinstance(e, Drank) and e.player == seat)


def _as_json(figures: dict[str, Fraction]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in figures.items():
        out[key] = f"{value.numerator}/{value.denominator}"
        out[f"{key}_float"] = round(float(value), 4)
    return out
