"""The time attack: §21 scenario 8 and the pool rules (RM-ATT-1)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from racerbile.engine.errors import IllegalAction
from racerbile.games.rallyman import rules
from racerbile.games.rallyman.actions import CardTaken, LostControl
from racerbile.games.rallyman.notation import parse_action
from racerbile.games.rallyman.odds import die_risks
from racerbile.games.rallyman.state import Options

from .builders import legal, make_state, place, play

STRAIGHT = " ".join(["R"] * 20)


@pytest.mark.rule("RM-ATT-1")
def test_rm_att_1_scenario_8a_fewer_hazards_full_move() -> None:
    state = place(make_state(STRAIGHT), 0, "m:2", 2)
    assert "attack 345GG" in legal(state)
    state, _ = play(state, "attack 345GG")
    assert len(rules.chance_outcomes(state)) == 32
    assert sum(p for _, p in rules.chance_outcomes(state)) == 1
    state, events = play(
        state,
        "faces .H.H.",
        "place 3. m:3",
        "place 4H m:4",
        "place 5. m:5",
        "place GH m:6",
        "place G. m:7",
    )
    car = state.cars[0]
    assert car.space == state.stage.find("m:7") and car.tokens == 5
    assert [e for e in events if isinstance(e, CardTaken)] == [CardTaken(0, 5, 10)]


@pytest.mark.rule("RM-ATT-1")
def test_rm_att_1_scenario_8b_loss_of_control_on_the_third_hazard() -> None:
    state = place(make_state(STRAIGHT), 0, "m:2", 2)
    state, _ = play(
        state,
        "attack 345GG",
        "faces HHH..",
        "place G. m:3",
        "place G. m:4",
        "place 3H m:5",
        "place 4H m:6",
    )
    state, events = play(state, "place 5H m:7")
    lost = [(e.at, e.rule_id) for e in events if isinstance(e, LostControl)]
    assert lost == [("m:7", "RM-ATT-1")]
    state, events = play(state, "sisu no", "back spin")
    car = state.cars[0]
    assert car.stack[-1].seconds == 60 and car.stack[-1].gear == 5 and car.tokens == 5


@pytest.mark.rule("RM-ATT-1")
def test_rm_att_1_scenario_8c_8d_pools_that_cannot_be_used_in_full() -> None:
    third = place(make_state(STRAIGHT), 0, "m:2", 3)
    with pytest.raises(IllegalAction, match="cannot be used in full"):
        rules.apply(third, parse_action("attack 12345GG"))
    near = place(make_state("R R R R R"), 0, "m:3", 3)  # two dice to the finish
    pools = {a.split()[1] for a in legal(near) if a.startswith("attack")}
    assert pools and all(len(p) == 2 for p in pools)
    assert "secure 3 m:4" not in legal(near)


@pytest.mark.rule("RM-ATT-1")
def test_rm_att_1_every_placement_keeps_the_pool_usable() -> None:
    state = place(make_state(STRAIGHT), 0, "m:2", 2)
    state, _ = play(state, "attack 345GG", "faces .....")
    assert {a.split()[1] for a in legal(state)} == {"3.", "G."}  # 4 or 5 first would strand 3
    risks = die_risks(place(make_state(STRAIGHT), 0, "m:2", 2))
    assert risks[parse_action("attack 345GG")] == 1 - Fraction(143, 162)


@pytest.mark.rule("RM-ATT-1")
def test_rm_att_1_second_edition_pays_no_seconds_after_a_loss() -> None:
    from racerbile.games.rallyman.state import Options

    state = place(make_state(STRAIGHT, options=Options(edition=2, sisu=False)), 0, "m:2", 2)
    state, _ = play(state, "attack 345GG", "faces HHH..")
    assert state.cars[0].tokens == 0


@pytest.mark.rule("RM-ATT-1")
@pytest.mark.parametrize(
    ("line", "space", "gear"),
    [
        (STRAIGHT, None, 0),
        (STRAIGHT, "m:2", 2),
        ("R R R C2[33]K3 J3 R R", "m:1", 4),
        ("R R R R R", "m:3", 3),
    ],
)
def test_rm_att_1_pools_equal_a_search_of_each_pool(
    line: str, space: str | None, gear: int
) -> None:
    from racerbile.games.rallyman.rules.attack import attack_actions
    from racerbile.games.rallyman.rules.moves import candidate_pools, pool_orderable

    state = place(make_state(line), 0, space, gear)
    turn = state.turn
    pos = state.cars[0].space
    expected = [
        pool
        for pool in candidate_pools(turn.gear_allowed, turn.gas_allowed)
        if pool_orderable(
            state, 0, pos, turn.gear, turn.start_gear, (), turn.must_first, tuple(pool)
        )
    ]
    assert [a.dice for a in attack_actions(state)] == expected


@pytest.mark.rule("RM-TYRE-2")
@pytest.mark.rule("RM-ATT-1")
def test_rm_tyre_2_polish_puncture_hazard_does_not_count_in_a_time_attack() -> None:
    """A12 `polish_hazard_die`: the punctured gas die shows one hazard at the start of a
    standard turn, but "does not count towards the symbols" of a time attack [PL]."""
    polish = Options(puncture_mode="polish_hazard_die")
    state = place(make_state(STRAIGHT, options=polish), 0, "m:2", 2, punctures=1)
    assert state.turn.hazards == 1
    state, _ = play(state, "attack 345G", "faces HH..")
    assert state.turn.hazards == 0
    state, events = play(state, "place 3H m:3", "place 4H m:4", "place 5. m:5", "place G. m:6")
    assert not [e for e in events if isinstance(e, LostControl)]
    assert state.cars[0].space == state.stage.find("m:6")


@pytest.mark.rule("RM-ATT-1")
@pytest.mark.parametrize(
    ("line", "options"),
    [
        (STRAIGHT, Options()),
        (STRAIGHT, Options(gas_hazard_faces=3, gear_hazard_faces=1)),  # the kinds apart
        ("R R R R R R S S R R R R R R", Options()),  # snow within 4 dice: stricter (A15)
    ],
)
def test_rm_att_1_every_pools_risk_is_the_chance_its_faces_reach_the_limit(
    line: str, options: Options
) -> None:
    state = place(make_state(line, options=options), 0, "m:2", 2)
    risks = die_risks(state)
    pools = [a for a in risks if a.kind == "attack"]
    assert len(pools) >= 5
    for pool in pools:
        announced = rules.apply(state, pool).state
        limit = announced.turn.pool_limit
        reached = sum(
            (p for faces, p in rules.chance_outcomes(announced) if faces.faces.count("H") >= limit),
            Fraction(0),
        )
        assert risks[pool] == reached, pool
