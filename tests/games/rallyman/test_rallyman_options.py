"""Rule switches of §17: the GT overtake rule (A24) and finite gear decks (A21)."""

from __future__ import annotations

import pytest

from racerbile.games.rallyman.state import Options

from .builders import legal, make_state, place


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
