"""The Vectrace track catalogue: bundled tracks, loading, validation, info, pictures.

Any track other than a bundled one arrives as text (a setup's ``track_text``, a file
the command line read): the catalogue never opens a path it is given.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from ...engine.errors import TrackError
from .render import render_svg
from .track import Track, import_track, parse_track, warnings_for

BUNDLED_DIR = Path(__file__).resolve().parents[2] / "tracks" / "vectrace"
DEFAULT_TRACK = "sprint"


def unknown_track(bundled: dict[str, Path]) -> str:
    """Returns the refusal of a track id that is not bundled (it never echoes the id)."""
    return (
        f"not a bundled track id; the bundled tracks are {', '.join(bundled) or 'none'} "
        "(send a track file's text as track_text)"
    )


class VectraceTracks:
    """Implements :class:`~racerbile.engine.contract.TrackCatalog` for Vectrace."""

    setup_fields = ("track", "track_text")

    def bundled(self) -> dict[str, Path]:
        """Returns the bundled track ids mapped to their files."""
        return {path.stem: path for path in sorted(BUNDLED_DIR.glob("*.txt"))}

    def load(self, ref: str) -> Track:
        """Returns the bundled track ``ref``; raises TrackError for any other id."""
        path = self.bundled().get(ref)
        if path is None:
            raise TrackError(f"track: {unknown_track(self.bundled())}")
        return _load_bundled(str(path), ref)

    def parse(self, text: str, source: str = "track_text", track_id: str = "custom") -> Track:
        """Returns the track of native-format text; raises TrackError naming ``source``."""
        return _parse_cached(text, source, track_id)

    def text_of(self, data: bytes, source: str) -> str:
        """Returns the native track text of a file's content (imported by the suffix of
        ``source``); raises TrackError naming ``source`` if it is not a track."""
        return import_track(data, source).text()

    def warnings(self, track: Track) -> list[str]:
        """Returns advice on ``track`` that does not make it unusable."""
        return warnings_for(track)

    def info(self, track: Track) -> dict[str, Any]:
        """Returns the facts the lobby and the CLI show about ``track``."""
        return {
            "id": track.id,
            "name": track.name or track.id,
            "author": track.author,
            "description": track.description,
            "width": track.width,
            "height": track.height,
            "starts": len(track.starts),
            "finish_points": len(track.finishes),
            "checkpoints": len(track.checkpoints),
            "circuit": track.is_circuit,
            "laps": track.laps,
            "max_players": min(8, len(track.starts)),
        }

    def render_svg(self, track: Track, show: frozenset[str] = frozenset()) -> str:
        """Returns the track drawn on grid paper (``show`` may hold ``"coords"``)."""
        return render_svg(track, coords="coords" in show, title=True)


@lru_cache(maxsize=32)
def _load_bundled(path: str, track_id: str) -> Track:
    return import_track(Path(path).read_bytes(), path, track_id=track_id)


@lru_cache(maxsize=32)
def _parse_cached(text: str, source: str, track_id: str) -> Track:
    return parse_track(text, source=source, track_id=track_id)


TRACKS = VectraceTracks()
