"""Track validation: RB-TRACK-8 and every check of racerbile-tracks.md §3.3.

:func:`validate_track` runs on a loaded :class:`~.track.Track` (the loader already
checked the lattice, the legend and the field shapes). It raises
:class:`~racerbile.engine.errors.TrackError` at the first error, with one message
naming the file and the field or cell, and returns the warnings as sentences.

Errors, in the order they are checked:

* an edge of ``finish``, ``midway``, ``walls`` or ``one_way`` that does not join two
  track cells; a grid slot off the track or facing off it; no start/finish line;
* a cell that cannot reach the line, or that no car can reach from the start
  (an island, or a pocket sealed off by walls or one-way arrows);
* fork branches that are empty, overlap, or touch on an open edge; a fork choice
  that leaves some open cell cut off from the line;
* a pit lane not crossed by the start/finish line;
* a hole in the line: a cell just past it that is not almost a lap away, or a way
  from just before the line to just past it that does not cross it.

Warnings: a pit lane that is a shortcut, a lap that can avoid the midway line,
midway cells without midway edges, grid slots on the wrong side of the line, and
unknown tags or decorations.

**Decision:** branch cells separated by a wall do not touch (a wall is how a board
separates parts that meet on the lattice, RB-TRACK-8).
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable, Mapping

from ...engine.errors import TrackError
from ...hexgrid import Hex, direction_names
from .track import Edge, Track

KNOWN_TAGS = frozenset({"fortytwo"})
KNOWN_DECORATIONS = frozenset({"dunlop_bridge"})
_MAX_FORK_COMBINATIONS = 64


def validate_track(track: Track) -> list[str]:
    """Checks a track against RB-TRACK-8 and §3.3; returns the warnings.

    Raises TrackError naming the file and the field or cell of the first error.
    """
    return _Validator(track).run()


def forward_reach(
    track: Track, starts: Iterable[Hex], closed: frozenset[Hex] = frozenset(), *, cut_line: bool
) -> dict[Hex, int]:
    """Returns the fewest legal steps from ``starts`` to every cell a car can drive to.

    With ``cut_line`` the start/finish edges cannot be crossed either way.
    """
    dist: dict[Hex, int] = {}
    queue: deque[Hex] = deque()
    for cell in sorted(starts):
        if cell in track.cells and cell not in closed and cell not in dist:
            dist[cell] = 0
            queue.append(cell)
    while queue:
        here = queue.popleft()
        for d, there in track.steps(here, closed):
            if there in dist or (cut_line and track.finish_crossing(here, d)):
                continue
            dist[there] = dist[here] + 1
            queue.append(there)
    return dist


def line_sources(track: Track) -> set[Hex]:
    """Returns the cells just before the start/finish line."""
    return {cell for cell, _ in track.finish}


def line_targets(track: Track) -> set[Hex]:
    """Returns the cells just past the start/finish line."""
    return {cell.neighbor(d) for cell, d in track.finish}


def pit_lap_length(track: Track) -> int | None:
    """Returns the shortest lap through the pit lane, or None without a reachable pit."""
    if track.pit is None:
        return None
    after = forward_reach(track, line_targets(track), cut_line=True)
    dist = track.distances()
    laps = [after[c] + dist[c] for c in track.pit.cells if c in after and c in dist]
    return min(laps) if laps else None


def _cells_text(cells: Iterable[Hex], limit: int = 6) -> str:
    ordered = sorted(cells, key=lambda h: (h.r, h.q))
    text = ", ".join(str(h) for h in ordered[:limit])
    return text + (f" and {len(ordered) - limit} more" if len(ordered) > limit else "")


class _Validator:
    """Runs the checks in order; ``fail`` builds the one TrackError."""

    def __init__(self, track: Track):
        self.track = track
        self.names = direction_names(track.orientation)
        self.warnings: list[str] = []

    def run(self) -> list[str]:
        self.check_edges()
        self.check_grid()
        self.check_reachable(frozenset(), "")
        self.check_forks()
        self.check_pit()
        self.check_line_spans()
        self.check_midway()
        self.check_grid_side()
        self.check_names()
        return self.warnings

    # -- helpers ------------------------------------------------------------------

    def fail(self, where: str, what: str) -> TrackError:
        return TrackError(f"{self.track.source or self.track.id}: {where}: {what}")

    def warn(self, where: str, what: str) -> None:
        self.warnings.append(f"{self.track.source or self.track.id}: {where}: {what}")

    def edge_text(self, edge: Edge) -> str:
        cell, d = edge
        return f"{cell} {self.names[d % 6]}"

    # -- checks -------------------------------------------------------------------

    def check_edges(self) -> None:
        """Every listed edge joins two existing track cells (§3.3)."""
        t = self.track
        if not t.finish:
            raise self.fail("field finish.edges", "the track has no start/finish line")
        fields = {
            "finish.edges": t.finish,
            "midway.edges": t.midway,
            "constraints.walls": t.walls,
            "constraints.one_way": t.one_way,
        }
        for name, edges in fields.items():
            for cell, d in sorted(edges):
                if not 0 <= d < 6:
                    raise self.fail(f"field {name}", f"direction {d} of edge at {cell} is not 0-5")
                if cell not in t.cells or cell.neighbor(d) not in t.cells:
                    raise self.fail(
                        f"field {name}",
                        f"the edge {self.edge_text((cell, d))} does not join two track cells "
                        f"({cell} to {cell.neighbor(d)})",
                    )

    def check_grid(self) -> None:
        """Grid cells exist and each facing points at a cell (§3.3, RB-START-2)."""
        if not self.track.grid:
            raise self.fail("field grid", "the track has no start grid")
        for i, slot in enumerate(self.track.grid):
            if slot.at not in self.track.cells:
                raise self.fail(f"field grid[{i}].at", f"cell {slot.at} is not on the track")
            if slot.facing is not None and slot.at.neighbor(slot.facing) not in self.track.cells:
                raise self.fail(
                    f"field grid[{i}].facing", f"grid slot {slot.at} faces off the track"
                )

    def check_reachable(self, closed: frozenset[Hex], context: str) -> None:
        """RB-TRACK-8: every open cell reaches the line and can be reached from the start."""
        t = self.track
        dist = t.distances(closed)
        open_cells = [c for c in t.cells if c not in closed]
        stuck = [c for c in open_cells if c not in dist]
        if stuck:
            raise self.fail(
                self.cell_field(stuck),
                f"{context}cell {_cells_text(stuck)} cannot reach the start/finish line "
                "(an island, or sealed off by walls or one-way arrows)",
            )
        starts = line_targets(t) | {slot.at for slot in t.grid}
        reached = forward_reach(t, starts, closed, cut_line=False)
        lost = [c for c in open_cells if c not in reached]
        if lost:
            raise self.fail(
                self.cell_field(lost),
                f"{context}cell {_cells_text(lost)} cannot be reached from the start "
                "(sealed off by walls or one-way arrows)",
            )
        if t.lap_length(closed) <= 0:
            raise self.fail("field finish.edges", f"{context}no lap leads back to the line")

    def cell_field(self, cells: list[Hex]) -> str:
        pit = self.track.pit
        if pit is not None and any(c in pit.cells for c in cells):
            return "field pit.cells"
        return "field map.rows"

    def check_forks(self) -> None:
        """RB-TRACK-3: branches disjoint, not touching, and every choice keeps the loop."""
        seen: dict[Hex, str] = {}
        ids: set[str] = set()
        for i, fork in enumerate(self.track.forks):
            where = f"field fork[{i}] ({fork.id})"
            if fork.id in ids:
                raise self.fail(where, f"fork id {fork.id!r} is used twice")
            ids.add(fork.id)
            if len(fork.branches) < 2:
                raise self.fail(where, "a fork needs at least two branches")
            for name, cells in fork.branches.items():
                if not cells:
                    raise self.fail(f"{where}.branches.{name}", "the branch has no cells")
                for cell in sorted(cells):
                    if cell in seen:
                        raise self.fail(
                            f"{where}.branches.{name}",
                            f"cell {cell} is also in branch {seen[cell]}; "
                            "branches must be disjoint",
                        )
                    seen[cell] = f"{fork.id}.{name}"
            self.check_touching(where, fork.branches)
        self.check_fork_choices()

    def check_touching(self, where: str, branches: Mapping[str, frozenset[Hex]]) -> None:
        for (na, a), (nb, b) in itertools.combinations(sorted(branches.items()), 2):
            for cell in sorted(a):
                for d in range(6):
                    other = cell.neighbor(d)
                    if other in b and (cell, d) not in self.walls_both_ways:
                        raise self.fail(
                            where,
                            f"branches {na} and {nb} touch at {cell} and {other}; a car could "
                            "cut across (leave a gap or put a wall on that edge)",
                        )

    @property
    def walls_both_ways(self) -> set[Edge]:
        walls = set(self.track.walls)
        return walls | {(c.neighbor(d), (d + 3) % 6) for c, d in walls}

    def check_fork_choices(self) -> None:
        forks = self.track.forks
        options = [sorted(f.branches) for f in forks]
        combos = list(itertools.islice(itertools.product(*options), _MAX_FORK_COMBINATIONS))
        for combo in combos if forks else []:
            choices = {f.id: name for f, name in zip(forks, combo, strict=True)}
            text = ", ".join(f"{k}={v}" for k, v in choices.items())
            self.check_reachable(
                self.track.closed_cells(choices), f"with fork branch {text} chosen, "
            )

    def check_pit(self) -> None:
        """RB-LM-8/9 and §3.3: the line crosses the pit; warn if the pit is a shortcut."""
        t = self.track
        if t.pit is None:
            return
        if not t.pit.cells:
            raise self.fail("field pit.cells", "the pit lane has no cells")
        if not any(c in t.pit.cells or c.neighbor(d) in t.pit.cells for c, d in t.finish):
            raise self.fail(
                "field pit.cells",
                "the start/finish line does not cross the pit lane, so a car in the pit "
                "would never complete a lap; add finish edges across the pit lane",
            )
        via_pit = pit_lap_length(t)
        main = t.lap_length(t.pit.cells)
        if via_pit is not None and main and via_pit < main:
            self.warn(
                "field pit.cells",
                f"the pit lane is a shortcut: a lap through it is {via_pit} cells, "
                f"{main} on the track",
            )

    def check_line_spans(self) -> None:
        """RB-TRACK-8 and §3.3: the line spans the track (no holes, no way around it)."""
        t = self.track
        dist = t.distances()
        longest = max(dist.values())
        for target in sorted(line_targets(t)):
            if dist[target] * 2 < longest:
                raise self.fail(
                    "field finish.edges",
                    f"the start/finish line has a hole: cell {target} just past the line is "
                    f"only {dist[target]} steps from crossing it again (the longest distance "
                    f"is {longest}); extend the line across the whole track",
                )
        around = forward_reach(t, line_sources(t), cut_line=True)
        for target in sorted(line_targets(t)):
            steps = around.get(target)
            if steps is not None and steps * 2 < longest:
                raise self.fail(
                    "field finish.edges",
                    f"the start/finish line has a hole: a car can get to {target} just past "
                    f"the line in {steps} steps from before it without crossing it",
                )

    def check_midway(self) -> None:
        """RB-CELL-4: warn when the midway line is missing or can be driven round."""
        t = self.track
        has_cells = any(kind == "midway" for kind in t.cells.values())
        if not t.midway:
            if has_cells:
                self.warn("field midway.edges", "the track has midway cells but no midway edges")
            return
        seen = set(line_targets(t))
        queue = deque(sorted(seen))
        while queue:
            here = queue.popleft()
            for d, there in t.steps(here):
                if there in seen or t.finish_crossing(here, d) or t.midway_crossing(here, d):
                    continue
                seen.add(there)
                queue.append(there)
        if seen & line_sources(t):
            self.warn(
                "field midway.edges",
                "a car can drive a whole lap without crossing the midway line",
            )

    def check_grid_side(self) -> None:
        """RB-TRACK-7: grid slots lie on the side of the line the file says."""
        t = self.track
        dist = t.distances()
        half = max(dist.values()) / 2
        for i, slot in enumerate(t.grid):
            behind = dist[slot.at] <= half
            if behind != t.grid_behind_line:
                side = "past" if t.grid_behind_line else "behind"
                self.warn(
                    f"field grid[{i}].at",
                    f"grid slot {slot.at} lies {side} the line, but meta.grid_behind_line "
                    f"is {str(t.grid_behind_line).lower()}",
                )

    def check_names(self) -> None:
        for cell, tags in sorted(self.track.tags.items()):
            for tag in sorted(tags - KNOWN_TAGS):
                self.warn("field cell.tags", f"unknown tag {tag!r} on cell {cell}")
        for i, deco in enumerate(self.track.decorations):
            if deco.kind not in KNOWN_DECORATIONS:
                self.warn(f"field decoration[{i}].kind", f"unknown decoration {deco.kind!r}")
