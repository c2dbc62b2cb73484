"""Loss of control, corners, shortcuts, jumps, snow: §21 scenarios 4-7 and 10, RM-LOC-*."""

from __future__ import annotations

from fractions import Fraction

import pytest

from racerbile.engine.errors import IllegalAction
from racerbile.games.rallyman import rules
from racerbile.games.rallyman.actions import Back, LostControl, Retired, WentOff
from racerbile.games.rallyman.notation import parse_action
from racerbile.games.rallyman.odds import offroad_chance
from racerbile.games.rallyman.rules.common import corner_limit
from racerbile.games.rallyman.state import Options

from .builders import legal, make_state, place, play


def rolls(state):
    return {a for a in legal(state) if a.startswith(("roll", "secure"))}


def losses(events):
    return [e for e in events if isinstance(e, LostControl)]


@pytest.mark.rule("RM-HAZ-1")
@pytest.mark.rule("RM-LOC-1")
@pytest.mark.rule("RM-LOC-2")
@pytest.mark.rule("RM-DMG-1")
def test_rm_loc_1_scenario_4_loss_of_control_by_hazards() -> None:
    state = place(make_state("R R R R R FR R R R R R R"), 0, "m:2", 4)
    state, events = play(state, "roll 5 m:3", "face H", "roll G m:4", "face H")
    assert not losses(events)
    state, events = play(state, "roll G m:5", "face H")
    assert losses(events) == [LostControl(0, "m:5", "hazards", "RM-HAZ-1")]
    assert legal(state) == {"sisu yes", "sisu no"}
    state, _ = play(state, "sisu no")
    assert rules.chance_outcomes(state) == [
        (Back("spin"), Fraction(1, 30)),
        (Back("left"), Fraction(15, 30)),
        (Back("right"), Fraction(14, 30)),
    ]
    state, events = play(state, "back left")
    car = state.cars[0]
    assert car.stack[-1].seconds == 60 and car.stack[-1].back == "left" and car.gear == 0
    assert [e for e in events if isinstance(e, WentOff)] == [WentOff(0, "left", "forest", 1)]
    assert car.damage == 1 and state.turn.gear_allowed == 4
    assert car.space == state.stage.find("m:5") and car.off == "left"
    assert rolls(state) == {"roll 1 m:6"}  # RM-LOC-2: back on that space, 1st gear
    assert offroad_chance(Options(), 5) == Fraction(29, 30)


@pytest.mark.rule("RM-LOC-2")
@pytest.mark.rule("RM-SPACE-1")
def test_rm_loc_2_a_full_space_keeps_the_car_waiting() -> None:
    state = make_state("R R R R R R R R", drivers=3)
    state = place(state, 1, "m:3", 2)
    state = place(state, 2, "m:3", 2)
    state = place(state, 0, "m:3", 0, off="right")
    assert legal(state) == {"stop"}
    state, _events = play(state, "stop")
    assert state.cars[0].stack[-1].gear == 1 and state.cars[0].off == "right"


@pytest.mark.rule("RM-LOC-1")
def test_rm_loc_1_full_verge_goes_to_the_other_side_or_spins() -> None:
    over = place(make_state("R R R R R R R R", drivers=3), 1, "m:4", 0, off="left")
    over = place(over, 0, "m:3", 5, sisu_used=True)
    over = dataclass_hazards(over, 2)
    over, events = play(over, "roll 5 m:4", "face H", "back left")
    assert [e.side for e in events if isinstance(e, WentOff)] == ["right"]
    full = place(make_state("R R R R R R R R", drivers=3), 1, "m:4", 0, off="left")
    full = place(full, 2, "m:4", 0, off="right")
    full = place(full, 0, "m:3", 5, sisu_used=True)
    full = dataclass_hazards(full, 2)
    full, events = play(full, "roll 5 m:4", "face H", "back left")
    assert not [e for e in events if isinstance(e, WentOff)] and full.cars[0].off == "spin"


def dataclass_hazards(state, hazards):
    import dataclasses

    return dataclasses.replace(state, turn=dataclasses.replace(state.turn, hazards=hazards))


@pytest.mark.rule("RM-CORNER-1")
@pytest.mark.rule("RM-SISU-1")
def test_rm_corner_1_scenario_5_corner_overspeed() -> None:
    state = place(make_state("R R R C3 R R R"), 0, "m:2", 5)
    assert {r.split()[1] for r in rolls(state)} == {"4", "5", "G"}
    for die in ("4", "5", "G"):
        after, events = play(state, f"roll {die} m:3", "face .")
        assert [(e.at, e.rule_id) for e in losses(events)] == [("m:3", "RM-CORNER-1")]
        assert "sisu yes" not in legal(after)  # SISU refused for an overspeed
    slide = place(make_state("R R R C3[44] R R R"), 0, "m:2", 5)
    slide, events = play(slide, "roll 4 m:d3", "face .", "roll G m:d4", "face .")
    assert not losses(events) and slide.cars[0].space == slide.stage.find("m:d4")


@pytest.mark.rule("RM-CORNER-2")
def test_rm_corner_2_scenario_6_slide_and_bail_out() -> None:
    start = place(make_state("R R R C3[444] R R R"), 0, "m:2", 3)
    state, _ = play(
        start, "roll 4 m:d3", "face .", "roll G m:d4", "face .", "roll G m:d5", "face ."
    )
    assert rolls(state) == {"roll 3 m:6", "roll 5 m:6"}
    first, _ = play(start, "roll 4 m:d3", "face .")
    assert "roll 3 m:4" in rolls(first)  # the bail-out beside slide space 2
    assert "roll 3 m:d4" not in rolls(first)  # a lower gear into the slide is refused
    assert not any(r.endswith("m:6") for r in rolls(state) if r.split()[1] in "G4")
    assert "roll 3 m:d3" not in rolls(start)
    fast = place(make_state("R R R C3[444] R R R"), 0, "m:2", 4)
    fast, events = play(fast, "roll 5 m:d3", "face .")
    assert [(e.at, e.reason, e.rule_id) for e in losses(events)] == [
        ("m:d3", "overspeed", "RM-CORNER-2")
    ]


@pytest.mark.rule("RM-CORNER-3")
@pytest.mark.rule("RM-TYRE-2")
def test_rm_corner_3_scenario_7_shortcut_and_mud() -> None:
    state = place(make_state("R R R C2[33]K3 R R R R", drivers=3), 0, "m:2", 3)
    state, _ = play(state, "roll 3 m:k3", "face .")
    assert rules.to_act(state) is not None and [a for a, _ in rules.chance_outcomes(state)]
    assert dict(rules.chance_outcomes(state)) == {
        parse_action("card clean"): Fraction(1, 2),
        parse_action("card dirty"): Fraction(1, 3),
        parse_action("card puncture"): Fraction(1, 6),
    }
    state, _ = play(state, "card dirty")
    inside, slide, k = (state.stage.spaces[state.stage.find(g)] for g in ("m:3", "m:d3", "m:k3"))
    assert [corner_limit(state, 1, s) for s in (inside, slide, k)] == [1, 2, 3]
    assert [corner_limit(state, 0, s) for s in (inside, slide, k)] == [2, 3, 3]  # not the drawer
    b = place(state, 1, "m:2", 2)
    b, events = play(b, "roll 2 m:3", "face .")
    assert [e.rule_id for e in losses(events)] == ["RM-CORNER-1"]
    again = place(state, 1, "m:2", 3)
    again, _ = play(again, "roll 3 m:k3", "face .", "card dirty")
    assert [corner_limit(again, 2, s) for s in (inside, slide)] == [1, 1]  # floor 1
    flat = place(make_state("R R R C2[33]K3 R R R R"), 0, "m:2", 3)
    flat, _ = play(flat, "roll 3 m:k3", "face .", "card puncture")
    assert flat.cars[0].punctures == 1 and flat.turn.gas_allowed == 2  # from the next turn
    flat, _ = play(flat, "stop")
    assert flat.turn.gas_allowed == 1


@pytest.mark.rule("RM-TYRE-2")
def test_rm_tyre_2_spare_wheel_gives_the_gas_die_back() -> None:
    state = place(make_state("R R R R R R R R"), 0, "m:2", 3, punctures=1)
    assert "spare" in legal(state) and state.turn.gas_allowed == 1
    state, _ = play(state, "spare")
    car = state.cars[0]
    assert car.punctures == 0 and car.spare_used and car.penalty == 30
    assert state.turn.gas_allowed == 2 and "spare" not in legal(state)
    used = place(make_state("R R R R R R R R"), 0, "m:2", 3, punctures=1, spare_used=True)
    with pytest.raises(IllegalAction, match="spare"):
        rules.apply(used, parse_action("spare"))
    polish = Options(puncture_mode="polish_hazard_die")
    hurt = place(make_state("R R R R R R R R", options=polish), 0, "m:2", 3, punctures=1)
    assert hurt.turn.hazards == 1


@pytest.mark.rule("RM-JUMP-1")
@pytest.mark.rule("RM-SISU-1")
def test_rm_jump_1_scenario_10_jumps() -> None:
    state = place(make_state("R R R J3 R R R"), 0, "m:2", 3)
    hazard, events = play(state, "roll 4 m:3", "face H")
    assert [e.rule_id for e in losses(events)] == ["RM-JUMP-1"] and "sisu yes" in legal(hazard)
    saved, _ = play(hazard, "sisu yes")
    assert saved.cars[0].sisu_used and saved.turn.loc is None and saved.turn.hazards == 0
    _clean, events = play(state, "roll 4 m:3", "face .")
    assert not losses(events)
    fast = place(make_state("R R R J3 R R R"), 0, "m:2", 4)
    fast, events = play(fast, "roll 5 m:3", "face .")
    assert [e.rule_id for e in losses(events)] == ["RM-JUMP-1"] and "sisu yes" not in legal(fast)
    air = place(make_state("R R R J3a1 R R R"), 0, "m:2", 3)
    air, events = play(air, "roll 3 m:3", "face .", "roll G m:4", "face .", "stop")
    assert [e.reason for e in losses(events)] == ["airborne"]


@pytest.mark.rule("RM-TYRE-1")
@pytest.mark.rule("RM-HAZ-1")
def test_rm_tyre_1_snow_limits_and_tyres() -> None:
    snowy = "R R S S S S S S S"
    state = place(make_state(snowy), 0, "m:1", 3)
    state, events = play(state, "roll 3 m:2", "face H")
    assert not losses(events)
    state, events = play(state, "roll 4 m:3", "face H")
    assert [e.rule_id for e in losses(events)] == ["RM-HAZ-1"]
    tyred = place(make_state(snowy, tyres="snow"), 0, "m:1", 3)
    tyred, events = play(tyred, "roll 3 m:2", "face H", "roll 4 m:3", "face H")
    assert not losses(events)
    asphalt = place(make_state("R R R R R R", tyres="snow"), 0, "m:1", 4)
    assert {r.split()[1] for r in rolls(asphalt)} == {"3", "4", "G"}  # A14: no 5th on asphalt


@pytest.mark.rule("RM-SISU-1")
def test_rm_sisu_1_cancels_a_hazard_loss_once_per_rally() -> None:
    state = place(make_state("R R R R R R R R R R"), 0, "m:1", 3)
    state, _ = play(
        state, "roll 3 m:2", "face H", "roll 4 m:3", "face H", "roll 5 m:4", "face H", "sisu yes"
    )
    assert state.turn.hazards == 0 and state.cars[0].space == state.stage.find("m:4")
    assert "roll G m:5" in legal(state)  # the driver may carry on
    state, _ = play(state, "roll G m:5", "face H", "roll G m:6", "face H", "stop")
    again = place(state, 0, "m:6", 5)
    again, _ = play(again, "roll 4 m:7", "face H", "roll 3 m:8", "face H", "roll 2 m:9", "face H")
    assert "sisu yes" not in legal(again)
    old = place(make_state("R R R R R R", options=Options(sisu=False)), 0, "m:1", 3)
    old, _ = play(old, "roll 3 m:2", "face H", "roll 4 m:3", "face H", "roll 5 m:4", "face H")
    assert "sisu yes" not in legal(old)


@pytest.mark.rule("RM-LOC-3")
def test_rm_loc_3_special_cases() -> None:
    slide = place(make_state("R R R C3[444] R R R"), 0, "m:2", 4, sisu_used=True)
    slide = dataclass_hazards(slide, 2)
    slide, events = play(slide, "roll 4 m:d3", "face H", "back left")
    assert slide.cars[0].space == slide.stage.find("m:3")  # back on the inside line
    verge = place(make_state("R R R TC2[33]K3 R R R"), 0, "m:2", 3)
    verge, events = play(verge, "roll 3 m:3", "face .", "back left")  # overspeed, off left
    assert verge.cars[0].space == verge.stage.find("m:k3")  # onto the shortcut, with a card
    assert next(a for a, _ in rules.chance_outcomes(verge)) == parse_action("card clean")
    verge, _ = play(verge, "card clean")
    assert verge.cars[0].off is None
    cut = place(make_state("R R R C2[33]K3 R R R"), 0, "m:2", 3, sisu_used=True)
    cut = dataclass_hazards(cut, 2)
    cut, events = play(cut, "roll 3 m:k3", "face H", "back right")
    assert cut.cars[0].space == cut.stage.find("m:3") and not [
        e for e in events if isinstance(e, WentOff)
    ]  # off a shortcut lands on the road


@pytest.mark.rule("RM-DMG-1")
def test_rm_dmg_1_damage_five_retires() -> None:
    state = place(make_state("R R XR R R R R R", drivers=2), 0, "m:1", 4, damage=4, sisu_used=True)
    state = dataclass_hazards(state, 2)
    state, events = play(state, "roll 5 m:2", "face H", "back left")
    assert [e for e in events if isinstance(e, Retired)] == [Retired(0, 6)]
    assert state.cars[0].status == "retired" and state.turn.seat == 1


@pytest.mark.rule("RM-DMG-1")
def test_rm_dmg_1_super_rally_restarts_a_retired_car_with_a_penalty() -> None:
    options = Options(super_rally=True)
    state = make_state("R R XR R R R R R", drivers=2, options=options, stages=2)
    state = place(state, 0, "m:1", 4, damage=4, sisu_used=True)
    state = dataclass_hazards(state, 2)
    state, _ = play(state, "roll 5 m:2", "face H", "back left")  # rock: damage 6, retired
    cards = state.cars[0].stage_time
    state = place(state, 1, "m:6", 5)
    state, _ = play(state, "roll 5 m:7", "face .", "roll G finish", "face .")
    assert state.stage_no == 1 and state.cars[0].times == (cards + 600,)
    assert state.cars[0].status == "waiting" and state.cars[0].damage == 0
