"""The exact segment-in-track predicate (VT-TRACK-2, VT-MOVE-3)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from racerbile.games.vectrace.geometry import walk
from racerbile.games.vectrace.track import Point, Track

HALF = Fraction(1, 2)


def _open_interval(p: int, d: int, centre: int) -> tuple[Fraction, Fraction] | None:
    """Returns the open t-interval where |p + t d - centre| < 1/2 (None: empty, all: big)."""
    if d == 0:
        return (Fraction(-10), Fraction(10)) if p == centre else None
    a, b = Fraction(centre - p) - HALF, Fraction(centre - p) + HALF
    lo, hi = sorted((a / d, b / d))
    return lo, hi


def interiors_crossed(start: Point, d: Point) -> dict[Point, Fraction]:
    """Independently: every square whose open interior meets the closed segment, with
    the first t in [0, 1] inside it (parametric clipping, exact)."""
    out: dict[Point, Fraction] = {}
    xs = range(min(start[0], start[0] + d[0]) - 1, max(start[0], start[0] + d[0]) + 2)
    ys = range(min(start[1], start[1] + d[1]) - 1, max(start[1], start[1] + d[1]) + 2)
    for cx in xs:
        for cy in ys:
            ix, iy = _open_interval(start[0], d[0], cx), _open_interval(start[1], d[1], cy)
            if ix is None or iy is None:
                continue
            lo, hi = max(ix[0], iy[0]), min(ix[1], iy[1])
            if lo < hi and lo < 1 and hi > 0:
                out[(cx, cy)] = max(lo, Fraction(0))
    return out


def stays_inside(track: Track, start: Point, d: Point) -> bool:
    """The predicate of the rules: every square entered is on-track (VT-TRACK-2)."""
    return all(track.on_track(*cell) for cell, _ in walk(start, d))


grids = st.integers(2, 7).flatmap(
    lambda w: st.lists(st.text(alphabet="#..", min_size=w, max_size=w), min_size=2, max_size=7)
)


@settings(max_examples=300, deadline=None)
@given(
    rows=grids,
    sx=st.integers(0, 6),
    sy=st.integers(0, 6),
    dx=st.integers(-7, 7),
    dy=st.integers(-7, 7),
)
def test_vt_track_2_walk_matches_independent_exact_clipping(
    rows: list[str], sx: int, sy: int, dx: int, dy: int
) -> None:
    start = (sx % len(rows[0]), sy % len(rows))
    expected = interiors_crossed(start, (dx, dy))
    got = walk(start, (dx, dy))
    assert dict(got) | {start: Fraction(0)} == expected
    times = [t for _, t in got]
    assert times == sorted(times) and all(0 < t <= 1 for t in times)
    tr = Track("g", tuple(rows))
    independent = all(tr.on_track(*cell) for cell in expected if cell != start)
    assert stays_inside(tr, start, (dx, dy)) == independent


def test_vt_track_2_corner_touch_is_allowed() -> None:
    tr = Track("c", ("#####", "#.###", "##..#", "#####"))
    assert stays_inside(tr, (1, 1), (1, 1))
    assert [cell for cell, _ in walk((1, 1), (1, 1))] == [(2, 2)]


def test_vt_track_2_one_cell_wall_cannot_be_jumped() -> None:
    tr = Track("w", ("#######", "#..#..#", "#######"))
    assert not stays_inside(tr, (1, 1), (4, 0))
    assert not stays_inside(tr, (2, 1), (2, 0))


def test_vt_track_2_grazing_along_an_edge_is_allowed() -> None:
    tr = Track("e", ("######", "#....#", "######"))
    assert stays_inside(tr, (1, 1), (3, 0))


def test_vt_track_2_entry_times_are_exact_fractions() -> None:
    assert walk((0, 0), (3, 1)) == [
        ((1, 0), Fraction(1, 6)),
        ((2, 1), Fraction(1, 2)),
        ((3, 1), Fraction(5, 6)),
    ]


def test_vt_move_3_the_line_is_straight_not_an_l() -> None:
    assert [cell for cell, _ in walk((1, 1), (2, 1))] == [(2, 1), (2, 2), (3, 2)]
    pillar_on_line = Track("a", ("######", "#.#..#", "#....#", "######"))
    assert not stays_inside(pillar_on_line, (1, 1), (2, 1))
    assert stays_inside(pillar_on_line, (1, 1), (0, 1))  # an L path would get round
    pillar_off_line = Track("b", ("######", "#..#.#", "#....#", "######"))
    assert stays_inside(pillar_off_line, (1, 1), (2, 1))
    assert not stays_inside(pillar_off_line, (1, 1), (2, 0))  # an L path would hit it
