"""The Vectrace baselines agree with the solver: the compiled BFS, the plain-Python BFS
and :func:`solve` give the same fewest moves and best time on small tracks (the scale
benchmark relies on it for the big ones)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_vectrace_baseline import compiled_bfs, open_track, plain_bfs

from racerbile.games.vectrace.catalog import TRACKS
from racerbile.games.vectrace.solver import solve
from racerbile.games.vectrace.track import Track

BEND = Track(
    "bend",
    (
        "##########",
        "#S.......#",
        "#S.......#",
        "######...#",
        "######...#",
        "######FFF#",
        "##########",
    ),
)
LOOP = Track(  # a circuit: the start line is the finish line
    "loop",
    (
        "#########",
        "#.......#",
        "#.#####.#",
        "#S#####.#",
        "#.......#",
        "#########",
    ),
)
WALLED_OFF = Track("walled-off", ("#######", "#S.#.F#", "#######"))
TRACKS_TO_CHECK = [
    *(open_track(w, h) for w, h in ((5, 3), (8, 4), (12, 7), (30, 9))),
    BEND,
    LOOP,
    WALLED_OFF,
    TRACKS.load("sprint"),
]


@pytest.mark.parametrize("track", TRACKS_TO_CHECK, ids=lambda t: t.id)
def test_the_compiled_bfs_finds_the_plain_bfs_and_solver_optimum(track: Track) -> None:
    plain = plain_bfs(track)
    found = solve(track)
    assert compiled_bfs(track)[:2] == plain[:2] == (found.moves, found.time)


def test_an_unreachable_finish_is_none_in_both_baselines() -> None:
    assert compiled_bfs(WALLED_OFF)[:2] == plain_bfs(WALLED_OFF)[:2] == (None, None)
