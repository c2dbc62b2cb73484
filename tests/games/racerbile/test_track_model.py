"""RB-TRACK-1…8 on the track level, checked on the bundled tracks."""

from __future__ import annotations

from collections import Counter

import pytest

from racerbile.games.racerbile.catalog import TRACKS
from racerbile.games.racerbile.track import CellKind, Track
from racerbile.hexgrid import Hex, opposite


@pytest.fixture(scope="module")
def oval() -> Track:
    return TRACKS.load("oval")


@pytest.fixture(scope="module")
def kringlen() -> Track:
    return TRACKS.load("kringlen")


@pytest.fixture(scope="module")
def lemans() -> Track:
    return TRACKS.load("lemans")


@pytest.mark.rule("RB-TRACK-1")
@pytest.mark.parametrize("track_id", ["oval", "kringlen", "lemans"])
def test_rb_track_1_every_cell_lies_on_the_closed_circuit(track_id: str) -> None:
    track = TRACKS.load(track_id)
    dist = track.distances()
    assert set(dist) == set(track.cells)
    assert track.lap_length() > 0


@pytest.mark.rule("RB-TRACK-1")
def test_rb_track_1_wide_section_lets_cars_drive_round(kringlen: Track) -> None:
    widths = Counter(kringlen.distances().values())
    assert max(widths.values()) >= 4
    narrow = Counter(d for c, d in kringlen.distances().items() if kringlen.fork_at(c) is None)
    assert min(narrow.values()) == 1


@pytest.mark.rule("RB-TRACK-2")
def test_rb_track_2_cell_kinds_and_le_mans_features(oval: Track, lemans: Track) -> None:
    assert set(oval.cells.values()) == set(CellKind)
    assert len(lemans.cells) >= 150
    assert [c for c in lemans.cells if lemans.has_tag(c, "fortytwo")]
    assert [d.kind for d in lemans.decorations] == ["dunlop_bridge"]
    assert lemans.pit is not None and len(lemans.pit.cells) >= 10


@pytest.mark.rule("RB-TRACK-3")
def test_rb_track_3_fork_choice_closes_the_other_branch(kringlen: Track) -> None:
    (fork,) = kringlen.forks
    assert set(fork.branches) == {"short", "long"}
    short = kringlen.closed_cells({fork.id: "long"})
    long_ = kringlen.closed_cells({fork.id: "short"})
    assert short == fork.branches["short"] and long_ == fork.branches["long"]
    # Branches of different length: the field is recomputed with the branch closed.
    assert kringlen.lap_length() == kringlen.lap_length(long_) == 63
    assert kringlen.lap_length(short) == 69
    # No step leads into a closed branch.
    for cell in kringlen.cells:
        assert all(target not in short for _, target in kringlen.steps(cell, short))


@pytest.mark.rule("RB-TRACK-3")
def test_rb_track_3_closing_a_branch_shifts_upstream_cells_alike(kringlen: Track) -> None:
    (fork,) = kringlen.forks
    open_field = kringlen.distances()
    closed = kringlen.closed_cells({fork.id: "long"})
    shut_field = kringlen.distances(closed)
    shifts = {shut_field[c] - open_field[c] for c in shut_field if open_field[c] > 25}
    assert shifts == {6}


@pytest.mark.rule("RB-TRACK-4")
def test_rb_track_4_one_way_edges_allow_only_their_direction(kringlen: Track) -> None:
    assert kringlen.one_way
    for cell, d in kringlen.one_way:
        assert kringlen.can_step(cell, d)
        assert not kringlen.can_step(cell.neighbor(d), opposite(d))


@pytest.mark.rule("RB-TRACK-5")
def test_rb_track_5_line_lies_on_edges_and_counts_forwards(oval: Track) -> None:
    for cell, d in oval.finish:
        assert cell in oval.cells and cell.neighbor(d) in oval.cells
        assert oval.finish_crossing(cell, d) == 1
        assert oval.finish_crossing(cell.neighbor(d), opposite(d)) == -1
    assert oval.finish_crossing(Hex(0, -3), 0) == 0


@pytest.mark.rule("RB-TRACK-6")
@pytest.mark.parametrize("track_id", ["oval", "kringlen", "lemans"])
def test_rb_track_6_distance_field(track_id: str) -> None:
    track = TRACKS.load(track_id)
    dist = track.distances()
    for cell, _ in track.finish:
        assert dist[cell] == 1
    # Each cell but those at the line has a step to a cell one closer.
    for cell, here in dist.items():
        if here > 1:
            assert any(dist[n] == here - 1 for _, n in track.steps(cell))


@pytest.mark.rule("RB-TRACK-6")
def test_rb_track_6_lap_lengths(oval: Track, kringlen: Track, lemans: Track) -> None:
    assert (oval.lap_length(), kringlen.lap_length(), lemans.lap_length()) == (28, 63, 83)
    assert lemans.pit is not None
    assert lemans.lap_length(lemans.pit.cells) == 83


@pytest.mark.rule("RB-TRACK-7")
def test_rb_track_7_signed_crossings_net_zero_when_reversing(oval: Track) -> None:
    cell, d = sorted(oval.finish)[0]
    after = cell.neighbor(d)
    path = [(cell, d), (after, opposite(d)), (cell, d)]
    assert [oval.finish_crossing(c, x) for c, x in path] == [1, -1, 1]
    assert sum(oval.finish_crossing(c, x) for c, x in path[:2]) == 0
    assert oval.grid_behind_line
    assert all(oval.distances()[slot.at] <= 2 for slot in oval.grid)


@pytest.mark.rule("RB-TRACK-8")
def test_rb_track_8_walls_separate_touching_parts(kringlen: Track, lemans: Track) -> None:
    for track in (kringlen, lemans):
        assert track.walls
        for cell, d in track.walls:
            other = cell.neighbor(d)
            assert other in track.cells
            assert not track.can_step(cell, d)
            assert not track.can_step(other, opposite(d))


@pytest.mark.rule("RB-TRACK-8")
def test_rb_track_8_pit_lane_is_crossed_by_the_line(lemans: Track) -> None:
    assert lemans.pit is not None
    pit = lemans.pit.cells
    assert any(c in pit and c.neighbor(d) in pit for c, d in lemans.finish)
    info = TRACKS.info(lemans)
    assert info["pit"]["length"] >= info["pit"]["lap_length_without_pit"]
