"""Property tests of the hexagon geometry (racerbile-tracks.md §1.2-1.3)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from racerbile.hexgrid import (
    DIRECTIONS,
    Hex,
    corners,
    direction_between,
    direction_names,
    distance,
    edge_corners,
    from_pixel,
    opposite,
    to_pixel,
    turn,
    within_60,
)

coords = st.integers(min_value=-200, max_value=200)
hexes = st.builds(Hex, coords, coords)
dirs = st.integers(min_value=0, max_value=5)
orientations = st.sampled_from(["pointy", "flat"])
sizes = st.floats(min_value=0.5, max_value=80, allow_nan=False)


@given(hexes, dirs)
def test_neighbor_is_one_step_away_and_opposite_comes_back(h: Hex, d: int) -> None:
    n = h.neighbor(d)
    assert distance(h, n) == 1
    assert n.neighbor(opposite(d)) == h
    assert direction_between(h, n) == d
    assert direction_between(n, h) == opposite(d)


@given(hexes, dirs)
def test_cube_coordinates_sum_to_zero(h: Hex, d: int) -> None:
    n = h.neighbor(d)
    assert n.q + n.r + n.s == 0


@given(dirs)
def test_opposite_is_an_involution_and_a_half_turn(d: int) -> None:
    assert opposite(opposite(d)) == d
    assert turn(d, opposite(d)) == -3
    assert DIRECTIONS[opposite(d)] == tuple(-x for x in DIRECTIONS[d])


@given(dirs, dirs)
def test_turn_range_and_composition(a: int, b: int) -> None:
    t = turn(a, b)
    assert -3 <= t <= 2
    assert (a + t) % 6 == b
    assert within_60(a, b) == (b in {(a - 1) % 6, a, (a + 1) % 6})
    assert turn(a, b) == -turn(b, a) or abs(turn(a, b)) == 3


@given(dirs)
def test_u_turn_needs_three_steps(a: int) -> None:
    """RB-TURN-4: with at most 60° per step, reversing takes three steps."""
    reach = {a}
    for _ in range(2):
        reach = {(x + t) % 6 for x in reach for t in (-1, 0, 1)}
    assert opposite(a) not in reach
    assert opposite(a) in {(x + t) % 6 for x in reach for t in (-1, 0, 1)}


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, a) == 0
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, dirs, st.integers(min_value=0, max_value=30))
def test_straight_line_distance(h: Hex, d: int, k: int) -> None:
    end = h
    for _ in range(k):
        end = end.neighbor(d)
    assert distance(h, end) == k


@given(hexes, sizes, orientations)
def test_pixel_round_trip(h: Hex, size: float, orientation: str) -> None:
    x, y = to_pixel(h, size, orientation)  # type: ignore[arg-type]
    assert from_pixel(x, y, size, orientation) == h  # type: ignore[arg-type]


@given(
    hexes,
    orientations,
    st.floats(min_value=0, max_value=2 * math.pi),
    st.floats(min_value=0, max_value=0.85),
)
def test_points_inside_the_hexagon_map_back_to_it(
    h: Hex, orientation: str, angle: float, fraction: float
) -> None:
    size = 10.0
    x, y = to_pixel(h, size, orientation)  # type: ignore[arg-type]
    inner = size * math.sqrt(3) / 2 * fraction
    px, py = x + inner * math.cos(angle), y + inner * math.sin(angle)
    assert from_pixel(px, py, size, orientation) == h  # type: ignore[arg-type]


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_directions_run_counter_clockwise_on_screen(orientation: str) -> None:
    """§1.2: with y down, each index is 60° further counter-clockwise in both orientations."""
    angles = []
    for dq, dr in DIRECTIONS:
        x, y = to_pixel(Hex(dq, dr), 1.0, orientation)  # type: ignore[arg-type]
        angles.append(math.degrees(math.atan2(-y, x)))  # flip y: screen to maths
    for a, b in zip(angles, angles[1:] + angles[:1], strict=True):
        assert (b - a) % 360 == pytest.approx(60)


@pytest.mark.parametrize(
    ("orientation", "names"), [("pointy", "E NE NW W SW SE"), ("flat", "SE NE N NW SW S")]
)
def test_direction_names(orientation: str, names: str) -> None:
    assert direction_names(orientation) == tuple(names.split())  # type: ignore[arg-type]


@given(hexes, dirs, orientations)
def test_shared_edge_corners_are_corners_of_both_cells(h: Hex, d: int, orientation: str) -> None:
    size = 7.0
    ends = edge_corners(h, d, size, orientation)  # type: ignore[arg-type]
    for cell in (h, h.neighbor(d)):
        points = corners(cell, size, orientation)  # type: ignore[arg-type]
        for end in ends:
            assert min(math.dist(end, p) for p in points) < 1e-6


@given(hexes)
def test_text_form_round_trips(h: Hex) -> None:
    assert Hex.parse(str(h)) == h
    assert eval(repr(h)) == h
