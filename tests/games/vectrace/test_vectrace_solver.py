"""The exact solver, the cost-to-go table and the path checker (VT-SOLVE-1)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racerbile.games.vectrace import TRACKS
from racerbile.games.vectrace.solver import cost_to_go, solve, tables, verify_path
from racerbile.games.vectrace.track import Track

from .helpers import track
from .oracle import plain_bfs


def corridor(distance: int) -> Track:
    """A straight one-lane corridor; the finish point lies ``distance`` points ahead."""
    width = distance + 3
    return Track("c", ("#" * width, "#S" + "." * (distance - 1) + "F#", "#" * width))


@pytest.mark.parametrize("distance", [1, 2, 3, 4, 6, 7, 10, 15, 16, 28, 40])
def test_vt_solve_1_reference_figure_on_a_straight_corridor(distance: int) -> None:
    expected = next(n for n in range(1, 100) if n * (n + 1) // 2 >= distance)
    solution = solve(corridor(distance))
    assert solution.moves == expected
    assert verify_path(corridor(distance), solution.path).moves == expected


def test_vt_solve_1_best_time_is_exact() -> None:
    # D = 3: moves 1, 2 reach x = 4; its square starts at 3.5, 3/4 of the way along move 2
    solution = solve(corridor(3))
    assert solution.time == 1 + Fraction(3, 4)
    assert solution.path == ((1, 1), (2, 1), (4, 1))


def test_vt_solve_1_no_solution() -> None:
    tr = Track("n", ("#####", "#S#F#", "#####"))
    assert solve(tr).moves is None
    assert solve(tr).to_json() == {"moves": None}


def test_vt_solve_1_from_a_given_start_and_bad_starts() -> None:
    tr = TRACKS.load("sprint")
    best = solve(tr)
    for point in tr.starts:
        assert (solve(tr, point).moves or 0) >= (best.moves or 0)
    with pytest.raises(ValueError, match="not on the track"):
        solve(tr, (0, 0))


def test_vt_solve_1_bundled_tracks_agree_with_the_oracle() -> None:
    for track_id in ("sprint", "chicane"):
        tr = TRACKS.load(track_id)
        solution = solve(tr)
        assert (solution.moves, solution.time) == plain_bfs(tr)
        verdict = verify_path(tr, solution.path)
        assert verdict.ok and (verdict.moves, verdict.time) == (solution.moves, solution.time)


def test_vt_solve_1_laps_and_checkpoints() -> None:
    tr = TRACKS.load("ring")
    one = solve(tr)
    two = solve(tr, laps=2, lap_start=True)
    assert one.moves is not None and two.moves is not None and two.moves > one.moves
    assert verify_path(tr, two.path, laps=2, lap_start=True).ok
    assert not verify_path(tr, one.path, laps=2, lap_start=True).ok


def test_vt_solve_1_cost_to_go_matches_forward_search() -> None:
    tr = TRACKS.load("chicane")
    table = cost_to_go(tr)
    for point in tr.starts:
        solution = solve(tr, point)
        left, last_t = table.lookup(0, point, (0, 0))
        assert solution.time is not None
        assert left == solution.moves and Fraction(last_t).limit_denominator(1000) == (
            solution.time - (left - 1)
        )


def test_vt_solve_1_verifier_says_what_is_wrong() -> None:
    tr = corridor(6)
    assert "not a start point" in verify_path(tr, [(2, 1)]).problem
    assert "changes by more than 1" in verify_path(tr, [(1, 1), (3, 1)]).problem
    assert "leaves the track" in verify_path(tr, [(1, 1), (2, 2)]).problem
    assert "without finishing" in verify_path(tr, [(1, 1), (2, 1)]).problem
    assert (
        "already finishes"
        in verify_path(tr, [(1, 1), (2, 1), (4, 1), (7, 1), (11, 1), (15, 1)]).problem
    )
    assert verify_path(tr, []).problem == "the path is empty"


@st.composite
def small_tracks(draw: st.DrawFn) -> Track:
    width = draw(st.integers(4, 9))
    height = draw(st.integers(3, 7))
    cells = draw(
        st.lists(st.sampled_from("#....."), min_size=width * height, max_size=width * height)
    )
    grid = [cells[y * width : (y + 1) * width] for y in range(height)]
    sx, sy = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
    fx, fy = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
    if (sx, sy) == (fx, fy):
        fx = (fx + 1) % width
    grid[sy][sx] = "S"
    grid[fy][fx] = "F"
    return Track("h", tuple("".join(row) for row in grid))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_tracks())
def test_vt_solve_1_solver_agrees_with_plain_bfs(tr: Track) -> None:
    solution = solve(tr)
    assert (solution.moves, solution.time) == plain_bfs(tr)
    if solution.moves is not None:
        verdict = verify_path(tr, solution.path)
        assert verdict.ok, verdict.problem
        assert (verdict.moves, verdict.time) == (solution.moves, solution.time)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_tracks())
def test_vt_solve_1_search_bound_never_overestimates(tr: Track) -> None:
    # the A* bound must stay at or below the true moves left (the backward BFS) everywhere
    tab, left = tables(tr), cost_to_go(tr).moves
    q, k, vx, vy = tab.decode(np.arange(tab.size, dtype=np.int64))
    dist, _, hcap = tab.fields
    d = dist[q % tab.per_lap, k]
    bound = hcap[np.maximum(d, 0), np.maximum(np.abs(vx), np.abs(vy))]
    finishing = left >= 1
    assert (d[finishing] >= 0).all()
    assert (bound[finishing] <= left[finishing]).all()


def test_vt_solve_1_many_starts_fill_more_than_one_frontier_block() -> None:
    # 300 start points: more than the search's first frontier allocation holds
    rows = ("#####", *(["#S.F#"] * 300), "#####")
    assert solve(Track("tall", rows)).moves == 2


def test_vt_solve_1_refuses_a_track_too_large_for_its_tables() -> None:
    wide = Track("w", ("#" * 8000, "#S" + "." * 7996 + "F#", "#" * 8000))
    with pytest.raises(ValueError, match="too large to solve"):
        solve(wide)


def test_vt_solve_1_track_builder_sanity() -> None:
    tr = track(
        """
        #######
        #S...F#
        #######
        """
    )
    assert solve(tr).moves == 3
