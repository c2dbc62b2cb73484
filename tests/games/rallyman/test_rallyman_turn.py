"""The standard technique die by die: §21 scenarios 1, 2, 3 and 9, dice and cards."""

from __future__ import annotations

from fractions import Fraction

import pytest

from racerbile.engine.errors import IllegalAction
from racerbile.games.rallyman import rules
from racerbile.games.rallyman.actions import CardTaken, Face, Moved
from racerbile.games.rallyman.notation import parse_action
from racerbile.games.rallyman.state import GEAR_TIME, Options

from .builders import legal, make_state, place, play

STRAIGHT = " ".join(["R"] * 20)


def rolls(state):  # the die choices only (no pools, stop or spare)
    return {a for a in legal(state) if a.startswith(("roll", "secure"))}


@pytest.mark.rule("RM-DICE-1")
def test_rm_dice_1_faces_are_data_and_every_die_moves_one_space() -> None:
    state = make_state(STRAIGHT)
    state, _ = play(state, "roll 1 m:0")
    assert rules.chance_outcomes(state) == [
        (Face(False), Fraction(2, 3)),
        (Face(True), Fraction(1, 3)),
    ]
    gas = place(make_state(STRAIGHT), 0, "m:3", 3)
    gas, _ = play(gas, "roll G m:4")
    assert rules.chance_outcomes(gas) == [
        (Face(False), Fraction(5, 6)),
        (Face(True), Fraction(1, 6)),
    ]
    for face in (".", "H"):
        _after, events = play(gas, f"face {face}")
        assert [e.to for e in events if isinstance(e, Moved)] == ["m:4"]
    custom = place(make_state(STRAIGHT, options=Options(gear_hazard_faces=1)), 0, "m:3", 3)
    custom, _ = play(custom, "roll 4 m:4")
    assert dict(rules.chance_outcomes(custom))[Face(True)] == Fraction(1, 6)


@pytest.mark.rule("RM-START-2")
@pytest.mark.rule("RM-TURN-3")
def test_rm_turn_1_scenario_1_entering_the_stage() -> None:
    state = make_state(STRAIGHT)
    assert rolls(state) == {"roll 1 m:0"}  # only die 1: gas refused from gear 0
    state, events = play(
        state,
        "roll 1 m:0",
        "face .",
        "roll 2 m:1",
        "face H",
        "roll 3 m:2",
        "face .",
        "roll 4 m:3",
        "face H",
        "stop",
    )
    assert [e for e in events if isinstance(e, CardTaken)] == [CardTaken(0, 4, 20)]
    car = state.cars[0]
    assert car.space == state.stage.find("m:3") and car.cards_time == 20 and car.gear == 4
    assert {r.split()[1] for r in rolls(state)} == {"3", "4", "5", "G"}


@pytest.mark.rule("RM-TURN-2")
@pytest.mark.rule("RM-TURN-3")
def test_rm_turn_3_scenario_2_gas_dice_and_the_card_drawn() -> None:
    start = place(make_state(STRAIGHT), 0, "m:5", 3)
    state, events = play(
        start,
        "roll G m:6",
        "face .",
        "roll 4 m:7",
        "face .",
        "roll G m:8",
        "face H",
        "roll 5 m:9",
        "face .",
        "stop",
    )
    assert state.cars[0].space == start.stage.find("m:9")
    assert [e for e in events if isinstance(e, CardTaken)] == [CardTaken(0, 5, 10)]
    state, events = play(start, "roll 4 m:6", "face .", "roll G m:7", "face .", "stop")
    assert [e.gear for e in events if isinstance(e, CardTaken)] == [4]
    state, events = play(start, "roll G m:6", "face .", "stop")  # A4: gas only keeps 3rd
    assert [(e.gear, e.seconds) for e in events if isinstance(e, CardTaken)] == [(3, 30)]


@pytest.mark.rule("RM-TURN-1")
@pytest.mark.rule("RM-TURN-2")
@pytest.mark.rule("RM-DMG-1")
def test_rm_turn_2_scenario_3_illegal_choices_refused() -> None:
    start = place(make_state(STRAIGHT), 0, "m:5", 3)
    with pytest.raises(IllegalAction, match="first gear die"):
        rules.apply(start, parse_action("roll 5 m:6"))
    state, _ = play(start, "roll 3 m:6", "face .", "roll 4 m:7", "face .")
    assert {r.split()[1] for r in rolls(state)} == {"5", "G"}  # die 3 gone: only 5
    with pytest.raises(IllegalAction, match="one above or below"):
        rules.apply(state, parse_action("roll 2 m:8"))
    with pytest.raises(IllegalAction, match="already used"):
        rules.apply(state, parse_action("roll 4 m:8"))
    zero = make_state(STRAIGHT)
    with pytest.raises(IllegalAction):
        rules.apply(zero, parse_action("roll G m:0"))
    damaged = place(make_state(STRAIGHT), 0, "m:5", 2, damage=2)
    damaged, _ = play(
        damaged, "roll 1 m:6", "face .", "roll 2 m:7", "face .", "roll 3 m:8", "face ."
    )
    assert {r.split()[1] for r in rolls(damaged)} == {"G"}  # a fourth gear die is refused
    with pytest.raises(IllegalAction, match="damage 2"):
        rules.apply(damaged, parse_action("roll 4 m:9"))


@pytest.mark.rule("RM-TURN-1")
def test_rm_turn_1_a_turn_rolls_at_least_one_die() -> None:
    state = place(make_state(STRAIGHT), 0, "m:5", 3)
    assert "stop" not in legal(state)
    with pytest.raises(IllegalAction, match="at least one die"):
        rules.apply(state, parse_action("stop"))


@pytest.mark.rule("RM-SEC-1")
def test_rm_sec_1_scenario_9_giving_back_seconds() -> None:
    state = place(make_state(STRAIGHT), 0, "m:5", 3, tokens=4)
    assert not any(a.startswith("secure") for a in legal(state))
    state, _ = play(state, "roll 3 m:6", "face H", "roll 4 m:7", "face H")
    state, _events = play(state, "secure G m:8")
    assert state.cars[0].tokens == 3 and state.turn.hazards == 2
    state, _ = play(state, "secure 5 m:9")
    assert state.cars[0].tokens == 1 and state.cars[0].space == state.stage.find("m:9")
    assert not any(a.startswith("secure") for a in legal(state))  # a third costs 3 s
    assert "roll G m:10" in legal(state)  # rolling normally is still allowed
    attack = place(make_state(STRAIGHT), 0, "m:5", 3, tokens=4)
    attack, _ = play(attack, "attack 34", "faces HH")
    assert not any(a.startswith("secure") for a in legal(attack))


@pytest.mark.rule("RM-CARD-1")
def test_rm_card_1_card_times_and_backs() -> None:
    assert GEAR_TIME == {1: 50, 2: 40, 3: 30, 4: 20, 5: 10}
    options = Options()
    assert [sum(b) for b in options.gear_backs] == [20, 26, 27, 28, 30]
    assert options.gear_backs[0] == (20, 0, 0) and options.gear_backs[4] == (1, 15, 14)
