"""The Racerbile track catalog: bundled tracks, loading, validation, facts and pictures.

:data:`TRACKS` implements :class:`racerbile.engine.contract.TrackCatalog`. Bundled tracks
are the ``*.toml`` files in ``racerbile/tracks/racerbile``; their id is the file stem.
Every track is validated (RB-TRACK-8) when loaded; loaded tracks are cached by
resolved path, modification time and size, so an edited file is read again.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from ...engine.errors import TrackError
from ...hexgrid import direction_names
from .render import render_svg
from .track import CellKind, Track
from .trackfile import read_track
from .validate import pit_lap_length, validate_track


def _bundled_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "tracks" / "racerbile"


class RacerbileTracks:
    """Racerbile's :class:`~racerbile.engine.contract.TrackCatalog`."""

    def __init__(self, directory: Path | None = None):
        self._directory = directory
        self._cache: dict[tuple[str, int, int], tuple[Track, list[str]]] = {}

    @property
    def directory(self) -> Path:
        """The folder holding the bundled track files."""
        return self._directory or _bundled_dir()

    def bundled(self) -> dict[str, Path]:
        """Returns the bundled tracks as id -> file path, sorted by id."""
        return {p.stem: p for p in sorted(self.directory.glob("*.toml"))}

    def resolve(self, ref: str | Path) -> Path:
        """Returns the file of a bundled id or a path; raises TrackError if neither exists."""
        bundled = self.bundled()
        if isinstance(ref, str) and ref in bundled:
            return bundled[ref]
        path = Path(ref)
        if path.is_file():
            return path
        if path.exists():
            raise TrackError(f"{path}: not a track file (it is a folder)")
        raise TrackError(
            f"{ref}: no such track file, and no bundled track has that id "
            f"(bundled: {', '.join(bundled) or 'none'})"
        )

    def load(self, ref: str | Path) -> Track:
        """Returns the validated track for a bundled id or a path; raises TrackError."""
        return self._load(self.resolve(ref))[0]

    def validate(self, path: Path) -> list[str]:
        """Reads and checks a track file; returns its warnings, raises TrackError."""
        return list(self._load(self.resolve(path))[1])

    def warnings(self, track: Track) -> list[str]:
        """Returns the validator's warnings for a loaded track."""
        return validate_track(track)

    def _load(self, path: Path) -> tuple[Track, list[str]]:
        try:
            stat = path.stat()
        except OSError as exc:
            raise TrackError(f"{path}: cannot read the track file: {exc.strerror or exc}") from None
        key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
        if key not in self._cache:
            bundled = path.parent.resolve() == self.directory.resolve()
            track = read_track(path, track_id=path.stem if bundled else None)
            self._cache[key] = (track, validate_track(track))
        return self._cache[key]

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


TRACKS = RacerbileTracks()
