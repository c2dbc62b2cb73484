"""Exact odds of a roll (RB-DICE-1/4/5/7) and the engine's dice against them."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from rb_helpers import put, race, ring

from racerbile.engine import CHANCE, DiceStream
from racerbile.games.racerbile import GAME
from racerbile.games.racerbile.odds import gear_odds, odds_table, total_distribution
from racerbile.games.racerbile.rules import die_outcomes


def test_rb_dice_1_a_settled_die_is_uniform_on_one_to_four() -> None:
    assert total_distribution(1) == {v: Fraction(1, 4) for v in range(1, 5)}
    assert sum(p for _, p in die_outcomes()) == 1
    assert [a.value for a, _ in die_outcomes()] == [1, 2, 3, 4, 5, 6]


def test_rb_dice_7_exact_figures_of_the_spec() -> None:
    three, two = gear_odds(3), gear_odds(2)
    assert three["p_too_fast"] == Fraction(10, 64) == Fraction(5, 32)
    assert three["p_reckless"] == Fraction(34, 64)
    assert three["p_triple_one"] == Fraction(1, 64)
    assert two["p_reckless"] == Fraction(3, 16) and two["p_too_fast"] == 0
    assert [odds_table()[g]["expected_total"] for g in "123"] == [
        Fraction(5, 2),
        5,
        Fraction(15, 2),
    ]


def test_rb_dice_4_any_one_by_brute_force() -> None:
    for gear in (1, 2, 3):
        rolls = list(product(range(1, 5), repeat=gear))
        ones = Fraction(sum(1 in r for r in rolls), len(rolls))
        assert gear_odds(gear)["p_any_one"] == ones
        totals = {t: Fraction(sum(sum(r) == t for r in rolls), len(rolls)) for t in range(13)}
        assert gear_odds(gear)["total"] == {t: p for t, p in totals.items() if p}


def test_rb_dice_5_fives_and_sixes_against_a_truncated_series() -> None:
    # n56 over g dice: P(n) = C(n+g-1, g-1) (1/3)^n (2/3)^g, summed far enough out.
    from math import comb

    for gear in (1, 2, 3):
        p = [
            comb(n + gear - 1, gear - 1) * Fraction(1, 3) ** n * Fraction(2, 3) ** gear
            for n in range(80)
        ]
        three = 1 - p[0] - p[1] - p[2]
        sips = sum((n - 2) * p[n] for n in range(3, 80))
        figures = gear_odds(gear)
        assert figures["p_three_56"] == three
        assert abs(float(figures["expected_56_sips"] - sips)) < 1e-12


def test_engine_dice_match_the_odds() -> None:
    """A few thousand gear-3 rolls through the engine, drawn with DiceStream (seeded)."""
    before_roll = put(race(1, track=ring()), 0, gear=3)
    dice = DiceStream(20150701)
    n, fast, reckless, triple, total_sum, shown56_3 = 4000, 0, 0, 0, 0, 0
    for _ in range(n):
        state = GAME.apply(before_roll, GAME.legal_actions(before_roll)[0]).state
        while GAME.to_act(state) is CHANCE:
            state = GAME.apply(state, dice.choose(GAME.chance_outcomes(state))).state
        turn = state.turn
        assert turn is not None
        total = sum(turn.dice)
        total_sum += total
        fast += total >= 10
        reckless += 7 <= total <= 9
        triple += turn.dice == (1, 1, 1)
        shown56_3 += turn.shown56 >= 3
    odds = gear_odds(3)
    for count, exact in (
        (fast, odds["p_too_fast"]),
        (reckless, odds["p_reckless"]),
        (triple, odds["p_triple_one"]),
        (shown56_3, odds["p_three_56"]),
    ):
        sd = (float(exact) * (1 - float(exact)) / n) ** 0.5
        assert abs(count / n - float(exact)) < 5 * sd + 1e-9, (count, exact)
    assert abs(total_sum / n - 7.5) < 0.1
