"""The Racerbile track catalog: bundled tracks, loading, validation, facts and pictures.

:data:`TRACKS` implements :class:`racerbile.engine.contract.TrackCatalog`. Bundled tracks
are the ``*.toml`` files in ``racerbile/tracks/racerbile``; their id is the file stem.
Any other track arrives as text (a setup's ``track_text``, a file the command line
read): the catalog never opens a path it is given. Every track is validated
(RB-TRACK-8) when loaded; the same text gives the same Track object, so replayed
states compare equal.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...engine.errors import TrackError
from ...hexgrid import direction_names
from .render import render_svg
from .track import CellKind, Track
from .trackfile import decode_track, parse_track
from .validate import pit_lap_length, validate_track


def _bundled_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "tracks" / "racerbile"


def unknown_track(bundled: dict[str, Path]) -> str:
    """Returns the refusal of a track id that is not bundled (it never echoes the id)."""
    return (
        f"not a bundled track id; the bundled tracks are {', '.join(bundled) or 'none'} "
        "(send a track file's text as track_text)"
    )


class RacerbileTracks:
    """Racerbile's :class:`~racerbile.engine.contract.TrackCatalog`."""

    setup_fields = ("track", "track_text")

    def __init__(self, directory: Path | None = None):
        self._directory = directory
        self._bundled: dict[str, Track] = {}

    @property
    def directory(self) -> Path:
        """The folder holding the bundled track files."""
        return self._directory or _bundled_dir()

    def bundled(self) -> dict[str, Path]:
        """Returns the bundled tracks as id -> file path, sorted by id."""
        return {p.stem: p for p in sorted(self.directory.glob("*.toml"))}

    def load(self, ref: str) -> Track:
        """Returns the validated bundled track ``ref``; raises TrackError for any other id."""
        if ref not in self._bundled:
            path = self.bundled().get(ref)
            if path is None:
                raise TrackError(f"track: {unknown_track(self.bundled())}")
            self._bundled[ref] = self.parse(path.read_bytes(), source=str(path), track_id=ref)
        return self._bundled[ref]

    def parse(
        self, text: str | bytes, source: str = "track_text", track_id: str = "custom"
    ) -> Track:
        """Returns the validated track of a track file's content; raises TrackError naming
        ``source``. The last few tracks parsed are kept, keyed by their text."""
        return _parse_cached(decode_track(text, source), source, track_id)

    def text_of(self, data: bytes, source: str) -> str:
        """Returns the track text (what a setup's ``track_text`` holds) of a file's content;
        raises TrackError naming ``source`` if it is not a valid track file."""
        self.parse(data, source=source)
        return decode_track(data, source)

    def warnings(self, track: Track) -> list[str]:
        """Returns the validator's warnings for a loaded track."""
        return validate_track(track)

    def info(self, track: Track) -> dict[str, Any]:
        """Returns the facts a person or a lobby wants about a track, as JSON-ready data.

        ``forks`` gives each branch's cell count and the lap length with it chosen;
        ``pit.length`` is the shortest lap through the pit lane.
        """
        names = direction_names(track.orientation)
        kinds = Counter(kind.value for kind in track.cells.values())
        tags: dict[str, list[str]] = {}
        for cell, cell_tags in sorted(track.tags.items()):
            for tag in sorted(cell_tags):
                tags.setdefault(tag, []).append(str(cell))
        return {
            "id": track.id,
            "name": track.name,
            "description": track.description,
            "path": track.source,
            "content_hash": track.content_hash,
            "orientation": track.orientation,
            "cells": len(track.cells),
            "lap_length": track.lap_length(),
            "laps": track.laps,
            "kinds": {k.value: kinds.get(k.value, 0) for k in CellKind},
            "tags": tags,
            "forks": [self._fork_info(track, i) for i in range(len(track.forks))],
            "pit": self._pit_info(track),
            "grid": [
                {
                    "slot": i,
                    "at": str(s.at),
                    "facing": None if s.facing is None else names[s.facing],
                }
                for i, s in enumerate(track.grid, start=1)
            ],
            "grid_behind_line": track.grid_behind_line,
            "decorations": [
                {"kind": d.kind, "over": [str(h) for h in d.over]} for d in track.decorations
            ],
            "walls": len(track.walls),
            "one_way": len(track.one_way),
            "warnings": validate_track(track),
        }

    @staticmethod
    def _fork_info(track: Track, index: int) -> dict[str, Any]:
        fork = track.forks[index]
        return {
            "id": fork.id,
            "choice": fork.choice,
            "branches": {
                name: {
                    "cells": len(cells),
                    "lap_length": track.lap_length(track.closed_cells({fork.id: name})),
                }
                for name, cells in sorted(fork.branches.items())
            },
        }

    @staticmethod
    def _pit_info(track: Track) -> dict[str, Any] | None:
        if track.pit is None:
            return None
        return {
            "cells": len(track.pit.cells),
            "length": pit_lap_length(track),
            "lap_length_without_pit": track.lap_length(track.pit.cells),
            "enter_in_gear": track.pit.enter_in_gear,
            "free_driver_change": track.pit.free_driver_change,
        }

    def render_svg(self, track: Track, show: frozenset[str] = frozenset()) -> str:
        """Returns the track as SVG with the given debug overlays."""
        return render_svg(track, show=show)


@lru_cache(maxsize=32)  # thread-safe: bots and replays run in worker threads
def _parse_cached(text: str, source: str, track_id: str) -> Track:
    track = parse_track(text, source=source, track_id=track_id)
    validate_track(track)
    return track


TRACKS = RacerbileTracks()
