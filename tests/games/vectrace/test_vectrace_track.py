"""Track files: format, importers, validation messages, bundled tracks (VT-TRACK-1, 3)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from racerbile.engine import TrackCatalog, TrackError
from racerbile.games.vectrace import GAME, TRACKS
from racerbile.games.vectrace.render import render_svg
from racerbile.games.vectrace.track import Track, from_benchmark, from_letters, import_track

from .helpers import OPEN, at, track

BROKEN = Path(__file__).parent / "broken_tracks"


def _read(path: Path) -> Track:
    """Reads a track file the way the command line does: its content, named by its path."""
    return import_track(path.read_bytes(), str(path))


CORPUS = {
    "empty.txt": "empty.txt: the file is empty",
    "blank.txt": "blank.txt: the file is empty",
    "binary.txt": "binary.txt: this is a binary file, not a text track",
    "latin1.txt": "latin1.txt: not UTF-8 text",
    "header_only.txt": "header_only.txt: the file ends after the header lines; the grid is missing",
    "truncated.txt": "truncated.txt:5:4: the last line has 3 characters, expected 7; the file",
    "ragged.txt": "ragged.txt:3:7: ragged line: 6 characters, expected 7 like line 1",
    "unknown_char.txt": "unknown_char.txt:3:4: unknown character 'x'",
    "no_start.txt": "no_start.txt: no start point 'S'",
    "no_finish.txt": "no_finish.txt: no finish point 'F'",
    "disconnected.txt": "disconnected.txt:2:2: the start is not connected to the finish",
    "bad_header.txt": "bad_header.txt:2:1: unknown header 'speed'",
    "bad_laps.txt": "bad_laps.txt: header 'laps' must be a whole number 1-99, not 'many'",
    "broken_image.png": "broken_image.png: cannot read the image",
}


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_vt_track_3_broken_file_gives_one_clear_message(name: str) -> None:
    with pytest.raises(TrackError) as info:
        _read(BROKEN / name)
    message = str(info.value)
    assert CORPUS[name] in message
    assert "\n" not in message and len(info.value.problems) == 1
    assert "Traceback" not in message


def test_vt_track_3_every_corpus_file_is_covered() -> None:
    assert sorted(p.name for p in BROKEN.iterdir()) == sorted(CORPUS)


def test_vt_track_3_a_path_is_not_a_track_id() -> None:
    for ref in ("no/such/file.txt", str(BROKEN / "ragged.txt"), "/etc/passwd"):
        with pytest.raises(TrackError, match="not a bundled track id; the bundled tracks are "):
            TRACKS.load(ref)


def test_vt_track_3_parses_header_and_alphabet() -> None:
    tr = track(
        """
        name: Tiny
        author: Ada
        laps: 2
        #######
        #S.1.F#
        #######
        """
    )
    assert (tr.name, tr.author, tr.laps, tr.width, tr.height) == ("Tiny", "Ada", 2, 7, 3)
    assert tr.starts == ((1, 1),)
    assert tr.finishes == frozenset({(5, 1)})
    assert tr.checkpoints == (frozenset({(3, 1)}),)
    assert tr.on_track(3, 1) and not tr.on_track(0, 0) and not tr.on_track(-1, 9)
    assert track(tr.text()).rows == tr.rows


def test_vt_track_3_circuit_without_finish_uses_start_line() -> None:
    tr = track(
        """
        #####
        #S.1#
        #...#
        #####
        """
    )
    assert tr.is_circuit and tr.finishes == frozenset(tr.starts)


def test_vt_track_3_disconnected_checkpoint_is_named() -> None:
    with pytest.raises(TrackError, match="not connected to the checkpoint 1"):
        track(
            """
            ########
            #S..F#1#
            ########
            """
        )


def test_vt_track_3_benchmark_import() -> None:
    text = "dim: 7 3\nxxxxxxx\nxs...gx\nxxxxxxx\n"
    tr = from_benchmark(text, source="b.track", track_id="b")
    assert tr.rows == ("#######", "#S...F#", "#######")


def test_vt_track_3_benchmark_file_by_suffix(tmp_path: Path) -> None:
    path = tmp_path / "bench.track"
    path.write_text("xxxxx\nxs.gx\nxxxxx\n")
    assert _read(path).rows[1] == "#S.F#"


def test_vt_track_3_grass_road_letters(tmp_path: Path) -> None:
    assert from_letters("GGGGG\nGSRFG\nWWWWW\n").rows == ("#####", "#S.F#", "#####")
    path = tmp_path / "letters.grass"
    path.write_text("GGGGG\nGSRFG\nGGGGG\n")
    assert _read(path).rows[1] == "#S.F#"


def test_vt_track_3_image_import(tmp_path: Path) -> None:
    image = Image.new("RGB", (5, 3), (0, 0, 0))
    image.putpixel((1, 1), (0, 255, 0))
    image.putpixel((2, 1), (255, 255, 255))
    image.putpixel((3, 1), (255, 0, 0))
    path = tmp_path / "pic.png"
    image.save(path)
    tr = _read(path)
    assert tr.rows == ("#####", "#S.F#", "#####") and tr.id == "pic"


def test_vt_track_3_image_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "nostart.png"
    Image.new("RGB", (4, 2), (255, 255, 255)).save(path)
    with pytest.raises(TrackError, match=r"nostart\.png: no start point"):
        _read(path)


def test_vt_track_1_bundled_tracks_have_straight_start_and_finish_lines() -> None:
    for track_id in TRACKS.bundled():
        tr = TRACKS.load(track_id)
        for line in (tr.starts, tuple(tr.finishes)):
            xs, ys = {x for x, _ in line}, {y for _, y in line}
            assert len(xs) == 1 or len(ys) == 1, track_id


def test_vt_track_1_point_to_point_is_not_a_circuit() -> None:
    assert not TRACKS.load("sprint").is_circuit
    assert TRACKS.load("ring").is_circuit


def test_bundled_catalogue_meets_the_brief() -> None:
    assert isinstance(TRACKS, TrackCatalog)
    assert GAME.tracks is TRACKS
    bundled = TRACKS.bundled()
    assert len(bundled) >= 4 and "sprint" in bundled
    sizes = [TRACKS.info(TRACKS.load(t)) for t in bundled]
    assert any(i["width"] >= 120 and i["height"] >= 60 for i in sizes)
    assert any(i["checkpoints"] and i["circuit"] for i in sizes)
    for track_id in bundled:
        assert isinstance(TRACKS.warnings(TRACKS.load(track_id)), list), track_id


def test_info_fields() -> None:
    info = TRACKS.info(TRACKS.load("sprint"))
    assert info["id"] == "sprint" and info["name"] == "Sprint"
    assert info["width"] == 40 and info["starts"] == 7


def test_validate_warns_about_missing_name(tmp_path: Path) -> None:
    path = tmp_path / "anon.txt"
    path.write_text("#####\n#S.F#\n#####\n")
    assert any("name" in w for w in TRACKS.warnings(_read(path)))


def test_render_svg_marks_every_cell_and_trail() -> None:
    state = at(OPEN, "3,3:+1,+0:R:2:0 ; 1,4:+0,+0:R:2:0")
    trail = ((1, 3), (2, 3), (3, 3))
    state = replace(state, cars=(replace(state.cars[0], trail=trail), state.cars[1]))
    svg = render_svg(state.track, state)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("data-cell=") == state.track.width * state.track.height
    assert 'data-cell="11,2"' in svg
    assert '<polyline data-seat="0"' in svg and svg.count("<circle") == 2
    assert TRACKS.render_svg(state.track, frozenset({"coords"})).count("<text") > 0
    assert state.track._repr_svg_().startswith("<svg")


def test_the_catalogue_picture_names_its_track_above_the_paper() -> None:
    track = TRACKS.load("sprint")
    root = ET.fromstring(TRACKS.render_svg(track))
    ns = "{http://www.w3.org/2000/svg}"
    heading = [t.text for t in root.iter(f"{ns}text")]
    assert track.name in heading
    # The paper sits below the band, so the title covers no square.
    band = root.find(f"{ns}g[@transform]")
    assert band is not None and band.attrib["transform"].startswith("translate(0 ")
    assert float(root.attrib["height"]) > track.height * 12
