"""Drinks, start, the turn, stalling and the end (RB-DRINK, RB-START, RB-TURN, RB-NOL, RB-END)."""

from __future__ import annotations

import pytest
from rb_helpers import drive, put, race, ring, sips

from racerbile.engine.errors import IllegalAction
from racerbile.engine.ledger import Drank
from racerbile.games.racerbile import GAME
from racerbile.games.racerbile.actions import StepTo, Stop
from racerbile.games.racerbile.drinks import DrinkType
from racerbile.games.racerbile.events import (
    Announced,
    Bonked,
    Faced,
    Overtook,
    Placed,
    RaceOver,
    Stalled,
    StartOrder,
    Stopped,
    TurnEnded,
)
from racerbile.games.racerbile.rules import play
from racerbile.games.racerbile.rules.moves import move_options
from racerbile.games.racerbile.rules.ranking import stack
from racerbile.games.racerbile.state import State
from racerbile.hexgrid import Hex

THREE = {"players": [{"name": "Anna"}, {"name": "Bo"}, {"name": "Cy"}]}


# -- drinks -----------------------------------------------------------------------------


def test_rb_drink_1_a_beer_holds_11_sips_a_light_beer_or_other_drink_8() -> None:
    assert (DrinkType.standard.sips, DrinkType.light.sips, DrinkType.other.sips) == (11, 8, 8)


def test_rb_drink_2_and_3_chugs_follow_the_declared_drink() -> None:
    setup = {
        "players": [{"name": "Anna", "drink": "light"}, {"name": "Bo"}],
        "rule_set": "racerbile",
    }
    state = GAME.start(setup)
    step = play(state, "time 9.0", "time 8.0")
    assert sips(step.events, "RB-RACE-1", seat=0) == 8  # a whole light beer
    assert sips(step.events, "RB-RACE-1", seat=1) == 11
    assert step.state.ledger.beers_finished(0) == 1 and step.state.ledger.sips_left(0) == 8


def test_rb_drink_4_no_discount_for_a_stronger_drink() -> None:
    # RB-DRINK-4 (claiming fewer sips) is referee input; the count never depends on strength.
    state = put(race(2, track=ring()), 0, gear=3)
    step = play(state, "roll", "die 1", "die 1", "die 1")
    assert sips(step.events, "RB-DICE-4", seat=0) == 10  # the rest of an 11-sip beer


# -- start ------------------------------------------------------------------------------


def test_rb_start_1_highest_die_starts_and_ties_roll_again() -> None:
    state = GAME.start(THREE)
    step = play(state, "die 3", "die 5", "die 3", "die 2", "die 4")
    assert StartOrder((1, 2, 0)) in step.events
    assert step.state.order == (1, 2, 0)
    assert GAME.to_act(step.state) == 1


def test_rb_start_2_the_first_player_gets_the_slot_next_to_the_line() -> None:
    players = [{"name": n} for n in "ABCDE"]
    state = GAME.start({"players": players})
    step = play(state, "die 2", "die 6", "die 5", "die 4", "die 3")
    order = step.state.order
    assert order == (1, 2, 3, 4, 0)
    grid = step.state.config.track.grid
    assert Placed(1, 1, grid[0].at) in step.events
    assert Placed(0, 1, grid[0].at) in step.events  # five cars, four slots
    assert stack(step.state, grid[0].at) == (1, 0)  # the earlier player on top


def test_rb_start_2_too_many_players_for_the_grid() -> None:
    players = {"players": [{"name": n} for n in "ABCDEFG"]}
    with pytest.raises(ValueError, match="RB-START-2"):
        GAME.start(players, track=ring())


def test_rb_start_3_first_gear_and_no_upshift_in_the_first_turn() -> None:
    state = race(2, track=ring())
    assert [c.gear for c in state.cars] == [1, 1]
    with pytest.raises(IllegalAction) as err:
        play(state, "shift up")
    assert err.value.rule_id == "RB-START-3"
    state = drive(drive(state).state).state
    assert play(state, "shift up").state.cars[0].gear == 2


def test_rb_race_1_time_trial_sets_the_order_and_is_a_whole_beer() -> None:
    state = GAME.start({**THREE, "rule_set": "racerbile"})
    assert state.phase == "trial" and GAME.to_act(state) == 0
    step = play(state, "time 12.5", "time 9.0", "time 10.0")
    assert StartOrder((1, 2, 0)) in step.events
    assert [sips(step.events, "RB-RACE-1", seat=s) for s in range(3)] == [11, 11, 11]
    assert step.state.phase == "facing" and GAME.to_act(step.state) == 1


def test_rb_race_4_each_player_chooses_a_heading_that_the_first_step_respects() -> None:
    state = GAME.start({"players": [{"name": "Anna"}, {"name": "Bo"}], "rule_set": "racerbile"})
    step = play(state, "time 9.0", "time 10.0", "face W", "face E")
    assert Faced(0, 3) in step.events
    state = play(step.state, "roll", "die 2").state
    assert GAME.legal_actions(state) == [StepTo(2), StepTo(3)]  # NW, W: within 60° of W


def test_rb_race_4_a_turn_at_the_start_of_the_move_squeals() -> None:
    state = race(2, track=ring(), rule_set="racerbile")
    state = put(state, 0, cell=(13, 0), heading=0, gear=3)
    step = play(state, "roll", "die 3", "die 3", "die 1", "step SE")
    assert sips(step.events, "RB-DICE-6", seat=0) == 1


# -- the turn ------------------------------------------------------------------------


def test_rb_turn_1_first_and_last_drink_at_the_start_of_their_turn() -> None:
    state = race(3, track=ring())
    assert sips(state.ledger.entries, "RB-TURN-1", seat=0) == 1
    assert Announced(0, "first") in play(GAME.start(THREE), "die 6", "die 5", "die 4").events
    step = drive(state)  # Anna drives; Bo is in the middle
    assert sips(step.events, "RB-TURN-1", seat=1) == 0
    step = drive(step.state)  # Bo; then Cy is last
    assert Announced(2, "last") in step.events
    assert sips(step.events, "RB-TURN-1", seat=2) == 1


def test_rb_turn_1_one_sip_only_when_first_and_last() -> None:
    step = play(GAME.start({"players": [{"name": "Solo"}]}, track=ring()), "die 4")
    assert sips(step.events, "RB-TURN-1") == 1


def test_rb_turn_2_shifts_are_announced_before_the_roll() -> None:
    state = put(race(2, track=ring()), 0, gear=2)
    step = play(state, "shift down")
    assert Announced(0, "shift_down", 1) in step.events
    with pytest.raises(IllegalAction):
        play(step.state, "roll", "die 2", "shift up")


def test_rb_turn_3_roll_as_many_dice_as_the_gear() -> None:
    state = put(race(2, track=ring()), 0, gear=3)
    step = play(state, "roll", "die 1", "die 2", "die 3")
    assert step.state.turn is not None and step.state.turn.total == 6
    with pytest.raises(IllegalAction) as err:
        play(step.state, "roll")
    assert err.value.rule_id == "RB-TURN-3"


def test_rb_turn_4_at_most_60_degrees_and_never_the_same_cell_twice() -> None:
    state = put(race(2), 0, cell=(7, -3), gear=2)  # the oval's two-lane top straight
    state = play(state, "roll", "die 3", "die 3", "step E").state
    assert [a.direction for a in GAME.legal_actions(state) if isinstance(a, StepTo)] == [0, 5]
    with pytest.raises(IllegalAction) as err:
        play(state, "step SW")
    assert err.value.rule_id == "RB-TURN-4"
    state = play(state, "step SE", "step E").state
    with pytest.raises(IllegalAction):
        play(state, "step NW")  # 120° from E anyway
    assert Hex(8, -3) in state.turn.path  # type: ignore[union-attr]


def test_rb_turn_5_stopping_early_costs_a_sip_per_cell_but_one_cell_is_a_must() -> None:
    state = race(2, track=ring())
    state = play(state, "roll", "die 4").state
    with pytest.raises(IllegalAction) as err:
        play(state, "stop")
    assert err.value.rule_id == "RB-TURN-5"
    step = play(state, "step E", "stop")
    assert sips(step.events, "RB-TURN-5", seat=0) == 3
    assert step.state.cars[0].cell == Hex(3, 0)


def test_rb_turn_6_the_overtaken_car_drinks() -> None:
    state = put(race(3, track=ring()), 1, cell=(4, 0), arrived=-5)
    step = play(state, "roll", "die 3", "step E", "step E", "step E")
    assert Overtook(0, 1) in step.events
    assert Drank(1, 1, "RB-TURN-6", "general", 0, "overtaken") in step.events
    assert sips(step.events, "RB-TURN-6", seat=2) == 0  # Cy was behind all along


def test_rb_turn_6_passing_a_lapped_car_is_no_overtake() -> None:
    state = put(race(2, track=ring()), 0, laps=1)
    state = put(state, 1, cell=(4, 0), laps=0)
    step = play(state, "roll", "die 3", "step E", "step E", "step E")
    assert not [e for e in step.events if isinstance(e, Overtook)]


def test_rb_turn_7_every_sip_of_the_turn_is_in_the_ledger_at_once() -> None:
    state = put(race(2, track=ring()), 0, gear=2)
    step = play(state, "roll", "die 1", "die 5", "die 6", "die 6", "die 1", "step E", "stop")
    drank = [e for e in step.events if isinstance(e, Drank)]
    assert step.state.ledger.entries[-len(drank) :] == tuple(drank)
    anna = sum(e.sips for e in step.state.ledger.entries if e.player == 0)
    assert anna == step.state.ledger.sips_drunk(0) == 1 + 2 + 1 + 1  # first, 1s, 5/6s, stop


def test_rb_turn_8_the_cup_passes_to_the_next_player() -> None:
    state = race(3, track=ring())
    step = drive(state)
    assert TurnEnded(0) in step.events and GAME.to_act(step.state) == 1
    state = race(2, track=ring(), announcements="manual")
    state = play(state, "announce first", "roll", "die 1", "step E").state
    assert GAME.to_act(state) == 0 and GAME.legal_actions(state)[0].kind == "pass"
    assert GAME.to_act(play(state, "pass").state) == 1


def test_rb_turn_9_a_fault_outside_ones_turn_is_drunk_at_once() -> None:
    state = race(2, track=ring())
    step = play(state, "stall 1 by 0")
    assert Stalled(1, 0) in step.events
    assert Drank(1, 1, "RB-NOL-1", "general", 0, "stalled") in step.events
    assert GAME.to_act(step.state) == 0


def test_rb_nol_1_stalled_is_a_general_fault_stalling_oneself_a_technical_one() -> None:
    state = race(2, track=ring(), stall_timer=60)
    step = play(state, "stall 0")
    assert sips(step.events, "RB-NOL-1", seat=0) == 1
    assert [e.fault for e in step.events if isinstance(e, Drank)] == ["general"]
    step = play(state, "stall 0 by 0")
    assert [e.fault for e in step.events if isinstance(e, Drank)] == ["technical"]
    assert step.state.turn == state.turn


# -- the end ----------------------------------------------------------------------------


def test_rb_end_1_the_race_ends_when_the_round_of_the_finisher_is_complete() -> None:
    state = race(3, track=ring(), laps=1)
    state = put(state, 1, cell=(1, 2), heading=3)
    state = drive(state).state  # Anna
    step = play(state, "roll", "die 2", "step W", "step W")  # Bo completes lap 1
    assert step.state.final_round and step.state.phase == "race"
    assert GAME.to_act(step.state) == 2
    step = drive(step.state)  # Cy still gets the turn of this round
    assert RaceOver((1, 0, 2)) in step.events
    assert GAME.to_act(step.state) is None
    result = GAME.result(step.state)
    assert result is not None
    assert [(s.seat, s.place) for s in result.standings] == [(1, 1), (0, 2), (2, 3)]


def test_rb_end_2_the_drinking_table_shows_sips_beers_and_sips_caused() -> None:
    state = put(race(2, track=ring()), 1, cell=(4, 0), arrived=-5)
    state = play(state, "roll", "die 3", "step E", "step E", "step E").state
    view = GAME.view(state, None)
    table = {row["name"]: row for row in view["drinks"]}
    assert table["Bo"]["sips"] == 2  # overtaken, then last at the start of his turn
    assert table["Anna"]["caused"] == 1
    assert {"sips", "beers", "caused", "sips_left"} <= set(table["Anna"])
    assert [row["name"] for row in view["standings"]] == ["Anna", "Bo"]


def test_rb_cap_1_a_digital_cap_cannot_be_moved_by_anyone_else() -> None:
    # RB-CAP-1: physical cap faults are referee input; digitally only the mover moves.
    state = race(2, track=ring())
    step = drive(state)
    assert step.state.cars[1] == state.cars[1]


def test_rb_race_4_a_car_facing_the_grass_takes_a_free_first_step() -> None:
    state = race(2, track=ring(), rule_set="racerbile")
    state = play(put(state, 0, cell=(13, 0), heading=1), "roll", "die 2").state
    assert GAME.legal_actions(state) == [StepTo(3), StepTo(5)]


# -- RB-TURN-5: blocked means the way ahead is blocked (a reverse step is never forced) --


def _behind_two_caps(gear: int = 1) -> State:
    """Anna on (2, 0) of the one-lane ring, two caps on (3, 0) ahead: only W is open."""
    state = race(3, track=ring())
    state = put(put(state, 1, cell=(3, 0), arrived=1), 2, cell=(3, 0), arrived=2)
    return put(state, 0, gear=gear)


@pytest.mark.rule("RB-TURN-5")
def test_rb_turn_5_babybile_blocked_ahead_by_two_caps_brakes_instead_of_reversing() -> None:
    state = play(_behind_two_caps(), "roll", "die 3").state
    assert GAME.legal_actions(state) == [StepTo(3), Stop()]  # reverse allowed, not forced
    assert move_options(state)[Hex(2, 0)].unmoved == 3  # the move help offers braking
    step = play(state, "stop")
    assert Stopped(0, 0, 3, blocked=True) in step.events
    assert sips(step.events, "RB-CELL-5", seat=0) == 3
    assert sips(step.events, "RB-TURN-5") == 0
    assert step.state.cars[0].cell == Hex(2, 0)


@pytest.mark.rule("RB-TURN-5")
def test_rb_turn_5_babybile_too_fast_but_blocked_ahead_may_stop() -> None:
    state = play(_behind_two_caps(gear=3), "roll", "die 4", "die 4", "die 2").state
    assert state.turn is not None and state.turn.mode == "fast"
    step = play(state, "stop")
    assert sips(step.events, "RB-CELL-5", seat=0) == 10


@pytest.mark.rule("RB-TURN-5")
def test_rb_turn_5_babybile_behind_a_flipped_cap_brakes_and_bonks_it() -> None:
    state = put(race(2, track=ring("NNNBNNNNNNNNNN")), 1, cell=(3, 0), flipped=True, arrived=1)
    state = play(state, "roll", "die 2").state
    assert Stop() in GAME.legal_actions(state)
    step = play(state, "stop")
    assert Bonked(0, 1, Hex(3, 0)) in step.events
    assert sips(step.events, "RB-CELL-3", seat=0) == 2
    assert not step.state.cars[1].flipped


@pytest.mark.rule("RB-TURN-5")
def test_rb_turn_5_a_free_way_ahead_is_not_blocked_whatever_is_behind() -> None:
    state = race(3, track=ring())
    state = put(put(state, 1, cell=(1, 0), arrived=1), 2, cell=(1, 0), arrived=2)  # behind
    state = play(state, "roll", "die 3").state
    assert Stop() not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction) as err:
        play(state, "stop")
    assert err.value.rule_id == "RB-TURN-5"
