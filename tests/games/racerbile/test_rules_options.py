"""Special rules (RB-OPT-1…8) and announcements (RB-ANN-1/2)."""

from __future__ import annotations

import pytest
from rb_helpers import drive, put, race, ring, sips

from racerbile.engine.errors import IllegalAction
from racerbile.engine.ledger import Drank
from racerbile.games.racerbile import GAME
from racerbile.games.racerbile.describe import announcement_text
from racerbile.games.racerbile.events import (
    Announced,
    Forgot,
    GearboxSmashed,
    MovedAgain,
    OutOfFuel,
    Shifted,
    TurnEnded,
)
from racerbile.games.racerbile.rules import play
from racerbile.hexgrid import Hex

MIDWAY = '[midway]\nedges = [[6, 0, "E"]]'
SEVEN = ("roll", "die 3", "die 2", "die 2")
AROUND = ("step E", "step E", "step E", "step SE", "step SW", "step W", "step W")


def _said(events: tuple[object, ...], seat: int = 0) -> list[str]:
    return [e.what for e in events if isinstance(e, Announced) and e.seat == seat]


def test_rb_opt_1_two_wheels_in_the_turns_of_a_reckless_move() -> None:
    state = put(race(2, track=ring(), two_wheels=True), 0, gear=3, cell=(10, 0))
    step = play(state, *SEVEN, *AROUND)
    assert _said(step.events) == ["squeal", "two_wheels", "squeal", "squeal", "four_wheels"]
    assert sips(step.events, "RB-OPT-1") == 0


def test_rb_opt_1_manual_wrong_number_of_wheels_is_a_technical_fault() -> None:
    state = race(2, track=ring(), two_wheels=True, announcements="manual")
    state = put(state, 0, gear=3, cell=(10, 0))
    squeals = ("step E", "step E", "step E", "announce squeal", "step SE", "announce squeal")
    squeals += ("step SW", "announce squeal", "step W", "step W")
    step = play(state, "announce first", *SEVEN, *squeals)
    assert sips(step.events, "RB-OPT-1", seat=0) == 3
    wheels = ("step E", "step E", "step E", "announce squeal", "announce two_wheels", "step SE")
    wheels += ("announce squeal", "step SW", "announce squeal", "step W")
    wheels += ("announce four_wheels", "step W")
    step = play(state, "announce first", *SEVEN, *wheels)
    assert sips(step.events, "RB-OPT-1", seat=0) == 0
    assert sips(step.events, "RB-DICE-6", seat=0) == 3


def test_rb_opt_2_twelve_cells_ahead_runs_out_of_fuel() -> None:
    state = drive(race(2, track=ring(), out_of_fuel=True)).state
    state = put(state, 0, cell=(12, 2), gear=2)
    step = drive(state)  # Bo to (3,0): 12 cells behind Anna
    assert OutOfFuel(0, 12) in step.events
    left = 11 - 1 - 1  # the sips for being first, on both turns
    # the chug, the technical fault, and the forced downshift's sip per gear step dropped
    assert sips(step.events, "RB-OPT-2", seat=0) == left + 1 + 1
    assert Shifted(0, 2, 1, forced="RB-OPT-2") in step.events
    assert Drank(0, 1, "RB-OPT-2", "general", None, "forced down to 1st gear") in step.events
    assert TurnEnded(0) in step.events and GAME.to_act(step.state) == 1
    state = drive(step.state).state
    with pytest.raises(IllegalAction) as err:
        play(state, "shift up")
    assert err.value.rule_id == "RB-OPT-2"


@pytest.mark.rule("RB-OPT-2")
def test_rb_opt_2_manual_the_next_turn_owes_i_start_in_first_gear() -> None:
    state = race(2, track=ring(), out_of_fuel=True, announcements="manual")
    state = play(state, "announce first", "roll", "die 1", "step E", "pass").state
    state = put(state, 0, cell=(12, 2), gear=2)
    step = play(state, "announce last", "roll", "die 1", "step E", "pass")  # Bo
    assert OutOfFuel(0, 13) in step.events and GAME.to_act(step.state) == 1
    state = play(step.state, "announce last", "roll", "die 4", *["step E"] * 4, "pass").state
    step = play(state, "announce first", "roll")  # Anna forgets "I start in first gear"
    assert Forgot(0, "first_gear", 1) in step.events
    assert Drank(0, 1, "RB-OPT-2", "general", None, "forgot to announce first_gear") in (
        step.events
    )
    said = play(state, "announce first", "announce first_gear", "roll")
    assert not [e for e in said.events if isinstance(e, Forgot)]


def test_rb_opt_3_stalin_is_a_driving_style_not_a_rule() -> None:
    plain, stalin = race(2, track=ring()), race(2, track=ring(), stalin=True)
    moves = ("roll", "die 3", "step E", "step E", "step E")
    assert play(plain, *moves).events == play(stalin, *moves).events


def test_rb_opt_4_upside_down_pays_and_moves_again() -> None:
    state = put(race(2, track=ring()), 1, cell=(4, 0), arrived=-5)
    with pytest.raises(IllegalAction) as err:
        play(state, "roll", "die 3", "upside down")
    assert err.value.rule_id == "RB-OPT-4"
    state = put(race(2, track=ring(), upside_down=True), 1, cell=(4, 0), arrived=-5)
    step = play(state, "roll", "die 3", "upside down", "step E", "step E", "step E")
    assert MovedAgain(0, Hex(2, 0)) in step.events
    assert sips(step.events, "RB-CAP-1", seat=0) == 3
    assert step.state.cars[0].cell == Hex(2, 0)
    assert step.state.turn is not None and (step.state.turn.moved, step.state.turn.total) == (0, 3)
    step = play(step.state, "step E", "step E", "step E")
    assert step.state.cars[0].cell == Hex(5, 0)
    # Decision: what the move does to others counts once; Bo was passed in both tries.
    assert sips(step.state.ledger.entries, "RB-TURN-6", seat=1) == 1


@pytest.mark.rule("RB-OPT-4")
def test_rb_opt_4_the_repeated_move_toasts_midway_once_and_repeats_the_movers_own_sips() -> None:
    state = race(2, track=ring("NNNNNNMNNNNNNN", extra=MIDWAY), upside_down=True)
    state = put(state, 0, gear=2)
    step = play(state, "roll", "die 2", "die 3", "upside down", *["step E"] * 5)
    assert MovedAgain(0, Hex(2, 0)) in step.events
    step = play(step.state, *["step E"] * 5)
    entries = step.state.ledger.entries
    assert sips(entries, "RB-CELL-4", seat=1) == 1  # the toast once per car per lap
    assert sips(entries, "RB-CELL-4", seat=0) == 1
    assert step.state.cars[0].cell == Hex(7, 0)
    overtaking = put(race(2, track=ring(), upside_down=True), 1, cell=(4, 0), arrived=-5)
    state = play(overtaking, "roll", "die 3", "upside down", "step E", "stop").state
    step = play(state, "step E", "step E", "step E")  # passes Bo in the second try only
    assert sips(step.state.ledger.entries, "RB-TURN-6", seat=1) == 1
    assert sips(step.state.ledger.entries, "RB-TURN-5", seat=0) == 2  # own sips stand


def test_rb_opt_5_triple_clutch_fault_is_a_whole_beer() -> None:
    state = put(race(2, track=ring(), triple_clutch_whole_beer=True), 0, gear=3)
    step = play(state, "roll", "die 1", "die 1", "die 1")
    assert sips(step.events, "RB-OPT-5", seat=0) == 11
    assert step.state.turn is not None and step.state.turn.total == 3


def test_rb_opt_6_smashed_gearbox_moves_nothing_and_costs_a_beer() -> None:
    state = put(race(2, track=ring(), smashed_gearbox=True), 0, gear=3)
    step = play(state, "roll", "die 1", "die 1", "die 1")
    assert GearboxSmashed(0) in step.events
    assert sips(step.events, "RB-OPT-6", seat=0) == 11
    assert step.state.cars[0].cell == Hex(2, 0)
    assert GAME.to_act(step.state) == 1


def test_rb_opt_7_off_the_track_costs_a_whole_beer_on_top() -> None:
    state = put(race(2, track=ring(), off_track_whole_beer=True), 0, gear=3, cell=(10, 0))
    step = play(state, "roll", "die 4", "die 3", "die 3", *["step E"] * 4)
    assert sips(step.events, "RB-OPT-7", seat=0) == 11
    assert sips(step.events, "RB-DICE-7", seat=0) == 9


def test_rb_opt_8_ending_the_turn_first_costs_a_sip() -> None:
    state = race(2, track=ring(), finish_first=True)
    step = play(state, "roll", "die 2", "step E", "step E")
    assert sips(step.events, "RB-OPT-8", seat=0) == 1
    assert "finish_first" in _said(step.events)
    step = play(step.state, "roll", "die 1", "step E")  # Bo stays behind
    assert sips(step.events, "RB-OPT-8") == 0


# -- announcements ----------------------------------------------------------------------


def test_rb_ann_1_auto_mode_makes_every_announcement() -> None:
    state = race(2, track=ring())
    with pytest.raises(IllegalAction) as err:
        play(state, "announce first")
    assert err.value.rule_id == "RB-ANN-1"
    start = GAME.start({"players": [{"name": "Anna"}, {"name": "Bo"}]}, track=ring())
    assert _said(play(start, "die 6", "die 5").events) == ["first"]


def test_rb_ann_1_manual_forgotten_announcements_are_general_faults() -> None:
    state = race(2, track=ring("NNNNNNMNNNNNNN", extra=MIDWAY), announcements="manual")
    state = put(state, 0, gear=3, cell=(3, 0))
    step = play(state, "shift down", "roll", "die 2", "die 2")
    assert Forgot(0, "first") in step.events and Forgot(0, "shift_down", 2) in step.events
    assert sips(step.events, "RB-TURN-1", seat=0) == 1  # the fault; the sip came at the start
    assert sips(step.events, "RB-DICE-3", seat=0) == 1 + 1  # the downshift and the fault
    step = play(step.state, "step E", "step E", "step E", "step E", "pass")
    assert Forgot(0, "midway") in step.events
    assert sips(step.events, "RB-CELL-4", seat=0) == 1 + 1  # the toast and the fault


def test_rb_ann_1_manual_announcements_made_in_time_cost_nothing_extra() -> None:
    state = race(2, track=ring("NNNNNNMNNNNNNN", extra=MIDWAY), announcements="manual")
    state = put(state, 0, gear=3, cell=(3, 0))
    step = play(state, "shift down", "announce shift_down", "announce first", "roll")
    assert not [e for e in step.events if isinstance(e, Forgot)]
    step = play(step.state, "die 2", "die 2", *["step E"] * 4, "announce midway", "pass")
    assert not [e for e in step.events if isinstance(e, Forgot)]
    assert sips(step.events, "RB-CELL-4", seat=0) == 1


def test_rb_ann_1_manual_forgotten_squeal_is_a_general_fault_on_top() -> None:
    state = race(2, track=ring(), announcements="manual")
    state = put(state, 0, gear=3, cell=(10, 0))
    step = play(state, "announce first", *SEVEN, *AROUND)
    assert sips(step.events, "RB-DICE-6", seat=0) == 3 + 3
    assert [e.what for e in step.events if isinstance(e, Forgot)] == ["squeal"] * 3


def test_rb_ann_1_manual_first_gear_after_a_downshift_cell() -> None:
    state = race(2, track=ring("NNNNNDNNNNNNNN"), announcements="manual")
    state = play(
        state, "announce first", "roll", "die 3", "step E", "step E", "step E", "pass"
    ).state
    state = play(state, "roll", "die 1", "step E", "pass").state
    step = play(state, "roll")
    assert Forgot(0, "first_gear", 1) in step.events
    assert sips(step.events, "RB-CELL-2", seat=0) == 1


def test_rb_ann_2_announcements_in_danish_with_english() -> None:
    assert announcement_text("shift_up", "da", 2) == "Jeg gearer op til andet gear."
    assert announcement_text("shift_up", "en", 3) == "I shift up to third gear."
    assert announcement_text("midway", "da") == "Midtvejsskål!"
    assert GAME.describe(Announced(0, "squeal"), "da", ["Anna"]) == "Anna: “Hvin!”"
    assert GAME.describe(Announced(1, "first_gear", 1), "en", ["A", "Bo"]) == (
        "Bo: “I start in first gear.”"
    )
