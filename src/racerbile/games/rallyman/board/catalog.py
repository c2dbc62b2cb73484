"""The Rallyman catalogue: bundled tiles, stages and rallies; loading, checking, pictures.

A "track" for Rallyman is a :class:`~.model.Rally`. ``load`` takes a bundled rally id, a
bundled stage id (a one-stage rally) or the path of a stage or rally file; stage and rally
files name bundled tiles and stages.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ....engine.errors import TrackError
from .files import load_toml, read_bytes
from .model import Rally, Stage
from .render import render_rally_svg
from .stagefile import RALLY_FORMAT, STAGE_FORMAT, read_rally, read_stage
from .tilefile import FORMAT as TILE_FORMAT
from .tilefile import Tile, read_tile

DATA_DIR = Path(__file__).resolve().parents[3] / "tracks" / "rallyman"
DEFAULT_RALLY = "kalkbrud"


@cache
def bundled_tiles() -> dict[str, Tile]:
    """Returns the bundled tiles by id."""
    return {t.id: t for t in (read_tile(p) for p in sorted((DATA_DIR / "tiles").glob("*.toml")))}


@cache
def bundled_stages() -> dict[str, Stage]:
    """Returns the bundled stages by id."""
    tiles = bundled_tiles()
    stages = (read_stage(p, tiles) for p in sorted((DATA_DIR / "stages").glob("*.toml")))
    return {s.id: s for s in stages}


@cache
def bundled_rallies() -> dict[str, Rally]:
    """Returns the bundled rallies by id."""
    stages = bundled_stages()
    rallies = (read_rally(p, stages) for p in sorted((DATA_DIR / "rallies").glob("*.toml")))
    return {r.id: r for r in rallies}


def single_stage_rally(stage: Stage) -> Rally:
    """Returns a one-stage rally (solo time trials, tests)."""
    return Rally(stage.id, stage.name, (stage,), (False,))


def file_format(path: Path) -> str:
    """Returns the ``format`` a data file declares; raises TrackError for unreadable files."""
    raw = read_bytes(path)
    for fmt in (TILE_FORMAT, STAGE_FORMAT, RALLY_FORMAT):
        try:
            load_toml(raw, str(path), fmt)
            return fmt
        except TrackError as exc:
            if "field format" not in str(exc):
                raise
    raise TrackError(
        f"{path}: field format: expected one of {TILE_FORMAT}, {STAGE_FORMAT}, {RALLY_FORMAT}"
    )


class RallymanTracks:
    """Implements :class:`~racerbile.engine.contract.TrackCatalog` for Rallyman."""

    def bundled(self) -> dict[str, Path]:
        """Returns the bundled rally ids mapped to their files."""
        return {p.stem: p for p in sorted((DATA_DIR / "rallies").glob("*.toml"))}

    def load(self, ref: str) -> Rally:
        """Returns the rally for a bundled rally or stage id or a file; raises TrackError."""
        if ref in bundled_rallies():
            return bundled_rallies()[ref]
        if ref in bundled_stages():
            return single_stage_rally(bundled_stages()[ref])
        path = Path(ref)
        if not path.is_file():
            known = ", ".join([*bundled_rallies(), *bundled_stages()])
            raise TrackError(f"{ref}: no such file, bundled rally or stage (bundled: {known})")
        fmt = file_format(path)
        if fmt == STAGE_FORMAT:
            return single_stage_rally(read_stage(path, bundled_tiles()))
        if fmt == RALLY_FORMAT:
            return read_rally(path, bundled_stages())
        raise TrackError(f"{path}: a tile file is not a stage or a rally; name a stage or rally")

    def validate(self, path: Path) -> list[str]:
        """Checks a tile, stage or rally file; returns warnings, raises TrackError on errors."""
        fmt = file_format(Path(path))
        if fmt == TILE_FORMAT:
            return list(read_tile(Path(path)).warnings)
        if fmt == STAGE_FORMAT:
            read_stage(Path(path), bundled_tiles())
            return []
        read_rally(Path(path), bundled_stages())
        return []

    def info(self, track: Rally) -> dict[str, Any]:
        """Returns the facts the lobby and the CLI show about a rally."""
        return {
            "id": track.id,
            "name": track.name,
            "description": track.description,
            "stages": [
                {
                    "id": s.id,
                    "name": s.name,
                    "spaces": len(s.spaces),
                    "dice_to_finish": s.to_finish[s.entry],
                    "mechanics_after": m,
                }
                for s, m in zip(track.stages, track.mechanics_after, strict=True)
            ],
            "max_players": 4,
        }

    def render_svg(self, track: Rally, show: frozenset[str] = frozenset()) -> str:
        """Returns the rally's stages drawn side by side (``show`` may hold ``"ids"``)."""
        return render_rally_svg(track, ids="ids" in show)


TRACKS = RallymanTracks()
