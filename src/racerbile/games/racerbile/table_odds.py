"""The odds shown on the gear buttons before the roll: exact, from this car's place.

For each gear the mover can roll in now (the gear it has, and one up or down where a
shift is legal), every settled roll is played through the rules from the state after
the shift and the roll (:func:`~.odds.die_model`: a settled die is uniform on 1-4;
fives and sixes are thrown again, RB-DICE-5). A roll counts only by its total and its
ones (RB-DICE-4), so one roll of each total and number of ones is played, weighted by
the chance of that total and those ones. The rolls played are chosen to share their
first dice and are played as a tree, each beginning once (a die is one
``rules.apply``, the bulk of the cost). Per gear:

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
from collections import Counter
from fractions import Fraction
from typing import Any

from ...engine.contract import Action
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


def _gear_table(state: State) -> list[dict[str, Any]]:
    turn = state.turn
    if state.phase != "race" or turn is None or turn.phase != "shift":
        return []
    legal = rules.legal_actions(state)
    gear = state.cars[turn.seat].gear
    out = []
    for to_gear, direction in ((gear - 1, "down"), (gear, None), (gear + 1, "up")):
        if direction is not None and SHIFT[direction] not in legal:
            continue
        figures = _gear_figures(state, turn.seat, direction)
        if figures is not None:
            out.append({"gear": to_gear, "shift": direction, **_as_json(figures)})
    return out


def _gear_figures(state: State, seat: int, direction: str | None) -> dict[str, Fraction] | None:
    try:
        rolled, sips_before = _play(state, seat, [SHIFT[direction], ROLL] if direction else [ROLL])
    except RulesError:
        return None
    gear = rolled.cars[seat].gear
    tree, p_clutch, fives = _per_gear(gear)
    # The chances are in 4**gear-ths: counted in whole ways, divided once at the end.
    off = cost = 0
    # The state after each beginning of a roll in the tree, and the sips the mover
    # drank since the roll (whole rolls are not kept: no die follows them).
    states, drunk_by = [rolled], [0]
    apply = rules.apply
    for parent, die, ways in tree:
        step = apply(states[parent], die)
        drunk = drunk_by[parent]
        for event in step.events:
            if isinstance(event, Drank) and event.player == seat:
                drunk += event.sips
        after = step.state
        if not ways:
            states.append(after)
            drunk_by.append(drunk)
            continue
        if _moving(after, seat):
            # The move help's options, cheapest first (memoised, not copied).
            ends = move_ends(after)
            if ends:
                cheapest = ends[0][0]
                drunk += cheapest.sips
                if cheapest.off_track and all(row[0].off_track for row in ends):
                    off += ways
        cost += ways * drunk
    rolls = 4**gear
    # sips_before + cost / rolls + fives, normalised once
    sips = Fraction(
        (sips_before * rolls + cost) * fives.denominator + fives.numerator * rolls,
        rolls * fives.denominator,
    )
    return {"p_off": Fraction(off, rolls), "p_clutch": p_clutch, "sips": sips}


# A die of the tree of rolls: the node it is thrown after (0: the roll, n: the n-th
# node that is not a whole roll), the die, and for a whole roll the number of ordered
# rolls it stands for (0 for the beginning of a roll).
_Node = tuple[int, Die, int]


@functools.cache
def _per_gear(gear: int) -> tuple[tuple[_Node, ...], Fraction, Fraction]:
    """Returns what does not depend on the state: the tree of rolls to play (parents
    first; each node is one ``rules.apply``), the chance of at least one 1 (RB-DICE-4)
    and the expected sips of fives and sixes beyond two (RB-DICE-5)."""
    dice = {v: Die(v) for v in _FACES}
    nodes: list[_Node] = []
    index: dict[tuple[int, ...], int] = {(): 0}
    clutch = 0
    for values, ways in settled_total_ways(gear):
        clutch += ways if 1 in values else 0
        for n in range(1, gear + 1):
            if values[:n] not in index:
                if n < gear:
                    index[values[:n]] = len(index)
                nodes.append(
                    (index[values[: n - 1]], dice[values[n - 1]], ways if n == gear else 0)
                )
    fives = Fraction(gear_odds(gear)["expected_56_sips"])
    return tuple(nodes), Fraction(clutch, 4**gear), fives


def settled_rolls(gear: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Returns each multiset of ``gear`` settled dice (1-4) and its chance."""
    orders = math.factorial(gear)
    out = []
    for values in itertools.combinations_with_replacement(_FACES, gear):
        ways = orders // math.prod(math.factorial(values.count(v)) for v in set(values))
        out.append((values, Fraction(ways, 4**gear)))
    return out


_Kind = tuple[int, int]  # the total and the number of ones of some dice
_FACES = (1, 2, 3, 4)  # a settled die


def _kinds(dice: int) -> list[_Kind]:
    rolls = itertools.combinations_with_replacement(_FACES, dice)
    return sorted({(sum(values), values.count(1)) for values in rolls})


def _then(kind: _Kind, value: int) -> _Kind:
    return kind[0] + value, kind[1] + (value == 1)


@functools.cache
def settled_total_ways(gear: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Returns one ordered roll of ``gear`` settled dice per total and number of ones,
    and how many of the 4**gear ordered rolls have that total and those ones
    (RB-DICE-4: all a roll counts by).

    The rolls share their first dice as far as they can, since each beginning of a
    roll is played once: from the last die back, the fewest kinds of the first n dice
    that the kinds kept for n + 1 dice all extend by one die (a greedy set cover; the
    fewest there can be in gears 1-3)."""
    levels = [_kinds(gear)]
    for dice in range(gear - 1, 0, -1):
        left, kept = set(levels[-1]), []
        while left:
            best = max(_kinds(dice), key=lambda k: sum(_then(k, v) in left for v in _FACES))
            kept.append(best)
            left -= {_then(best, v) for v in _FACES}
        levels.append(kept)
    rolls: dict[_Kind, tuple[int, ...]] = {(0, 0): ()}
    for level in reversed(levels):
        rolls = {
            kind: next((*r, v) for k, r in rolls.items() for v in _FACES if _then(k, v) == kind)
            for kind in level
        }
    ways = Counter((sum(v), v.count(1)) for v in itertools.product(_FACES, repeat=gear))
    return tuple((rolls[kind], ways[kind]) for kind in levels[0])


def _moving(state: State, seat: int) -> bool:
    turn = state.turn
    return turn is not None and turn.seat == seat and turn.phase == "move"


def _play(state: State, seat: int, actions: list[Action]) -> tuple[State, int]:
    """Returns the state after ``actions`` and the sips ``seat`` drank on the way."""
    drunk = 0
    for action in actions:
        step = rules.apply(state, action)
        state = step.state
        drunk += sum(e.sips for e in step.events if isinstance(e, Drank) and e.player == seat)
    return state, drunk


def _as_json(figures: dict[str, Fraction]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in figures.items():
        n, d = value.as_integer_ratio()
        out[key] = f"{n}/{d}"
        out[f"{key}_float"] = round(n / d, 4)  # float(value), without its properties
    return out
