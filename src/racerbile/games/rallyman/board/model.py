"""The compiled stage: one directed graph of spaces with global ids ``<instance>:<space>``.

Spaces are indexed 0..n-1 in route order; index ``n`` (:attr:`Stage.finish`) is the virtual
finish space beyond the line (RM-FINISH-1). Only spaces on the route are kept (check 2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Kind = Literal["road", "slide", "shortcut"]
Role = Literal["inside", "slide", "shortcut"]


@dataclass(frozen=True)
class Space:
    """One space of a compiled stage (gears 1-5; ``None`` = no limit of that kind)."""

    gid: str
    kind: Kind
    progress: float
    capacity: int
    surface: Literal["asphalt", "snow"]
    verge: tuple[str, str]  # left, right terrain as seen driving forward
    damage: tuple[int, int]
    xy: tuple[float, float]
    corner: str | None = None
    role: Role | None = None
    slide_index: int = 0
    max_gear: int | None = None
    exact_gear: int | None = None
    jump: int | None = None
    airborne: bool = False
    draws_card: bool = False
    beside: int | None = None
    shortcut_verge: int | None = None


@dataclass(frozen=True)
class Link:
    """A way from one space to the next; a bail-out leaves a slide for the inside line."""

    to: int
    bailout: bool = False


@dataclass(frozen=True)
class Placement:
    """Where a tile lies in a stage (for pictures): axial hex, rotation, face, surface."""

    instance: str
    tile: str
    name: str
    face: str
    surface: str
    at: tuple[int, int]
    rot: int


@dataclass(frozen=True)
class Stage:
    """A compiled special stage (RM-RALLY-1)."""

    id: str
    name: str
    spaces: tuple[Space, ...]
    links: tuple[tuple[Link, ...], ...]
    entry: int
    to_finish: tuple[int, ...]
    placements: tuple[Placement, ...] = ()
    start_edge: tuple[tuple[float, float], tuple[float, float]] = ((0, 0), (0, 0))
    finish_edge: tuple[tuple[float, float], tuple[float, float]] = ((0, 0), (0, 0))
    index: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    @property
    def finish(self) -> int:
        """Returns the index of the virtual finish space beyond the line."""
        return len(self.spaces)

    def gid(self, index: int) -> str:
        """Returns the global id of a space index (``finish`` for the finish space)."""
        return "finish" if index == self.finish else self.spaces[index].gid

    def find(self, gid: str) -> int | None:
        """Returns the index of the space called ``gid`` (or the finish), else None."""
        if gid == "finish":
            return self.finish
        return self.index.get(gid)

    def progress(self, index: int) -> float:
        """Returns how far along the stage a space lies (the finish is furthest)."""
        if index >= self.finish:
            return float("inf")
        return self.spaces[index].progress


@dataclass(frozen=True)
class Rally:
    """A rally: three special stages and whether mechanics follow each (RM-RALLY-1, RM-MECH-1)."""

    id: str
    name: str
    stages: tuple[Stage, ...]
    mechanics_after: tuple[bool, ...]
    description: str = ""
