"""The rules, one test (at least) per rule id (VT-MOVE, VT-START, VT-END, VT-OPT)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from racerbile.engine import IllegalAction, step
from racerbile.games.vectrace import GAME
from racerbile.games.vectrace.actions import Move
from racerbile.games.vectrace.notation import format_state
from racerbile.games.vectrace.rules import preview
from racerbile.games.vectrace.state import State

from .helpers import OPEN, at, kinds, play, start

PILLAR = """
#########
#S......F
#..##...F
#S......F
#########
"""
CORNER = """
#####
#S###
##.F#
#####
"""
RUNOUT = """
#######
#S..F##
#######
"""
WALL_THEN_FINISH = """
#######
#S.#F.#
#.....#
#######
"""
CORNER_FINISH = """
#####
#SF##
#..##
#####
"""
LOOP = """
#######
#S.1..#
#.###.#
#..2..#
#######
"""


def placed(text: str, *places: str, players: int = 2, **options: object) -> State:
    """Returns the race after 'begin 0' and the placements (last seat first)."""
    state, _ = play(start(text, players, **options), "begin 0", *places)
    return state


# --- VT-MOVE ---------------------------------------------------------------------------


def test_vt_move_1_start_vector_is_zero_and_vector_is_last_displacement() -> None:
    state = placed(OPEN, "place 1,3", "place 1,2")
    assert [c.vel for c in state.cars] == [(0, 0), (0, 0)]
    state, _ = play(state, "move 2,3")
    assert state.cars[0].vel == (1, 1) and state.cars[0].pos == (2, 3)


def test_vt_move_2_nine_choices_around_position_plus_vector() -> None:
    state = at(OPEN, "3,3:+2,+1:R:2:0")
    targets = {(a.x, a.y) for a in GAME.legal_actions(state) if isinstance(a, Move)}
    assert targets == {(x, y) for x in (4, 5, 6) for y in (3, 4, 5)}


def test_vt_move_2_standing_still_is_legal() -> None:
    state, _ = play(at(OPEN, "3,3:+0,+0:R:0:0"), "move 3,3")
    assert state.cars[0].pos == (3, 3) and state.cars[0].vel == (0, 0)


def test_vt_move_2_other_targets_are_illegal_and_state_is_kept() -> None:
    state = at(OPEN, "3,3:+1,+0:R:1:0")
    before = format_state(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, Move(3, 5))
    assert info.value.rule_id == "VT-MOVE-2" and before in str(info.value)
    assert format_state(state) == before


def test_vt_move_2_no_speed_limit() -> None:
    state, _ = play(at(OPEN, "2,3:+4,+0:R:4:0"), "move 7,3")
    assert state.cars[0].vel == (5, 0)


def test_vt_move_3_segment_is_the_straight_line() -> None:
    state = at(PILLAR, "2,2:+1,+0:R:1:0")
    assert preview(state, (3, 1)) == "move"  # diagonal over the pillar's corner only
    assert preview(state, (4, 2)) == "crash"


def test_vt_move_4_leaving_the_track_crashes() -> None:
    state, events = play(at(PILLAR, "2,2:+2,+0:R:2:0"), "move 5,2")
    assert state.cars[0].status == "crashed"
    crash = next(e for e in events if e.kind == "crashed")
    assert crash.rule_id == "VT-MOVE-4" and "leaves" in str(crash)


def test_vt_move_4_ending_off_the_track_crashes() -> None:
    state, events = play(at(OPEN, "5,2:+0,-1:R:2:0"), "move 5,0")
    assert state.cars[0].status == "crashed" and "ends off the track" in str(events[-2])


def test_vt_move_4_touching_the_edge_at_a_corner_is_allowed() -> None:
    state, events = play(at(CORNER, "1,1:+0,+0:R:0:0"), "move 2,2")
    assert state.cars[0].status == "racing" and kinds(events) == ["moved"]


def test_vt_move_5_ending_on_another_car_crashes() -> None:
    state, events = play(at(OPEN, "3,3:+1,+0:R:1:0 ; 5,3:+0,+0:R:1:0"), "move 5,3")
    assert [c.status for c in state.cars] == ["crashed", "racing"]
    assert [e.rule_id for e in events if e.kind == "crashed"] == ["VT-MOVE-5"]


def test_vt_move_5_passing_over_a_car_is_fine() -> None:
    state, _ = play(at(OPEN, "3,3:+2,+0:R:2:0 ; 5,3:+0,+0:R:1:0"), "move 6,3")
    assert [c.status for c in state.cars] == ["racing", "racing"]


def test_vt_move_5_a_point_another_car_left_is_free() -> None:
    state = at(OPEN, "5,3:+0,+0:R:1:0 ; 3,3:+1,+0:R:1:0")
    state, _ = play(state, "move 6,3", "move 5,3")
    assert [c.pos for c in state.cars] == [(6, 3), (5, 3)]
    assert all(c.racing for c in state.cars)


def test_vt_move_6_crashing_targets_are_legal_and_marked() -> None:
    state = at(OPEN, "5,2:+0,-1:R:2:0")
    assert Move(5, 0) in GAME.legal_actions(state)
    marks = {(t["x"], t["y"]): t["outcome"] for t in GAME.view(state, 0)["targets"]}
    assert marks[(5, 0)] == "crash" and marks[(5, 1)] == "move"


def test_vt_move_6_crashed_car_is_out_and_blocks_nobody() -> None:
    state = at(OPEN, "5,2:+0,-1:R:2:0 ; 7,3:+0,+0:R:2:0 ; 3,3:+1,+0:R:2:0")
    state, _ = play(state, "move 5,0")
    assert state.cars[0].status == "crashed" and GAME.to_act(state) == 1
    state, _ = play(state, "move 7,3", "move 5,3")
    assert GAME.to_act(state) == 1  # seat 0 is skipped


def test_vt_move_7_finish_before_the_wall_counts() -> None:
    state, events = play(at(RUNOUT, "2,1:+3,+0:R:3:0"), "move 6,1")
    assert state.cars[0].status == "finished"
    assert state.cars[0].time == 3 + Fraction(3, 8)
    assert "finished" in kinds(events)


def test_vt_move_7_wall_before_the_finish_is_a_crash() -> None:
    state, events = play(at(WALL_THEN_FINISH, "2,1:+1,+0:R:1:0"), "move 4,1")
    assert state.cars[0].status == "crashed" and "finished" not in kinds(events)


def test_vt_move_7_wall_before_finish_with_skid_does_not_finish() -> None:
    state = at(WALL_THEN_FINISH, "2,1:+2,+0:R:1:0", skid=True)
    state, events = play(state, "move 5,1")
    assert state.cars[0].status == "racing" and kinds(events) == ["moved", "skidded"]


# --- VT-START --------------------------------------------------------------------------


def test_vt_start_1_order_is_an_action_and_last_places_first() -> None:
    state = start(OPEN, 3)
    assert GAME.to_act(state) == 0 and len(GAME.legal_actions(state)) == 3
    state, events = play(state, "begin 1")
    assert state.order == (1, 2, 0) and str(events[0]).startswith("B begins")
    assert GAME.to_act(state) == 0  # the last in turn order places first
    state, _ = play(state, "place 1,2")
    assert GAME.to_act(state) == 2


def test_vt_start_1_cars_start_at_rest_on_distinct_start_points() -> None:
    state, _ = play(start(OPEN), "begin 0", "place 1,2")
    with pytest.raises(IllegalAction) as taken:
        GAME.apply(state, GAME.action_types[1](1, 2))
    assert taken.value.rule_id == "VT-MOVE-5"
    with pytest.raises(IllegalAction) as not_start:
        GAME.apply(state, GAME.action_types[1](3, 3))
    assert not_start.value.rule_id == "VT-START-1"
    with pytest.raises(IllegalAction):
        GAME.apply(state, Move(1, 2))


def test_vt_start_1_assigned_starts() -> None:
    state, events = play(start(OPEN, 2, assign_starts=True), "begin 1")
    assert state.phase == "race" and kinds(events) == ["order_set", "placed", "placed"]
    assert state.cars[1].pos == (1, 2) and state.cars[0].pos == (1, 3)


def test_vt_start_1_redraw_order_every_round() -> None:
    state = placed(OPEN, "place 1,3", "place 1,2", redraw_order=True)
    state, _ = play(state, "move 2,2", "move 2,3")
    assert state.phase == "order" and GAME.to_act(state) == 0
    state, _ = play(state, "begin 1")
    assert state.order == (1, 0) and GAME.to_act(state) == 1


def test_vt_start_1_too_few_start_points_is_a_setup_error() -> None:
    with pytest.raises(ValueError, match="start points"):
        start(RUNOUT, 2)


# --- VT-END ----------------------------------------------------------------------------


def test_vt_end_1_the_first_to_finish_wins() -> None:
    state = at(OPEN, "9,3:+1,+0:R:5:0 ; 4,2:+0,+0:R:5:0")
    state, events = play(state, "move 11,3", "move 5,2")
    result = GAME.result(state)
    assert result is not None and result.standings[0].seat == 0
    assert result.standings[0].place == 1 and result.standings[1].place == 2
    assert kinds(events)[-1] == "race_over"


def test_vt_end_2_round_is_completed_and_exact_time_ranks() -> None:
    state = at(OPEN, "9,3:+1,+0:R:5:0 ; 10,2:+1,+0:R:5:0")
    state, _ = play(state, "move 11,3")
    assert GAME.to_act(state) == 1 and state.final_round
    state, _ = play(state, "move 11,2")
    assert state.cars[0].time == 5 + Fraction(3, 4)
    assert state.cars[1].time == 5 + Fraction(1, 2)
    result = GAME.result(state)
    assert result is not None
    assert [(s.seat, s.place) for s in result.standings] == [(1, 1), (0, 2)]
    assert result.standings[0].detail["time"] == "11/2"


def test_vt_end_2_equal_times_share_a_place() -> None:
    state = at(OPEN, "10,3:+1,+0:R:4:0 ; 10,2:+1,+0:R:4:0 ; 3,4:+0,+0:R:4:0")
    state, _ = play(state, "move 11,3", "move 11,2", "move 3,4")
    result = GAME.result(state)
    assert result is not None
    assert [(s.seat, s.place) for s in result.standings] == [(0, 1), (1, 1), (2, 3)]


def test_vt_end_2_touching_the_finish_at_a_corner_does_not_count() -> None:
    state, events = play(at(CORNER_FINISH, "1,1:+0,+0:R:0:0"), "move 2,2")
    assert state.cars[0].status == "racing" and "finished" not in kinds(events)


def test_vt_end_2_literal_first_in_turn_order_wins_at_once() -> None:
    state = at(OPEN, "9,3:+1,+0:R:5:0 ; 10,2:+1,+0:R:5:0", literal=True)
    state, _ = play(state, "move 11,3")
    result = GAME.result(state)
    assert result is not None and result.standings[0].seat == 0 and GAME.to_act(state) is None


def test_vt_end_2_crashed_cars_rank_last() -> None:
    state = at(OPEN, "5,2:+0,-1:R:2:0 ; 4,3:+0,+0:R:2:0", max_rounds=1)
    state, _ = play(state, "move 5,0", "move 4,3")
    result = GAME.result(state)
    assert result is not None
    assert [(s.seat, s.place) for s in result.standings] == [(1, 1), (0, 2)]


# --- VT-OPT ----------------------------------------------------------------------------


def test_vt_opt_1_collision_crashes_both() -> None:
    state = at(OPEN, "3,3:+1,+0:R:1:0 ; 5,3:+0,+0:R:1:0", collision=True)
    state, events = play(state, "move 5,3")
    assert [c.status for c in state.cars] == ["crashed", "crashed"]
    assert [e.rule_id for e in events if e.kind == "crashed"] == ["VT-MOVE-5", "VT-OPT-1"]
    assert GAME.to_act(state) is None


def test_vt_opt_2_skid_ends_on_track_with_zero_vector() -> None:
    state, events = play(at(PILLAR, "2,2:+2,+0:R:2:0", skid=True), "move 5,2")
    assert state.cars[0].pos == (5, 2) and state.cars[0].vel == (0, 0)
    assert kinds(events) == ["moved", "skidded"]


def test_vt_opt_2_skid_limit_turns_a_long_skid_into_a_barrier_hit() -> None:
    state = at(PILLAR, "2,2:+2,+0:R:2:0", skid=True, skid_limit=1)
    state, events = play(state, "move 5,2")
    assert kinds(events) == ["moved", "hit_barrier"] and state.cars[0].pos == (2, 2)


def test_vt_opt_3_barrier_stops_at_the_last_track_square() -> None:
    state = at(OPEN, "5,2:+0,-2:R:2:0", barrier=True)
    state, events = play(state, "move 5,-1")
    assert state.cars[0].pos == (5, 1) and state.cars[0].vel == (0, 0)
    assert kinds(events) == ["moved", "hit_barrier"]


def test_vt_opt_3_occupied_barrier_point_is_a_crash() -> None:
    state = at(OPEN, "5,2:+0,-2:R:2:0 ; 5,1:+0,+0:R:2:0", barrier=True)
    state, events = play(state, "move 5,-1")
    assert state.cars[0].status == "crashed"
    assert [e.rule_id for e in events if e.kind == "crashed"] == ["VT-MOVE-5"]


def test_vt_opt_4_crashed_car_is_set_back() -> None:
    state = placed(OPEN, "place 1,2", players=1, setback=True, setback_moves=2)
    state, _ = play(state, "move 2,2", "move 4,2", "move 6,2", "move 9,2")
    state, events = play(state, "move 12,1")  # off the track
    car = state.cars[0]
    assert car.status == "racing" and car.pos == (6, 2) and car.vel == (0, 0)
    assert car.trail == ((1, 2), (2, 2), (4, 2), (6, 2))
    assert kinds(events) == ["moved", "crashed", "set_back"]
    assert car.moves == 5


def test_vt_opt_5_checkpoints_in_order_then_the_start_line() -> None:
    state = at(LOOP, "2,1:+1,+0:R:1:0")
    state, events = play(state, "move 3,1")
    assert "checkpoint" in kinds(events) and state.cars[0].progress == 1
    back_home = at(LOOP, "1,2:+0,+0:R:9:2")
    state, events = play(back_home, "move 1,1")
    assert state.cars[0].status == "finished"


def test_vt_opt_5_finish_line_before_the_checkpoints_does_not_count() -> None:
    state, events = play(at(LOOP, "1,2:+0,+0:R:1:0"), "move 1,1")
    assert state.cars[0].status == "racing" and kinds(events) == ["moved"]


def test_vt_opt_5_laps() -> None:
    state = at(LOOP, "1,2:+0,+0:R:9:2", laps=True, lap_count=2)
    state, events = play(state, "move 1,1")
    assert kinds(events) == ["moved", "lap"] and state.cars[0].progress == 3
    assert "completes lap 1" in str(events[1])


def test_vt_opt_5_lap_race_needs_checkpoints() -> None:
    with pytest.raises(ValueError, match="VT-OPT-5"):
        start(OPEN, 1, laps=True)


def test_game_over_rejects_actions() -> None:
    state = at(OPEN, "9,3:+1,+0:R:5:0", literal=True)
    state, _ = play(state, "move 11,3")
    with pytest.raises(Exception, match="over"):
        step(GAME, state, Move(1, 1))
