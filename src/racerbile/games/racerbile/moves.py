"""Movement: which step is legal (RB-TURN-4/5, RB-DICE-6/7, RB-CELL-3/5) and move help.

:func:`step_kind` is the one definition of a legal step, used by the rules and by
:func:`move_options`. Move help runs a dynamic programme over ``(cell, heading)``
for the rest of the roll, keeping the cheapest few paths per state (a path never
enters a cell twice), and returns every reachable end cell with its cost: squeals,
sips for cells not moved, and whether the car ends off the track.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...hexgrid import Hex, within_60
from .ranking import closed_for
from .state import Mode, State
from .track import CellKind, Track

NO, ON, OFF = 0, 1, 2  # step kinds: illegal, onto a track cell, off the track (RB-DICE-7)
TURN_OK = tuple(tuple(within_60(a, b) for b in range(6)) for a in range(6))
_KEEP = 3  # paths kept per (cell, heading) state in move help


@dataclass(frozen=True, eq=False)
class Geometry:
    """Per-track tables the hot path reads instead of recomputing hex arithmetic."""

    neighbors: Mapping[Hex, tuple[Hex, ...]]  # lattice neighbour per direction
    open: Mapping[Hex, tuple[bool, ...]]  # a track step (walls, one-way), forks ignored
    finish: Mapping[Hex, tuple[int, ...]]  # RB-TRACK-7 signed crossing per direction
    midway: Mapping[Hex, tuple[int, ...]]  # RB-CELL-4 signed crossing per direction
    kinds: Mapping[Hex, CellKind]
    branch: Mapping[Hex, tuple[str, str]]  # cell -> (fork id, branch name)


@lru_cache(maxsize=64)
def geometry(track: Track) -> Geometry:
    """Returns the precomputed tables of ``track`` (once per track object)."""
    cells = track.cells
    neighbors = {c: tuple(c.neighbor(d) for d in range(6)) for c in cells}
    return Geometry(
        neighbors=neighbors,
        open={c: tuple(track.can_step(c, d) for d in range(6)) for c in cells},
        finish={c: tuple(track.finish_crossing(c, d) for d in range(6)) for c in cells},
        midway={c: tuple(track.midway_crossing(c, d) for d in range(6)) for c in cells},
        kinds=dict(cells),
        branch={
            cell: (fork.id, name)
            for fork in track.forks
            for name, branch_cells in fork.branches.items()
            for cell in branch_cells
        },
    )


def step_kind(
    geo: Geometry,
    cell: Hex,
    heading: int | None,
    direction: int,
    *,
    mode: Mode,
    path: tuple[Hex, ...],
    blocked: frozenset[Hex],
    closed: frozenset[Hex],
) -> int:
    """Returns NO, ON or OFF for a step from ``cell`` in ``direction``.

    RB-TURN-4: at most 60° from ``heading`` (None: the free first step of a Babybile
    turn) and never into a cell of ``path``. RB-CELL-3/5: never into ``blocked``.
    RB-DICE-7: on 10-12 the car goes straight; a straight step that is not a track
    step (no cell, a wall, a one-way edge backwards, a closed branch) leaves the track.
    """
    if heading is not None:
        if mode == "fast":
            if direction != heading:
                return NO
        elif not TURN_OK[heading][direction]:
            return NO
    target = geo.neighbors[cell][direction]
    on_track = geo.open[cell][direction] and target not in closed
    if mode == "fast" and heading is not None and not on_track:
        return OFF
    if not on_track or target in blocked or target in path:
        return NO
    return ON


def legal_steps(
    state: State, directions: range | tuple[int, ...] = range(6)
) -> list[tuple[int, int]]:
    """Returns ``(direction, kind)`` for every legal step of the car moving now."""
    turn = state.turn
    assert turn is not None
    car = state.cars[turn.seat]
    geo = geometry(state.config.track)
    closed = closed_for(state.config, state.forks, car.laps)
    out = []
    for d in directions:
        kind = step_kind(
            geo, car.cell, turn.heading, d,
            mode=turn.mode, path=turn.path, blocked=turn.blocked, closed=closed,
        )  # fmt: skip
        if kind:
            out.append((d, kind))
    return out


@dataclass(frozen=True, slots=True)
class MoveOption:
    """One reachable end cell of the current roll and the cheapest way there."""

    cell: Hex
    sips: int
    squeals: int
    unmoved: int
    off_track: bool
    directions: tuple[int, ...]
    laps: int = 0  # lines crossed on the way, signed (RB-TRACK-7)

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form shown to the player."""
        return {
            "cell": [self.cell.q, self.cell.r],
            "sips": self.sips,
            "squeals": self.squeals,
            "unmoved": self.unmoved,
            "off_track": self.off_track,
            "path": list(self.directions),
            "laps": self.laps,
        }


@dataclass(frozen=True, slots=True)
class _Path:
    cost: int
    squeals: int
    directions: tuple[int, ...]
    cells: tuple[Hex, ...]
    laps: int


def move_options(state: State) -> dict[Hex, MoveOption]:
    """Returns every end cell the moving car can reach with this roll, cheapest first.

    The cost counts from now: squeals (7-9), one sip per cell of the count not moved
    (stopping early, being blocked, leaving the track). Returns ``{}`` outside a move.
    """
    turn = state.turn
    if state.phase != "race" or turn is None or turn.phase != "move":
        return {}
    car = state.cars[turn.seat]
    geo = geometry(state.config.track)
    remaining = turn.total - turn.moved
    best: dict[Hex, MoveOption] = {}

    def offer(path: _Path, unmoved: int, off: bool = False) -> None:
        cell = path.cells[-1]
        sips = path.cost + unmoved
        old = best.get(cell)
        if old is None or sips < old.sips:
            laps = path.laps - car.laps
            best[cell] = MoveOption(cell, sips, path.squeals, unmoved, off, path.directions, laps)

    start = _Path(0, 0, (), turn.path, car.laps)
    frontier: dict[tuple[Hex, int | None], list[_Path]] = {(car.cell, turn.heading): [start]}
    for k in range(remaining + 1):
        grown: dict[tuple[Hex, int | None], list[_Path]] = {}
        for (cell, heading), paths in frontier.items():
            for path in paths:
                moves = _extend(state, geo, cell, heading, path) if k < remaining else []
                can_stop = (turn.mode != "fast" and turn.moved + k >= 1) or (
                    k < remaining and not moves
                )
                if k == remaining:
                    offer(path, 0)
                elif can_stop:
                    offer(path, remaining - k)
                for direction, kind, nxt in moves:
                    if kind == OFF:
                        offer(nxt, remaining - k, off=True)
                        continue
                    grown.setdefault((nxt.cells[-1], direction), []).append(nxt)
        frontier = {key: _cheapest(paths) for key, paths in grown.items()}
        if not frontier:
            break
    return dict(sorted(best.items(), key=lambda item: (item[1].sips, item[0])))


def _extend(
    state: State, geo: Geometry, cell: Hex, heading: int | None, path: _Path
) -> list[tuple[int, int, _Path]]:
    turn = state.turn
    assert turn is not None
    closed = closed_for(state.config, state.forks, path.laps)
    out = []
    for d in range(6):
        kind = step_kind(
            geo, cell, heading, d,
            mode=turn.mode, path=path.cells, blocked=turn.blocked, closed=closed,
        )  # fmt: skip
        if not kind:
            continue
        squeal = int(turn.mode == "reckless" and heading is not None and d != heading)
        target = geo.neighbors[cell][d]
        laps = path.laps + (geo.finish[cell][d] if kind == ON else 0)
        nxt = _Path(path.cost + squeal, path.squeals + squeal, (*path.directions, d),
                    (*path.cells, target), laps)  # fmt: skip
        out.append((d, kind, nxt))
    return out


def _cheapest(paths: list[_Path]) -> list[_Path]:
    paths.sort(key=lambda p: p.cost)
    return paths[:_KEEP]
