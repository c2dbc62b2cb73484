"""Exact risk: the §20 tables equal the engine's figures; per-die risk before each die."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from racerbile.games.rallyman.notation import parse_action
from racerbile.games.rallyman.odds import (
    attack_table,
    die_risks,
    format_tables,
    hazard_counts,
    plan_odds,
    seven_dice_hazards,
    standard_table,
    state_plan_odds,
)

from .builders import make_state, place, play

# §20.1, each cell: (limit 3, limit 2)
ATTACK = {
    (0, 2): (F(1), F(35, 36)),
    (1, 1): (F(1), F(17, 18)),
    (1, 2): (F(107, 108), F(95, 108)),
    (2, 0): (F(1), F(8, 9)),
    (2, 1): (F(53, 54), F(22, 27)),
    (2, 2): (F(103, 108), F(20, 27)),
    (3, 0): (F(26, 27), F(20, 27)),
    (3, 1): (F(25, 27), F(2, 3)),
    (3, 2): (F(143, 162), F(145, 243)),
    (4, 0): (F(8, 9), F(16, 27)),
    (4, 1): (F(68, 81), F(128, 243)),
    (4, 2): (F(574, 729), F(340, 729)),
    (5, 0): (F(64, 81), F(112, 243)),
    (5, 1): (F(536, 729), F(296, 729)),
    (5, 2): (F(496, 729), F(260, 729)),
}
SEVEN = [
    F(200, 2187),
    F(580, 2187),
    F(236, 729),
    F(470, 2187),
    F(365, 4374),
    F(55, 2916),
    F(5, 2187),
    F(1, 8748),
]
# §20.2: P(spaces = k) (exact or to 4 places), E[spaces] (3 places), P(all dice), P(LoC)
STANDARD = {
    "1,2,3,4,5": ({2: F(1, 9), 3: F(4, 27), 4: F(4, 27), 5: F(16, 27)}, 4.222, 0.593, F(17, 81)),
    "1,2,3,4,5,G,G": (
        {2: F(1, 9), 3: F(4, 27), 4: F(4, 27), 5: F(32, 243), 6: F(40, 729), 7: F(296, 729)},
        5.089,
        0.406,
        F(233, 729),
    ),
    "G,G,1,2,3,4,5": (
        {2: 0.0278, 3: 0.0926, 4: 0.1389, 5: 0.1440, 6: 0.1303, 7: 0.4664},
        5.656,
        0.466,
        0.320,
    ),
    "3,4,5,G,G": ({2: 0.1111, 3: 0.1481, 4: 0.0741, 5: 0.6667}, 4.296, 0.667, 0.117),
    "4,5,G,G": ({2: F(1, 9), 3: F(2, 27), 4: F(22, 27)}, 3.704, 0.815, F(5, 108)),
    "5,G,G": ({2: F(1, 18), 3: F(17, 18)}, 2.944, 0.944, F(1, 108)),
}


def same(value: F, expected: F | float) -> bool:
    if isinstance(expected, F):
        return value == expected
    places = len(str(expected).split(".")[1])
    return round(float(value), places) == expected


@pytest.mark.rule("RM-ATT-1")
@pytest.mark.rule("RM-DICE-1")
def test_section_20_1_time_attack_table() -> None:
    assert attack_table() == ATTACK
    assert seven_dice_hazards() == SEVEN
    assert attack_table()[(2, 2)][0] == F(103, 108)  # the "handy check" of §20.2


@pytest.mark.rule("RM-HAZ-1")
def test_section_20_2_standard_technique_table() -> None:
    table = standard_table()
    assert list(table) == list(STANDARD)
    for plan, (spaces, expected, all_dice, loc) in STANDARD.items():
        odds = table[plan]
        assert set(odds.spaces) == set(spaces), plan
        assert all(same(odds.spaces[k], p) for k, p in spaces.items()), plan
        assert round(float(odds.expected_spaces), 3) == expected, plan
        assert round(float(odds.all_dice), 3) == all_dice, plan
        assert same(odds.loc_if_pushing, loc), plan


def test_format_tables_prints_both_tables() -> None:
    text = format_tables()
    assert "496/729 (0.6804) · 260/729 (0.3567)" in text
    assert "5,G,G | 2: 1/18 (0.0556), 3: 17/18 (0.9444) | 2.944 | 0.944 | 1/108 (0.0093)" in text


@pytest.mark.rule("RM-HAZ-1")
def test_die_risks_before_each_die() -> None:
    state = place(make_state("R R R R J3 R C3 R R R R R R"), 0, "m:1", 3)
    risks = die_risks(state)
    assert risks[parse_action("roll 3 m:2")] == 0
    state, _ = play(state, "roll 3 m:2", "face H", "roll 4 m:3", "face H")
    risks = die_risks(state)
    assert risks[parse_action("roll 5 m:4")] == 1  # a jump of 3 at +2
    assert risks[parse_action("roll G m:4")] == F(1, 6)  # the third hazard, or +1 on the jump
    assert set(risks) == {parse_action("roll 5 m:4"), parse_action("roll G m:4")}
    odds = state_plan_odds(state, ["G", "G"])
    assert odds.loc_if_pushing == 1 - F(25, 36) and odds.spaces == {0: 1}


def test_plan_odds_with_hazards_showing() -> None:
    odds = plan_odds([F(1, 3)], limit=3, hazards=1)
    assert odds.spaces == {1: 1} and odds.loc_if_pushing == 0
    odds = plan_odds([F(1, 3)], limit=3, hazards=2)
    assert odds.spaces == {0: 1} and odds.loc_if_pushing == F(1, 3)


def test_rm_dice_1_remembered_hazard_counts_are_the_callers_own_copy() -> None:
    counts = hazard_counts([F(1, 3)] * 3)
    assert counts == [F(8, 27), F(12, 27), F(6, 27), F(1, 27)]
    counts[0] = F(0)  # a caller's change does not reach the next caller
    assert hazard_counts((F(1, 3),) * 3)[0] == F(8, 27)
    assert plan_odds([F(1, 3)] * 2, 3) is plan_odds((F(1, 3), F(1, 3)), 3)  # made once
