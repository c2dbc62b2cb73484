"""Dice and gears (RB-DICE-1…7), the smashed gearbox and off track (RB-RACE-2/3)."""

from __future__ import annotations

import pytest
from rb_helpers import drive, kinds, put, race, ring, sips

from racerbile.engine.contract import CHANCE
from racerbile.engine.errors import IllegalAction
from racerbile.games.racerbile import GAME
from racerbile.games.racerbile.actions import StepTo
from racerbile.games.racerbile.events import Announced, GearboxSmashed, Shifted, WentOffTrack
from racerbile.games.racerbile.rules import play
from racerbile.hexgrid import Hex


def test_rb_dice_1_the_gear_is_the_number_of_dice() -> None:
    state = put(race(2, track=ring()), 0, gear=2)
    state = play(state, "roll", "die 3").state
    assert GAME.to_act(state) is CHANCE
    state = play(state, "die 4").state
    assert state.turn is not None
    assert (state.turn.phase, state.turn.dice, state.turn.total) == ("move", (3, 4), 7)


def test_rb_dice_2_one_announced_upshift_per_turn() -> None:
    state = race(2, track=ring())
    state = drive(drive(state).state).state  # first turns: no upshift (RB-START-3)
    step = play(state, "shift up")
    assert state.cars[0].gear == 1 and step.state.cars[0].gear == 2
    assert Announced(0, "shift_up", 2) in step.events
    with pytest.raises(IllegalAction) as err:
        play(step.state, "shift up")
    assert err.value.rule_id == "RB-DICE-2"


def test_rb_dice_3_a_downshift_is_a_technical_fault_once_per_turn() -> None:
    state = put(race(2, track=ring()), 0, gear=3)
    step = play(state, "shift down")
    assert step.state.cars[0].gear == 2
    assert sips(step.events, "RB-DICE-3", seat=0) == 1
    assert Announced(0, "shift_down", 2) in step.events
    with pytest.raises(IllegalAction) as err:
        play(step.state, "shift down")
    assert err.value.rule_id == "RB-DICE-3"


@pytest.mark.parametrize(("dice", "expected"), [((1, 3), 1), ((1, 1), 2), ((2, 3), 0)])
def test_rb_dice_4_each_one_is_a_clutch_fault(dice: tuple[int, int], expected: int) -> None:
    state = put(race(2, track=ring()), 0, gear=2)
    step = play(state, "roll", *(f"die {d}" for d in dice))
    assert sips(step.events, "RB-DICE-4", seat=0) == expected


def test_rb_dice_4_three_ones_chug_the_rest_and_still_move_three_in_babybile() -> None:
    state = put(race(2, track=ring()), 0, gear=3)
    left = state.ledger.sips_left(0)
    assert left == 10  # 11 minus the sip for being first
    step = play(state, "roll", "die 1", "die 1", "die 1")
    assert GearboxSmashed(0) in step.events
    assert sips(step.events, "RB-DICE-4", seat=0) == left
    assert step.state.ledger.sips_left(0) == 11  # a new beer is opened (RB-DRINK-2)
    assert step.state.turn is not None and step.state.turn.total == 3
    assert step.state.cars[0].gear == 3


def test_rb_race_2_three_ones_also_force_first_gear() -> None:
    state = put(race(2, track=ring(), rule_set="racerbile"), 0, gear=3)
    step = play(state, "roll", "die 1", "die 1", "die 1")
    assert Shifted(0, 3, 1, forced="RB-RACE-2") in step.events
    assert sips(step.events, "RB-RACE-2", seat=0) == 2
    state = play(step.state, "step E", "step E", "step E").state
    state = drive(state).state  # Bo's turn
    assert GAME.to_act(state) == 0
    assert state.turn is not None and state.turn.no_upshift == "RB-RACE-2"
    with pytest.raises(IllegalAction) as err:
        play(state, "shift up")
    assert err.value.rule_id == "RB-RACE-2"


@pytest.mark.parametrize(("shown", "expected"), [(0, 0), (2, 0), (3, 1), (4, 2), (6, 4)])
def test_rb_dice_5_third_five_or_six_costs_a_sip(shown: int, expected: int) -> None:
    state = race(2, track=ring())
    throws = ["die 5", "die 6"] * 3
    step = play(state, "roll", *throws[:shown], "die 2")
    assert sips(step.events, "RB-DICE-5", seat=0) == expected
    assert step.state.turn is not None and step.state.turn.total == 2


def test_rb_dice_5_counts_fives_and_sixes_over_all_dice_of_the_roll() -> None:
    state = put(race(2, track=ring()), 0, gear=3)
    step = play(state, "roll", "die 5", "die 1", "die 6", "die 2", "die 6", "die 3")
    assert sips(step.events, "RB-DICE-5", seat=0) == 1
    assert step.state.turn is not None and step.state.turn.total == 6


def test_rb_dice_6_every_change_of_direction_on_7_to_9_squeals() -> None:
    state = put(race(2, track=ring()), 0, gear=3, cell=(10, 0))
    state = play(state, "roll", "die 3", "die 2", "die 2").state
    assert state.turn is not None and state.turn.mode == "reckless"
    step = play(state, "step E", "step E", "step E", "step SE", "step SW", "step W", "step W")
    assert sips(step.events, "RB-DICE-6", seat=0) == 3
    said = [e for e in step.events if isinstance(e, Announced) and e.seat == 0]
    assert said == [Announced(0, "squeal")] * 3
    assert step.state.cars[0].cell == Hex(10, 2)


def test_rb_dice_6_a_normal_roll_never_squeals() -> None:
    state = put(race(2, track=ring()), 0, gear=2, cell=(11, 0))
    step = play(state, "roll", "die 2", "die 4", "step E", "step E", "step SE", "step SW", "stop")
    assert sips(step.events, "RB-DICE-6") == 0
    assert sips(step.events, "RB-TURN-5") == 2


def test_rb_dice_7_too_fast_goes_straight_off_the_track() -> None:
    state = put(race(2, track=ring()), 0, gear=3, cell=(10, 0))
    state = play(state, "roll", "die 4", "die 3", "die 3", "step E").state
    for action, rule in (("stop", "RB-DICE-7"), ("step SE", "RB-DICE-7")):
        with pytest.raises(IllegalAction) as err:
            play(state, action)
        assert err.value.rule_id == rule
    step = play(state, "step E", "step E", "step E")
    assert WentOffTrack(0, Hex(14, 0), Hex(13, 0)) in step.events
    assert sips(step.events, "RB-DICE-7", seat=0) == 7 + 2  # 10 - 3 cells; 3rd -> 1st gear
    car = step.state.cars[0]
    assert (car.cell, car.off_from, car.gear, car.off_track) == (Hex(14, 0), Hex(13, 0), 1, True)
    assert GAME.to_act(step.state) == 1


def test_rb_dice_7_back_onto_the_track_next_turn_in_first_gear() -> None:
    state = put(race(2, track=ring()), 0, gear=3, cell=(10, 0))
    state = play(state, "roll", "die 4", "die 3", "die 3", *["step E"] * 4).state
    step = drive(state)  # Bo
    assert kinds(step.events)[-5:-3] == ["turn_started", "back_on_track"]
    state = step.state
    car = state.cars[0]
    assert (car.cell, car.off_track, car.heading) == (Hex(13, 0), False, 0)
    assert Announced(0, "first_gear", 1) in step.events
    with pytest.raises(IllegalAction) as err:
        play(state, "shift up")
    assert err.value.rule_id == "RB-DICE-7"


def test_rb_dice_7_first_step_of_a_babybile_turn_is_free() -> None:
    state = put(race(2, track=ring()), 0, gear=3, cell=(13, 0))
    state = play(state, "roll", "die 4", "die 4", "die 4").state
    assert set(GAME.legal_actions(state)) == {StepTo(3), StepTo(5)}  # any way the track goes
    step = play(state, "step SE", "step SE")  # (13,1), then straight on, off the track
    assert WentOffTrack(0, Hex(13, 2), Hex(13, 1)) in step.events
    assert sips(step.events, "RB-DICE-7", seat=0) == 11 + 2


def test_rb_race_4_too_fast_with_facing_leaves_at_once_when_the_cell_ahead_is_grass() -> None:
    state = race(2, track=ring(), rule_set="racerbile", faces=(1, 0))  # Anna faces NE
    state = put(state, 0, gear=3)
    step = play(state, "roll", "die 4", "die 4", "die 3")
    assert GAME.legal_actions(step.state) == [StepTo(1)]
    step = play(step.state, "step NE")
    assert WentOffTrack(0, Hex(3, -1), Hex(2, 0)) in step.events
    assert sips(step.events, "RB-DICE-7", seat=0) == 11 + 2


def test_rb_race_3_off_the_track_chugs_the_rest_before_coming_back() -> None:
    state = put(race(2, track=ring(), rule_set="racerbile"), 0, gear=3, cell=(10, 0))
    state = play(state, "roll", "die 4", "die 3", "die 3", *["step E"] * 4).state
    left = state.ledger.sips_left(0)
    step = drive(state)
    assert sips(step.events, "RB-RACE-3", seat=0) == left
    assert step.state.cars[0].cell == Hex(13, 0)
