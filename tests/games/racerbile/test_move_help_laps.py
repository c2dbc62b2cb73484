"""RB-TRACK-7: the move help's ``laps`` counts the laps an end completes on the way; a
car on a grid behind the line completes none at its first crossing."""

from __future__ import annotations

import pytest
from rb_helpers import put, race, ring

from racerbile.games.racerbile import GAME
from racerbile.games.racerbile.rules import play


def _laps_by_cell(state: object) -> dict[tuple[int, int], int]:
    view = GAME.view(state, None)  # type: ignore[arg-type]
    return {tuple(m["cell"]): m["laps"] for m in view["moves"]}


@pytest.mark.rule("RB-TRACK-7")
def test_rb_track_7_the_first_crossing_from_a_grid_behind_the_line_completes_no_lap() -> None:
    state = play(race(2), "roll", "die 1").state  # the oval: grid behind the line
    assert state.cars[0].laps == -1
    crossed = play(state, "step E").state
    assert crossed.cars[0].laps == 0
    end = (crossed.cars[0].cell.q, crossed.cars[0].cell.r)
    assert _laps_by_cell(state)[end] == 0


@pytest.mark.rule("RB-TRACK-7")
def test_rb_track_7_a_crossing_after_the_start_completes_a_lap() -> None:
    state = play(put(race(2, track=ring()), 0, cell=(1, 2)), "roll", "die 2").state
    assert state.cars[0].laps == 0
    after = play(state, "step W", "step W").state
    assert after.cars[0].laps == 1
    assert _laps_by_cell(state)[(after.cars[0].cell.q, after.cars[0].cell.r)] == 1
