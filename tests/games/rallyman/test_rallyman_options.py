"""Rule switches of §17: the GT overtake rule (A24) and finite gear decks (A21)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from racerbile.games.rallyman import rules
from racerbile.games.rallyman.rules.common import back_weights, take_card
from racerbile.games.rallyman.rules.rally import start_stage
from racerbile.games.rallyman.state import Options

from .builders import legal, make_state, place, play


def two_cars_on_one_space(options: Options) -> set[str]:
    state = make_state("R R R R", drivers=2, options=options)
    state = place(state, 1, "m:1", 4)
    return legal(place(state, 0, "m:1", 3))


@pytest.mark.rule("RM-SPACE-1")
def test_the_gt_rule_lets_a_car_pass_only_in_at_least_the_other_cars_gear() -> None:
    gt = two_cars_on_one_space(Options(gt_overtake_rule=True))
    assert "roll 4 m:2" in gt
    assert not {"roll 3 m:2", "roll 2 m:2", "roll G m:2"} & gt
    plain = two_cars_on_one_space(Options())
    assert {"roll 4 m:2", "roll 3 m:2", "roll 2 m:2", "roll G m:2"} <= plain


SMALL_FIFTH = ((20, 0, 0), (26, 0, 0), (9, 9, 9), (2, 13, 13), (1, 1, 1))  # 5th: 3 cards


@pytest.mark.rule("RM-CARD-1")
def test_finite_decks_leave_the_seen_backs_out_until_the_deck_runs_out() -> None:
    state = make_state("R", options=Options(finite_gear_decks=True, gear_backs=SMALL_FIFTH))
    spun = take_card(state, 5, "spin")
    assert back_weights(spun, 5) == (0, 1, 1)
    face_up = take_card(spun, 5)  # a card taken face up: its back stays unseen
    assert back_weights(face_up, 5) == (0, 1, 1)
    empty = take_card(face_up, 5)
    assert back_weights(empty, 5) == (1, 1, 1)  # a fresh copy is shuffled
    assert back_weights(take_card(empty, 5, "left"), 5) == (1, 0, 1)
    weighted = make_state("R", options=Options(gear_backs=SMALL_FIFTH))
    assert back_weights(take_card(weighted, 5, "spin"), 5) == (1, 1, 1)


@pytest.mark.rule("RM-CARD-1")
@pytest.mark.rule("RM-LOC-1")
def test_a_flipped_card_is_out_of_the_deck_for_the_rest_of_the_stage() -> None:
    options = Options(finite_gear_decks=True, gear_backs=SMALL_FIFTH, sisu=False, hazard_limit=1)
    state = place(make_state("R R R R", options=options), 0, "m:0", 4)
    state, _ = play(state, "roll 5 m:1", "face H")
    assert {a.outcome: p for a, p in rules.chance_outcomes(state)} == {
        "spin": Fraction(1, 3), "left": Fraction(1, 3), "right": Fraction(1, 3),
    }  # fmt: skip
    state, _ = play(state, "back spin")
    assert state.decks[4] == (1, 1, 0, 0)
    assert start_stage(state, 0, (0,), []).decks == ()  # reshuffled at a stage start
