"""The track validator: RB-TRACK-8 and racerbile-tracks.md §3.3, over a corpus of broken files."""

from __future__ import annotations

from pathlib import Path

import pytest

from racerbile.engine.errors import TrackError
from racerbile.games.racerbile.catalog import TRACKS
from racerbile.games.racerbile.trackfile import parse_track
from racerbile.games.racerbile.validate import validate_track

BROKEN = Path(__file__).parent / "broken_tracks"

# file -> (where the message points, what it says)
EXPECTED = {
    "empty.toml": ("empty.toml:", "the file is empty"),
    "binary.toml": ("binary.toml:", "binary file"),
    "truncated.toml": ("truncated.toml:", "TOML syntax error"),
    "non_utf8.toml": ("non_utf8.toml:", "not UTF-8"),
    "syntax_error.toml": ("syntax_error.toml:5:13:", "TOML syntax error"),
    "wrong_version.toml": ("field version", "version 1"),
    "wrong_format.toml": ("field format", "racerbile-track"),
    "unknown_legend.toml": ("unknown_legend.toml:11:5:", "not in the legend"),
    "off_lattice.toml": ("off_lattice.toml:15:3:", "off the hexagon lattice"),
    "missing_finish.toml": ("field finish", "Field required"),
    "missing_name.toml": ("field meta.name", "Field required"),
    "edge_to_nowhere.toml": ("field finish.edges[0]", "4,0, which is not on the track"),
    "bad_direction.toml": ("field finish.edges[0]", "direction 'N'"),
    "grid_faces_off.toml": ("field grid[0].facing", "faces off the track"),
    "grid_off_track.toml": ("field grid[0].at", "cell 0,0 is not on the track"),
    "pit_off_track.toml": ("field pit.cells[0]", "cell 0,0 is not on the track"),
    "unreachable_cell.toml": ("field map.rows", "cell 0,0 cannot reach the start/finish line"),
    "sealed_by_wall.toml": ("field map.rows", "cannot reach the start/finish line"),
    "one_way_against.toml": ("field map.rows", "cannot reach the start/finish line"),
    "fork_breaks_loop.toml": ("field map.rows", "with fork branch x=a chosen"),
    "finish_hole.toml": ("field finish.edges", "has a hole: cell 6,-3"),
    "finish_one_lane.toml": ("field finish.edges", "has a hole"),
    "touching_fork.toml": ("field fork[0] (bottom)", "branches inner and outer touch"),
    "pit_not_crossed.toml": ("field pit.cells", "does not cross the pit lane"),
}


def _check_file(path: Path) -> list[str]:
    """Reads a track file the way the command line does: its content, named by its path."""
    return TRACKS.warnings(TRACKS.parse(path.read_bytes(), source=str(path)))


def test_corpus_is_complete() -> None:
    assert sorted(p.name for p in BROKEN.glob("*.toml")) == sorted(EXPECTED)


@pytest.mark.rule("RB-TRACK-8")
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_rb_track_8_broken_file_gives_one_clear_message(name: str) -> None:
    where, what = EXPECTED[name]
    with pytest.raises(TrackError) as caught:
        _check_file(BROKEN / name)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(str(BROKEN / name))
    assert where in message
    assert what in message


@pytest.mark.rule("RB-TRACK-8")
@pytest.mark.parametrize("track_id", sorted(TRACKS.bundled()))
def test_rb_track_8_every_bundled_track_is_clean(track_id: str) -> None:
    assert TRACKS.warnings(TRACKS.load(track_id)) == []


def test_a_path_is_not_a_track_id_whether_or_not_it_exists(tmp_path: Path) -> None:
    present = tmp_path / "oval.toml"
    present.write_bytes(TRACKS.bundled()["oval"].read_bytes())
    messages = set()
    for ref in (str(present), str(tmp_path / "nope.toml"), "../oval", "/etc/passwd"):
        with pytest.raises(TrackError, match="not a bundled track id") as caught:
            TRACKS.load(ref)
        messages.add(str(caught.value))
    assert len(messages) == 1 and "kringlen, lemans, oval" in messages.pop()


def _oval_text() -> str:
    return TRACKS.bundled()["oval"].read_text()


def test_pit_shortcut_is_a_warning() -> None:
    """§3.3: a pit lane shorter than the track it passes is reported, not refused."""
    # The inner lane at the line as a "pit": closing it makes the lap one cell longer.
    text = _oval_text() + "\n[pit]\ncells = [[5, -2], [6, -2]]\n"
    assert validate_track(parse_track(text, source="pit.toml")) == [
        "pit.toml: field pit.cells: the pit lane is a shortcut: a lap through it is 28 cells, "
        "29 on the track"
    ]


def test_midway_cells_without_edges_warn() -> None:
    text = _oval_text()
    start = text.index("[midway]")
    end = text.index("[[grid]]")
    track = parse_track(text[:start] + text[end:], source="m.toml")
    assert validate_track(track) == [
        "m.toml: field midway.edges: the track has midway cells but no midway edges"
    ]


def test_midway_line_with_a_gap_warns() -> None:
    text = _oval_text().replace(
        'edges = [[3, 3, "NW"], [3, 3, "W"], [4, 2, "W"]]', 'edges = [[4, 2, "W"]]'
    )
    warnings = validate_track(parse_track(text, source="m.toml"))
    assert warnings == [
        "m.toml: field midway.edges: a car can drive a whole lap without crossing the midway line"
    ]


def test_grid_on_the_wrong_side_warns() -> None:
    text = _oval_text().replace("grid_behind_line = true", "grid_behind_line = false")
    warnings = validate_track(parse_track(text, source="g.toml"))
    assert len(warnings) == 4
    assert "grid slot 5,-2 lies behind the line" in warnings[0]


def test_unknown_tag_and_decoration_warn() -> None:
    text = _oval_text() + (
        '\n[[cell]]\nat = [0, -3]\ntags = ["lucky"]\n'
        '\n[[decoration]]\nkind = "tree"\nover = [[0, -3]]\n'
    )
    warnings = validate_track(parse_track(text, source="t.toml"))
    assert warnings == [
        "t.toml: field cell.tags: unknown tag 'lucky' on cell 0,-3",
        "t.toml: field decoration[0].kind: unknown decoration 'tree'",
    ]
