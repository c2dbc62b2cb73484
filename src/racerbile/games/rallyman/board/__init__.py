"""Rallyman stages: tile, stage and rally files, their checks, the compiled model, pictures."""

from .catalog import TRACKS, RallymanTracks, bundled_rallies, bundled_stages, bundled_tiles
from .model import Link, Rally, Space, Stage

__all__ = [
    "TRACKS",
    "Link",
    "Rally",
    "RallymanTracks",
    "Space",
    "Stage",
    "bundled_rallies",
    "bundled_stages",
    "bundled_tiles",
]
