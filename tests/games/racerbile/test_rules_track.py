"""Cells (RB-CELL-1…6) and the track: wide parts, forks, arrows, the line, walls (RB-TRACK)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rb_helpers import drive, kinds, put, race, ring, ring_cells, sips, track_text

from racerbile.engine.errors import IllegalAction
from racerbile.games.racerbile import GAME
from racerbile.games.racerbile.actions import StepTo
from racerbile.games.racerbile.events import (
    Bonked,
    Flipped,
    ForkChosen,
    LapCounted,
    MidwayToast,
    Overtook,
    Shifted,
    WentOffTrack,
)
from racerbile.games.racerbile.rules import play
from racerbile.games.racerbile.rules.ranking import ranking, stack
from racerbile.games.racerbile.setup import bundled_tracks
from racerbile.games.racerbile.state import State
from racerbile.games.racerbile.track import CellKind, Track
from racerbile.games.racerbile.trackfile import parse_track
from racerbile.hexgrid import Hex

MIDWAY = '[midway]\nedges = [[6, 0, "E"]]'


def _oval_with(extra: str) -> Track:
    text = bundled_tracks()["oval"].read_text() + "\n" + extra
    return parse_track(text, track_id="oval+")


# -- cells ------------------------------------------------------------------------------


def test_rb_cell_1_a_normal_cell_has_no_rule() -> None:
    step = play(race(2, track=ring()), "roll", "die 3", "step E", "step E", "step E")
    assert kinds(step.events)[:6] == [
        "die_shown",
        "rolled",
        "moved",
        "moved",
        "moved",
        "turn_ended",
    ]


def test_rb_cell_2_ending_on_a_downshift_cell_forces_first_gear() -> None:
    state = put(race(2, track=ring("NNNNNDNNNNNNNN")), 0, gear=3)
    step = play(state, "roll", "die 2", "die 3", "die 2", *["step E"] * 3, "step E", "stop")
    assert step.state.cars[0].cell == Hex(6, 0)  # passing over it does nothing
    state = put(race(2, track=ring("NNNNNDNNNNNNNN")), 0, gear=3)
    step = play(state, "roll", "die 3", "die 2", "die 2", *["step E"] * 3, "stop")
    assert step.state.cars[0].cell == Hex(5, 0)
    assert Shifted(0, 3, 1, forced="RB-CELL-2") in step.events
    assert sips(step.events, "RB-CELL-2", seat=0) == 2
    state = drive(step.state).state  # Bo
    assert state.turn is not None and state.turn.no_upshift == "RB-CELL-2"
    with pytest.raises(IllegalAction) as err:
        play(state, "shift up")
    assert err.value.rule_id == "RB-CELL-2"


def test_rb_cell_3_a_flipped_cap_blocks_and_is_bonked_from_the_cell_before() -> None:
    state = race(2, track=ring("NNNNNBNNNNNNNN"))
    step = play(state, "roll", "die 3", "step E", "step E", "step E")
    assert Flipped(0, Hex(5, 0)) in step.events
    state = play(step.state, "roll", "die 4", "step E", "step E", "step E").state  # Bo
    with pytest.raises(IllegalAction) as err:
        play(state, "step E")
    assert err.value.rule_id == "RB-CELL-3"
    step = play(state, "stop")
    assert Bonked(1, 0, Hex(5, 0)) in step.events
    assert sips(step.events, "RB-CELL-3", seat=1) == 1
    assert not step.state.cars[0].flipped


def test_rb_cell_3_stopping_before_a_block_by_choice_lifts_it_too() -> None:
    state = race(2, track=ring("NNNNNBNNNNNNNN"))
    state = play(state, "roll", "die 3", "step E", "step E", "step E").state
    step = play(state, "roll", "die 3", "step E", "step E", "step E")  # Bo ends on (4,0)
    assert Bonked(1, 0, Hex(5, 0)) in step.events
    assert sips(step.events, "RB-CELL-3") == 0


def test_rb_cell_3_the_block_ends_when_the_blocker_moves_away() -> None:
    state = race(2, track=ring("NNNNNBNNNNNNNN"))
    state = play(state, "roll", "die 3", "step E", "step E", "step E").state
    state = play(state, "roll", "die 1", "step E").state  # Bo to (2,0)
    state = play(state, "roll", "die 1", "step E").state  # Anna leaves the block
    assert not state.cars[0].flipped
    assert state.turn is not None and Hex(5, 0) not in state.turn.blocked


def test_rb_cell_4_passing_midway_everybody_drinks_once_per_lap() -> None:
    state = put(race(2, track=ring("NNNNNNMNNNNNNN", extra=MIDWAY)), 0, gear=2)
    step = play(state, "roll", "die 2", "die 3", *["step E"] * 5)
    assert MidwayToast(0) in step.events
    assert sips(step.events, "RB-CELL-4", seat=0) == 1
    assert sips(step.events, "RB-CELL-4", seat=1) == 1
    assert {e.caused_by for e in step.events if getattr(e, "rule_id", "") == "RB-CELL-4"} == {0}
    state = drive(step.state).state  # Bo
    state = play(state, "roll", "die 1", "die 1", "step W", "step W").state  # back over it
    state = drive(state).state
    step = play(state, "roll", "die 2", "die 2", *["step E"] * 4)  # over it again
    assert MidwayToast(0) not in step.events
    assert sips(step.events, "RB-CELL-4") == 0


def test_rb_cell_5_two_caps_block_without_a_bonk() -> None:
    state = race(3, track=ring())
    state = put(put(state, 1, cell=(5, 0), arrived=1), 2, cell=(5, 0), arrived=2)
    state = play(state, "roll", "die 4", "step E", "step E").state
    with pytest.raises(IllegalAction) as err:
        play(state, "step E")
    assert err.value.rule_id == "RB-CELL-5"
    step = play(state, "stop")
    assert sips(step.events, "RB-CELL-5", seat=0) == 2
    assert "bonked" not in kinds(step.events)


def test_rb_cell_6_the_second_cap_goes_underneath_and_is_behind() -> None:
    state = put(race(2, track=ring()), 1, cell=(4, 0), arrived=-5)
    step = play(state, "roll", "die 2", "step E", "step E")
    assert stack(step.state, Hex(4, 0)) == (1, 0)
    assert ranking(step.state) == (1, 0)
    assert not [e for e in step.events if isinstance(e, Overtook)]


# -- the track ------------------------------------------------------------------------


def test_rb_track_1_a_wide_track_lets_cars_drive_around_a_blocked_cell() -> None:
    state = race(3)  # the oval, two lanes
    state = put(put(state, 1, cell=(7, -3), laps=0), 2, cell=(7, -3), laps=0)
    state = put(state, 0, cell=(5, -3), gear=2)
    state = play(state, "roll", "die 2", "die 2", "step E").state
    with pytest.raises(IllegalAction):
        play(state, "step E")
    step = play(state, "step SE", "step E", "step E")
    assert step.state.cars[0].cell == Hex(8, -2)
    assert {e.overtaken for e in step.events if isinstance(e, Overtook)} == {1, 2}


def test_rb_track_2_the_four_cell_kinds_of_the_oval() -> None:
    state = race(2)
    kinds_on_track = set(state.config.track.cells.values())
    assert kinds_on_track == {CellKind.normal, CellKind.downshift, CellKind.block, CellKind.midway}


FORK = {
    **ring_cells(),
    (3, -1): "N",
    **{(q, -2): "N" for q in range(4, 10)},
    (9, -1): "N",
}
HIGH = "[[3, -1], [4, -2], [5, -2], [6, -2], [7, -2], [8, -2], [9, -2], [9, -1]]"
FORK_TOML = f"""
[[fork]]
id = "split"
branches = {{ low = [[4, 0], [5, 0], [6, 0], [7, 0]], high = {HIGH} }}
"""


def _fork_race(**setup: object) -> State:
    grid = ((2, 0, "E"), (1, 0, "E"))
    text = track_text(FORK, grid=grid, finish='[[0, 2, "W"]]', extra=FORK_TOML)
    return race(2, track=parse_track(text, track_id="fork"), **setup)


def test_rb_track_3_the_first_car_into_a_fork_chooses_for_everybody() -> None:
    state = _fork_race()
    step = play(state, "roll", "die 2", "step NE", "step NE")
    assert ForkChosen(0, "split", "high") in step.events
    assert step.state.forks == (("split", "high"),)
    state = play(step.state, "roll", "die 3", "step E").state  # Bo to (2,0)
    with pytest.raises(IllegalAction) as err:
        play(state, "step E", "step E")  # (3,0), then into the low branch
    assert err.value.rule_id == "RB-TRACK-3"
    assert play(state, "step NE").state.cars[1].cell == Hex(3, -1)


def test_rb_track_3_per_lap_choice_opens_the_fork_again_next_lap() -> None:
    state = _fork_race(fork_choice="per_lap")
    step = play(state, "roll", "die 2", "step NE", "step NE")
    assert ForkChosen(0, "split", "high", lap=0) in step.events
    assert step.state.forks == (("split@0", "high"),)
    later = put(step.state, 1, laps=1, cell=(3, 0))
    state = play(later, "roll", "die 1", "step E").state  # a lap later Bo may go low
    assert state.forks == (("split@0", "high"), ("split@1", "low"))


def test_rb_track_3_distances_follow_the_chosen_branch() -> None:
    state = _fork_race()
    track = state.config.track
    assert track.lap_length() == 30
    state = play(state, "roll", "die 2", "step NE", "step NE").state
    assert state.forks == (("split", "high"),)
    closed = track.closed_cells({"split": "high"})
    assert track.lap_length(closed) == 32  # (2,0) to (9,0): 7 cells low, 9 high


def test_rb_track_4_an_arrow_allows_one_way_only() -> None:
    track = _oval_with('[constraints]\none_way = [[6, -3, "E"]]')
    state = put(race(2, track=track), 0, cell=(8, -3), heading=3)
    state = play(state, "roll", "die 3", "step W").state
    with pytest.raises(IllegalAction) as err:
        play(state, "step W")
    assert err.value.rule_id == "RB-TRACK-4"


def test_rb_track_4_too_fast_against_an_arrow_leaves_the_track() -> None:
    track = _oval_with('[constraints]\none_way = [[6, -3, "E"]]')
    state = put(race(2, track=track), 0, cell=(8, -3), gear=3)
    state = play(state, "roll", "die 4", "die 4", "die 4", "step W").state
    step = play(state, "step W")
    assert WentOffTrack(0, Hex(6, -3), Hex(7, -3)) in step.events
    assert step.state.cars[0].off_track


def test_rb_track_5_crossing_the_line_forwards_counts_a_lap_backwards_uncounts() -> None:
    state = put(race(2, track=ring()), 0, cell=(1, 2))
    step = play(state, "roll", "die 2", "step W", "step W")
    assert LapCounted(0, 1, 1) in step.events and step.state.cars[0].laps == 1
    state = drive(step.state).state
    step = play(state, "roll", "die 2", "step E", "step E")
    assert LapCounted(0, 0, -1) in step.events and step.state.cars[0].laps == 0


def test_rb_track_6_ranking_is_laps_then_distance_then_arrival() -> None:
    state = race(4, track=ring(grid=((2, 0, "E"), (1, 0, "E"))))
    state = put(state, 0, cell=(3, 0), laps=0, arrived=1)
    state = put(state, 1, cell=(3, 0), laps=0, arrived=0)
    state = put(state, 2, cell=(1, 0), laps=1, arrived=9)
    state = put(state, 3, cell=(8, 0), laps=0, arrived=9)
    assert ranking(state) == (2, 3, 1, 0)


def test_rb_track_6_an_off_track_car_ranks_where_it_left() -> None:
    state = put(race(2, track=ring()), 1, cell=(14, 0), off_from=(13, 0))
    assert ranking(state) == (1, 0)


def test_rb_track_7_a_grid_behind_the_line_starts_lap_1_at_the_first_crossing() -> None:
    state = race(2)  # the oval: grid behind the line
    assert [c.laps for c in state.cars] == [-1, -1]
    step = play(state, "roll", "die 1", "step E")
    assert LapCounted(0, 0, 1) in step.events
    assert step.state.cars[0].laps == 0


def test_rb_track_8_walls_separate_touching_cells() -> None:
    track = _oval_with('[constraints]\nwalls = [[3, -3, "SE"]]')
    state = put(race(2, track=track), 0, cell=(3, -3))
    state = play(state, "roll", "die 1").state
    assert StepTo(5) not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction) as err:
        play(state, "step SE")
    assert err.value.rule_id == "RB-TRACK-8"


def test_bundled_tracks_exist() -> None:
    assert "oval" in bundled_tracks()
    assert all(isinstance(p, Path) for p in bundled_tracks().values())
