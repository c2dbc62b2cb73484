"""The Vectrace track catalogue: bundled tracks, loading, validation, info, pictures."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from ...engine.errors import TrackError
from .render import render_svg
from .track import Track, read_track, warnings_for

BUNDLED_DIR = Path(__file__).resolve().parents[2] / "tracks" / "vectrace"
DEFAULT_TRACK = "sprint"


class VectraceTracks:
    """Implements :class:`~racerbile.engine.contract.TrackCatalog` for Vectrace."""

    def bundled(self) -> dict[str, Path]:
        """Returns the bundled track ids mapped to their files."""
        return {path.stem: path for path in sorted(BUNDLED_DIR.glob("*.txt"))}

    def load(self, ref: str) -> Track:
        """Returns the track for a bundled id or a file path; raises TrackError."""
        bundled = self.bundled()
        if ref in bundled:
            return _load_cached(str(bundled[ref]), ref)
        path = Path(ref)
        if not path.exists():
            known = ", ".join(bundled)
            raise TrackError(f"{ref}: no such track file or bundled track (bundled: {known})")
        return read_track(path)

    def validate(self, path: Path) -> list[str]:
        """Returns warnings for the track file at ``path``; raises TrackError on errors."""
        return warnings_for(read_track(Path(path)))

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
def _load_cached(path: str, track_id: str) -> Track:
    return read_track(Path(path), track_id=track_id)


TRACKS = VectraceTracks()
