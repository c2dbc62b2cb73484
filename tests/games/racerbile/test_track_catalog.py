"""The Racerbile track catalog (engine.contract.TrackCatalog)."""

from __future__ import annotations

import json

from racerbile.engine.contract import TrackCatalog
from racerbile.games.racerbile.catalog import TRACKS, RacerbileTracks


def test_implements_the_contract() -> None:
    assert isinstance(TRACKS, TrackCatalog)


def test_bundled_tracks() -> None:
    bundled = TRACKS.bundled()
    assert set(bundled) == {"oval", "kringlen", "lemans"}
    assert all(p.is_file() and p.suffix == ".toml" for p in bundled.values())
    for track_id in bundled:
        track = TRACKS.load(track_id)
        assert track.id == track_id and track.description


def test_parsed_text_is_cached_by_its_content() -> None:
    text = TRACKS.bundled()["oval"].read_text()
    catalog = RacerbileTracks()
    first = catalog.parse(text)
    assert catalog.parse(text.encode()) is first and first.id == "custom"
    second = catalog.parse(text.replace('name = "Ovalen"', 'name = "Other"'))
    assert second is not first and second.name == "Other"
    assert catalog.text_of(text.encode(), "mine.toml") == text


def test_info_is_json_ready() -> None:
    info = TRACKS.info(TRACKS.load("kringlen"))
    json.dumps(info)
    assert info["cells"] == 152 and info["lap_length"] == 63
    assert info["forks"] == [
        {
            "id": "west",
            "choice": "per_race",
            "branches": {
                "long": {"cells": 10, "lap_length": 69},
                "short": {"cells": 5, "lap_length": 63},
            },
        }
    ]
    assert info["pit"] is None and info["warnings"] == []
    assert sum(info["kinds"].values()) == info["cells"]
    lemans = TRACKS.info(TRACKS.load("lemans"))
    assert lemans["pit"]["cells"] == 20 and lemans["tags"] == {"fortytwo": ["2,14"]}
    assert len(lemans["grid"]) == 8 and lemans["grid"][0]["facing"] == "E"


def test_render_svg() -> None:
    svg = TRACKS.render_svg(TRACKS.load("oval"), frozenset({"distance"}))
    assert svg.startswith("<svg") and "data-cell" in svg
