"""The Rallyman catalogue: bundled tiles, stages and rallies; loading, checking, pictures.

A "track" for Rallyman is a :class:`~.model.Rally`. ``load`` takes a bundled rally id or
a bundled stage id (a one-stage rally); ``parse`` the text of a stage or rally file, whose
tiles and stages are the bundled ones. The catalogue never opens a path it is given.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ....engine.errors import TrackError
from .files import load_toml
from .model import Rally, Stage
from .render import render_rally_svg
from .stagefile import RALLY_FORMAT, STAGE_FORMAT, parse_rally, parse_stage, read_rally, read_stage
from .tilefile import FORMAT as TILE_FORMAT
from .tilefile import Tile, parse_tile, read_tile

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


def text_format(text: str, source: str) -> str:
    """Returns the ``format`` a data text declares; raises TrackError for anything else."""
    for fmt in (TILE_FORMAT, STAGE_FORMAT, RALLY_FORMAT):
        try:
            load_toml(text, source, fmt)
            return fmt
        except TrackError as exc:
            if "field format" not in str(exc):
                raise
    raise TrackError(
        f"{source}: field format: expected one of {TILE_FORMAT}, {STAGE_FORMAT}, {RALLY_FORMAT}"
    )


class RallymanTracks:
    """Implements :class:`~racerbile.engine.contract.TrackCatalog` for Rallyman.

    A "track" is a :class:`~.model.Rally`; the text of a tile file parses to its checked
    :class:`~.tilefile.Tile` (for validation), which cannot be raced or drawn alone.
    """

    setup_fields = ("rally", "rally_text")

    def bundled(self) -> dict[str, Path]:
        """Returns the bundled rally ids mapped to their files."""
        return {p.stem: p for p in sorted((DATA_DIR / "rallies").glob("*.toml"))}

    def load(self, ref: str) -> Rally:
        """Returns a bundled rally, or a bundled stage as a one-stage rally; raises TrackError."""
        if ref in bundled_rallies():
            return bundled_rallies()[ref]
        if ref in bundled_stages():
            return single_stage_rally(bundled_stages()[ref])
        known = ", ".join([*bundled_rallies(), *bundled_stages()])
        raise TrackError(f"{ref}: no bundled rally or stage of that name (bundled: {known})")

    def parse(self, text: str, source: str = "track_text", track_id: str = "custom") -> Any:
        """Returns the rally of a stage or rally text (a tile text: its Tile); raises
        TrackError listing every problem, naming ``source``."""
        fmt = text_format(text, source)
        if fmt == TILE_FORMAT:
            return parse_tile(text, source)
        if fmt == STAGE_FORMAT:
            return single_stage_rally(parse_stage(text, bundled_tiles(), source))
        return parse_rally(text, bundled_stages(), source)

    def text_of(self, data: bytes, source: str) -> str:
        """Returns the text of a file's content; raises TrackError for binary, non-UTF-8,
        empty, oversized or unknown-format content."""
        for fmt in (TILE_FORMAT, STAGE_FORMAT, RALLY_FORMAT):
            try:
                return load_toml(data, source, fmt)[1]
            except TrackError as exc:
                if "field format" not in str(exc):
                    raise
        raise TrackError(
            f"{source}: field format: expected one of {TILE_FORMAT}, {STAGE_FORMAT}, {RALLY_FORMAT}"
        )

    def warnings(self, track: Any) -> list[str]:
        """Returns advice that does not make the data unusable (a tile's long slides)."""
        return list(track.warnings) if isinstance(track, Tile) else []

    def info(self, track: Any) -> dict[str, Any]:
        """Returns the facts the lobby and the CLI show about a rally (or a tile)."""
        if isinstance(track, Tile):
            spec = track.spec
            return {
                "id": spec.id,
                "name": spec.name,
                "spaces": len(spec.space),
                "ports": [p.id for p in spec.port],
                "corners": len(spec.corner),
            }
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

    def render_svg(self, track: Any, show: frozenset[str] = frozenset()) -> str:
        """Returns the rally's stages drawn one below the other (``show`` may hold
        ``"ids"``); raises TrackError for a tile, which is drawn within a stage."""
        if isinstance(track, Tile):
            raise TrackError(f"{track.source}: a tile is drawn as part of a stage")
        return render_rally_svg(track, ids="ids" in show)


TRACKS = RallymanTracks()
