"""The SVG drawing of a track: one element per cell, stable numbers, overlays, caps."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from racerbile.games.racerbile.catalog import TRACKS
from racerbile.games.racerbile.render import render_svg
from racerbile.hexgrid import Hex

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("track_id", ["oval", "kringlen", "lemans"])
def test_every_cell_is_one_element_with_data_cell(track_id: str) -> None:
    track = TRACKS.load(track_id)
    root = ET.fromstring(render_svg(track, show=frozenset({"distance", "coords"})))
    tagged = [e for e in root.iter() if "data-cell" in e.attrib]
    assert sorted(e.attrib["data-cell"] for e in tagged) == sorted(str(c) for c in track.cells)
    for element in tagged:
        cell = Hex.parse(element.attrib["data-cell"])
        assert element.attrib["data-kind"] == track.cells[cell].value


def test_numbers_are_rounded() -> None:
    svg = render_svg(TRACKS.load("lemans"))
    assert not re.search(r"\d\.\d{3}|e-\d|-0[\s,\"]", svg)


def test_colours_and_features_follow_the_convention() -> None:
    svg = render_svg(TRACKS.load("lemans"))
    for colour in ("#F2C230", "#1B2F6E", "#C62828", "#D9C27A", "#2E6B3A"):
        assert colour in svg
    assert ">42<" in svg and ">DUNLOP<" in svg
    assert 'data-pit="true"' in svg and 'data-tags="fortytwo"' in svg
    assert 'data-line="finish"' in svg and 'data-line="walls"' in svg


def test_render_is_pure_and_deterministic() -> None:
    track = TRACKS.load("kringlen")
    assert render_svg(track) == render_svg(track)
    assert track._repr_svg_() == render_svg(track)


def test_overlays() -> None:
    track = TRACKS.load("oval")
    plain = render_svg(track)
    with_distance = render_svg(track, show=frozenset({"distance"}))
    assert with_distance.count("<text") > plain.count("<text") + len(track.cells)
    assert ">-3,0<" in render_svg(track, show=frozenset({"coords"}))
    with pytest.raises(ValueError, match="unknown overlay 'heat'"):
        render_svg(track, show=frozenset({"heat"}))


class _State:
    def render_caps(self) -> list[tuple[Hex, int, str, str, bool]]:
        return [(Hex(5, -2), 0, "AB", "#1565C0", False), (Hex(5, -2), 1, "CD", "#FFEB3B", True)]


def test_caps_hook_draws_stacks_top_last() -> None:
    svg = render_svg(TRACKS.load("oval"), _State())
    first, second = svg.index('data-seat="0"'), svg.index('data-seat="1"')
    assert second < first  # the bottom cap is drawn first, the top cap over it
    assert ">AB<" in svg and ">CD<" in svg and "#9E9E9E" in svg


Box = tuple[float, float, float, float]


def _boxes(group: ET.Element) -> list[Box]:
    """Approximate boxes (left, top, right, bottom) of a group's labels and discs."""
    boxes = []
    for element in group.iter(f"{NS}text"):
        x, y = float(element.attrib["x"]), float(element.attrib["y"])
        font = float(element.attrib["font-size"])
        half = 0.3 * font * len(element.text or "")
        boxes.append((x - half, y - 0.72 * font, x + half, y))
    for circle in group.iter(f"{NS}circle"):
        cx, cy, r = (float(circle.attrib[k]) for k in ("cx", "cy", "r"))
        boxes.append((cx - r, cy - r, cx + r, cy + r))
    return boxes


@pytest.mark.parametrize("track_id", ["oval", "kringlen", "lemans"])
def test_overlays_leave_the_cell_markings_readable(track_id: str) -> None:
    """RB-TRACK-2: with distance and coordinate labels shown, no downshift "1", "42" or
    grid-slot badge (RB-START-2) lies under an overlay label."""
    root = ET.fromstring(render_svg(TRACKS.load(track_id), show=frozenset({"distance", "coords"})))
    groups = list(root.iter(f"{NS}g"))
    marks = [
        b
        for g in groups
        if g.get("data-mark") in ("downshift", "fortytwo", "slot")
        for b in _boxes(g)
    ]
    labels = [b for g in groups if g.get("data-mark") in ("distance", "coords") for b in _boxes(g)]
    assert marks and labels
    clashes = [
        (m, o)
        for m in marks
        for o in labels
        if m[0] < o[2] and o[0] < m[2] and m[1] < o[3] and o[1] < m[3]
    ]
    assert not clashes, clashes[:3]
