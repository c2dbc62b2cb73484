"""The exact figures of spec §4.1 and the solo figures of §4.2 (both profiles)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from racerbile.games.ludol import GAME, odds
from racerbile.games.ludol.setup import PROFILES

NORSK, LUDOL = PROFILES["norsk"], PROFILES["ludol"]


@pytest.mark.rule("LD-START-1")
def test_x1_unique_highest_start_throw_with_four_players() -> None:
    assert odds.unique_highest(4) == Fraction(25, 36)


@pytest.mark.rule("LD-ENTER-2")
def test_x2_x3_three_tries_to_enter() -> None:
    assert odds.three_tries(NORSK) == {
        "per_try": Fraction(1, 6),
        "per_turn": Fraction(91, 216),
        "turns": Fraction(216, 91),
        "throws": 6,
    }
    assert odds.three_tries(LUDOL) == {
        "per_try": Fraction(1, 3),
        "per_turn": Fraction(19, 27),
        "turns": Fraction(27, 19),
        "throws": 3,
    }


@pytest.mark.rule("LD-BONUS-1")
def test_x4_throws_per_turn_in_play() -> None:
    assert odds.throws_per_turn(NORSK) == Fraction(6, 5)
    assert odds.throws_per_turn(LUDOL) == Fraction(3, 2)


@pytest.mark.rule("LD-SIX-2")
def test_x5_six_chain_penalties() -> None:
    assert odds.six_chain(LUDOL) == {
        "reach_third": Fraction(1, 9),
        "any_beer": Fraction(1, 27),
        "beers": Fraction(1, 18),
    }
    assert odds.six_chain(NORSK) == {
        "reach_third": Fraction(1, 36),
        "any_beer": Fraction(0),
        "beers": Fraction(0),
    }


@pytest.mark.rule("LD-ROROS-1")
def test_x6_larger_face_mean_is_five() -> None:
    assert odds.roros_larger_mean(LUDOL) == 5
    assert odds.roros_larger_mean(NORSK) == Fraction(7, 2)
    third = Fraction(1, 3)
    assert odds.larger_face_values(LUDOL) == {4: third, 5: third, 6: third}


@pytest.mark.rule("LD-END-2")
def test_x7_colour_score_extremes() -> None:
    assert odds.score_range() == (-40, 264)


@pytest.mark.rule("LD-MOVE-1")
@pytest.mark.parametrize(
    ("profile", "turns", "throws", "beers"),
    [("norsk", 18.7228, 26.7619, 0.0), ("ludol", 11.3650, 17.4926, 0.47086)],
)
def test_solo_figures_of_4_2_by_the_engines_own_rules(
    profile: str, turns: float, throws: float, beers: float
) -> None:
    figures = odds.solo(profile)
    assert isinstance(figures.turns, Fraction)
    assert float(figures.turns) == pytest.approx(turns, abs=5e-5)
    assert float(figures.throws) == pytest.approx(throws, abs=5e-5)
    assert float(figures.beers) == pytest.approx(beers, abs=5e-6)


def test_odds_capability_is_one_column_per_profile() -> None:
    table = GAME.odds()
    assert set(table.columns) == {"norsk", "ludol"}
    for figures in table.columns.values():
        assert set(table.rows) <= set(figures)
    assert table.columns["ludol"]["beers"] == Fraction(1, 18)
    assert table.columns["norsk"]["per_turn"] == Fraction(91, 216)
