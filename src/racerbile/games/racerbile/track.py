"""The Racerbile track model: facts from the track file, and everything derived from them.

Rule ids: RB-TRACK-1…8. A :class:`Track` is immutable. It stores the facts (cells and
their kinds, finish and midway edges, walls, one-way edges, forks, pit, grid) and
derives the neighbour graph and the distance to the start/finish line for every
set of closed fork branches (RB-TRACK-6), cached per set.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Literal

from ...hexgrid import Hex, Orientation, opposite

Edge = tuple[Hex, int]  # leaving cell Hex in direction int


class CellKind(enum.StrEnum):
    """RB-TRACK-2: the seed's four cell kinds."""

    normal = "normal"
    downshift = "downshift"
    block = "block"
    midway = "midway"


@dataclass(frozen=True)
class GridSlot:
    """RB-START-2: a start place; ``facing`` is the heading (RB-RACE-4), if given."""

    at: Hex
    facing: int | None = None


@dataclass(frozen=True)
class Fork:
    """RB-TRACK-3: branches (cells strictly inside each) of which the first car chooses one."""

    id: str
    branches: Mapping[str, frozenset[Hex]]
    choice: Literal["per_race", "per_lap"] = "per_race"

    def branch_of(self, cell: Hex) -> str | None:
        """Returns the name of the branch holding ``cell``, if any."""
        for name, cells in self.branches.items():
            if cell in cells:
                return name
        return None


@dataclass(frozen=True)
class Pit:
    """RB-LM-8/9: the pit lane."""

    cells: frozenset[Hex]
    enter_in_gear: int = 1
    free_driver_change: bool = True


@dataclass(frozen=True)
class Decoration:
    """A drawn-only feature, e.g. the Dunlop bridge over some cells (RB-LM-6)."""

    kind: str
    over: tuple[Hex, ...]


@dataclass(frozen=True, eq=False)
class Track:
    """A loaded, validated track. Compared by identity; ``content_hash`` names its content."""

    id: str
    name: str
    cells: Mapping[Hex, CellKind]
    finish: frozenset[Edge]
    midway: frozenset[Edge] = frozenset()
    walls: frozenset[Edge] = frozenset()
    one_way: frozenset[Edge] = frozenset()
    grid: tuple[GridSlot, ...] = ()
    forks: tuple[Fork, ...] = ()
    pit: Pit | None = None
    tags: Mapping[Hex, frozenset[str]] = field(default_factory=dict)
    decorations: tuple[Decoration, ...] = ()
    laps: int = 3
    grid_behind_line: bool = True
    orientation: Orientation = "pointy"
    style: Mapping[str, str] = field(default_factory=dict)
    source: str = ""
    content_hash: str = ""
    description: str = ""

    # -- the neighbour graph -------------------------------------------------------

    def is_cell(self, h: Hex) -> bool:
        """Tells whether ``h`` is a track cell."""
        return h in self.cells

    def kind(self, h: Hex) -> CellKind | None:
        """Returns the kind of cell ``h``, or None off the track."""
        return self.cells.get(h)

    def has_tag(self, h: Hex, tag: str) -> bool:
        """Tells whether cell ``h`` carries ``tag`` (e.g. ``fortytwo``)."""
        return tag in self.tags.get(h, frozenset())

    @cached_property
    def _blocked_edges(self) -> frozenset[Edge]:
        """Directed edges no car may cross: both sides of walls, and one-way edges backwards."""
        blocked: set[Edge] = set()
        for cell, d in self.walls:
            blocked.add((cell, d))
            blocked.add((cell.neighbor(d), opposite(d)))
        for cell, d in self.one_way:
            blocked.add((cell.neighbor(d), opposite(d)))
        return frozenset(blocked)

    def edge_open(self, cell: Hex, direction: int) -> bool:
        """Tells whether the edge may be crossed this way (RB-TRACK-4, RB-TRACK-8)."""
        return (cell, direction) not in self._blocked_edges

    def can_step(self, cell: Hex, direction: int, closed: frozenset[Hex] = frozenset()) -> bool:
        """Tells whether a car may step from ``cell`` in ``direction`` (ignoring other cars)."""
        target = cell.neighbor(direction)
        return target in self.cells and target not in closed and self.edge_open(cell, direction)

    def steps(self, cell: Hex, closed: frozenset[Hex] = frozenset()) -> list[tuple[int, Hex]]:
        """Returns the legal ``(direction, target)`` steps out of ``cell``."""
        return [(d, cell.neighbor(d)) for d in range(6) if self.can_step(cell, d, closed)]

    # -- laps and lines --------------------------------------------------------------

    def finish_crossing(self, cell: Hex, direction: int) -> int:
        """RB-TRACK-7: +1 for a forward crossing of the line, -1 backwards, else 0."""
        if (cell, direction) in self.finish:
            return 1
        if (cell.neighbor(direction), opposite(direction)) in self.finish:
            return -1
        return 0

    def midway_crossing(self, cell: Hex, direction: int) -> int:
        """RB-CELL-4: +1 when a step leaves the midway cells forwards, -1 backwards, else 0."""
        if (cell, direction) in self.midway:
            return 1
        if (cell.neighbor(direction), opposite(direction)) in self.midway:
            return -1
        return 0

    # -- forks -----------------------------------------------------------------------

    def fork_at(self, cell: Hex) -> tuple[Fork, str] | None:
        """Returns the fork and branch that ``cell`` lies in, if any."""
        for fork in self.forks:
            branch = fork.branch_of(cell)
            if branch is not None:
                return fork, branch
        return None

    def closed_cells(self, choices: Mapping[str, str]) -> frozenset[Hex]:
        """Returns the cells of every branch not chosen, for forks already chosen."""
        closed: set[Hex] = set()
        for fork in self.forks:
            chosen = choices.get(fork.id)
            if chosen is None:
                continue
            for name, cells in fork.branches.items():
                if name != chosen:
                    closed |= cells
        return frozenset(closed)

    # -- distances ---------------------------------------------------------------------

    def distances(self, closed: frozenset[Hex] = frozenset()) -> Mapping[Hex, int]:
        """RB-TRACK-6: returns the fewest legal steps from each cell to the next forward
        crossing of the line (1 on the cells just before it), with ``closed`` cells shut.

        Cells that cannot reach the line are missing from the result.
        """
        cache = self._distance_cache
        if closed not in cache:
            cache[closed] = MappingProxyType(self._bfs_to_line(closed))
        return cache[closed]

    @cached_property
    def _distance_cache(self) -> dict[frozenset[Hex], Mapping[Hex, int]]:
        return {}

    def _bfs_to_line(self, closed: frozenset[Hex]) -> dict[Hex, int]:
        dist: dict[Hex, int] = {}
        queue: deque[Hex] = deque()
        for cell, _ in sorted(self.finish):
            if cell in self.cells and cell not in closed and cell not in dist:
                dist[cell] = 1
                queue.append(cell)
        while queue:
            here = queue.popleft()
            for d in range(6):
                before = here.neighbor(d)  # a cell that might step into `here`
                back = opposite(d)
                if before in dist or before not in self.cells or before in closed:
                    continue
                if not self.edge_open(before, back) or self.finish_crossing(before, back):
                    continue
                dist[before] = dist[here] + 1
                queue.append(before)
        return dist

    def lap_length(self, closed: frozenset[Hex] = frozenset()) -> int:
        """RB-TRACK-6: the shortest lap, the least distance over the cells just past the line."""
        field_ = self.distances(closed)
        after = [c.neighbor(d) for c, d in self.finish if c.neighbor(d) in field_]
        return min(field_[c] for c in after) if after else 0

    def bounds(self) -> tuple[int, int, int, int]:
        """Returns min q, min r, max q, max r over the cells."""
        qs = [h.q for h in self.cells]
        rs = [h.r for h in self.cells]
        return min(qs), min(rs), max(qs), max(rs)

    def _repr_svg_(self) -> str:
        from .render import render_svg

        return render_svg(self)


def as_hexes(pairs: Iterable[Iterable[int]]) -> frozenset[Hex]:
    """Returns a set of hexes from ``[q, r]`` pairs."""
    return frozenset(Hex(*p) for p in pairs)
