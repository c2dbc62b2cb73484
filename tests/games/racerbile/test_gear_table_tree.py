"""The gear buttons' odds played as a tree of rolls equal every ordered roll played out.

RB-DICE-4: a roll counts by its total and its ones, so the table plays one roll of each
kind, the kinds sharing their first dice; RB-DICE-5: fives and sixes are thrown again;
RB-DICE-7: the chance that every end of the move is off the track.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from typing import Any

from rb_helpers import upshifting_step

from racerbile.games import get_game
from racerbile.games.racerbile import rules, table_odds
from racerbile.games.racerbile.actions import ROLL, SHIFT, Die
from racerbile.games.racerbile.odds import gear_odds
from racerbile.games.racerbile.rules.moves import move_options
from racerbile.games.racerbile.state import State

GAME = get_game("racerbile")
SETUPS: list[dict[str, Any]] = [
    {"players": [{"name": "A"}, {"name": "B"}]},
    {"players": [{"name": n} for n in "ABCD"], "rule_set": "racerbile", "track": "kringlen"},
    {"players": [{"name": n} for n in "ABC"], "smashed_gearbox": True, "two_wheels": True},
    {"players": [{"name": n} for n in "ABC"], "rule_set": "lemans"},
]


def test_rb_dice_4_one_roll_per_total_and_ones_sharing_first_dice() -> None:
    fewest_beginnings = {1: 0, 2: 3, 3: 8}
    for gear in range(1, 7):
        rolls = table_odds.settled_total_ways(gear)
        every = Counter((sum(v), v.count(1)) for v in itertools.product(range(1, 5), repeat=gear))
        assert {(sum(v), v.count(1)): ways for v, ways in rolls} == dict(every)
        assert len(rolls) == len(every)
        assert all(len(v) == gear and set(v) <= {1, 2, 3, 4} for v, _ in rolls)
        beginnings = {v[:n] for v, _ in rolls for n in range(1, gear)}
        if gear in fewest_beginnings:
            assert len(beginnings) == fewest_beginnings[gear]
            assert len(table_odds._per_gear(gear)[0]) == len(rolls) + len(beginnings)


def test_rb_dice_4_5_7_gear_table_equals_every_ordered_roll() -> None:
    checked = Counter[int]()
    for setup, seed in itertools.product(SETUPS, (1, 2)):
        for state in _shift_states(setup, seed):
            rows = table_odds.gear_table(state)
            assert rows == _every_roll_table(state)
            checked.update(row["gear"] for row in rows)
    assert all(checked[gear] >= 3 for gear in (1, 2, 3))


def _shift_states(setup: dict[str, Any], seed: int) -> list[State]:
    """The first state of a turn with the mover in gear 2 and in gear 3 (both shifts
    open), from a seeded random race."""
    rng = random.Random(seed)
    state: State = GAME.start(GAME.Setup.model_validate(setup))
    found: dict[int, State] = {}
    for _ in range(3000):
        turn = state.turn
        if state.phase == "over" or len(found) == 2:
            break
        if turn is not None and turn.phase == "shift" and not turn.shifts:
            gear = state.cars[turn.seat].gear
            if gear > 1 and gear not in found:
                found[gear] = state
        state = upshifting_step(state, rng)
    assert len(found) == 2
    return list(found.values())


def _every_roll_table(state: State) -> list[dict[str, Any]]:
    turn = state.turn
    assert turn is not None
    seat, gear = turn.seat, state.cars[turn.seat].gear
    legal = rules.legal_actions(state)
    rows = []
    for to_gear, direction in ((gear - 1, "down"), (gear, None), (gear + 1, "up")):
        if direction is None or SHIFT[direction] in legal:
            figures = _every_ordered_roll(state, seat, direction)
            row: dict[str, Any] = {"gear": to_gear, "shift": direction}
            for key, value in figures.items():
                row[key] = f"{value.numerator}/{value.denominator}"
                row[f"{key}_float"] = round(float(value), 4)
            rows.append(row)
    return rows


def _every_ordered_roll(state: State, seat: int, direction: str | None) -> dict[str, Fraction]:
    actions = [SHIFT[direction], ROLL] if direction else [ROLL]
    rolled, before = table_odds._play(state, seat, actions)
    gear = rolled.cars[seat].gear
    p_off = p_clutch = sips = Fraction(0)
    chance = Fraction(1, 4**gear)
    for values in itertools.product((1, 2, 3, 4), repeat=gear):
        after, drunk = table_odds._play(rolled, seat, [Die(v) for v in values])
        p_clutch += chance if 1 in values else 0
        turn = after.turn
        moving = turn is not None and turn.seat == seat and turn.phase == "move"
        ends = list(move_options(after).values()) if moving else []
        p_off += chance if ends and all(end.off_track for end in ends) else 0
        sips += chance * (drunk + min((end.sips for end in ends), default=0))
    fives = gear_odds(gear)["expected_56_sips"]
    return {"p_off": p_off, "p_clutch": p_clutch, "sips": before + sips + fives}
