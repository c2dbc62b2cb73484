"""Movement: which step is legal (RB-TURN-4/5, RB-DICE-6/7, RB-CELL-3/5) and move help.

:func:`step_kind` is the one definition of a legal step, used by the rules and by
:func:`move_options`; the hot paths read the same facts from per-track tables
(:class:`Geometry`). Move help runs a dynamic programme over ``(cell, heading)``
for the rest of the roll, keeping the cheapest few paths per state (a path never
enters a cell twice), and returns every reachable end cell with its cost: squeals,
sips for cells not moved, and whether the car ends off the track. Its answers are
memoised per track, keyed by everything they depend on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Any

from ....hexgrid import Hex, distance, within_60
from ..state import Mode, State, Turn
from ..track import CellKind, Track
from .ranking import closed_for, field_for

NO, ON, OFF = 0, 1, 2  # step kinds: illegal, onto a track cell, off the track (RB-DICE-7)
FAR = 10_000  # the distance of a cell that cannot reach the line (as in ranking.py)
TURN_OK = tuple(tuple(within_60(a, b) for b in range(6)) for a in range(6))
_KEEP = 3  # paths kept per (cell, heading) state in move help
_Step = tuple[int, Hex, bool, int]  # direction, target, a track step (forks aside), finish


@dataclass(frozen=True, eq=False)
class Geometry:
    """Per-track tables the hot path reads instead of recomputing hex arithmetic."""

    neighbors: Mapping[Hex, tuple[Hex, ...]]  # lattice neighbour per direction
    open: Mapping[Hex, tuple[bool, ...]]  # a track step (walls, one-way), forks ignored
    finish: Mapping[Hex, tuple[int, ...]]  # RB-TRACK-7 signed crossing per direction
    midway: Mapping[Hex, tuple[int, ...]]  # RB-CELL-4 signed crossing per direction
    kinds: Mapping[Hex, CellKind]
    branch: Mapping[Hex, tuple[str, str]]  # cell -> (fork id, branch name)
    # The steps worth trying from a cell, ``(direction, target, open, finish)`` in
    # direction order: ``turns[cell][h]`` the open ones within 60° of heading h (index
    # 6: no heading, all six), ``ahead[cell][h]`` straight on, open or not (10-12).
    turns: Mapping[Hex, tuple[tuple[_Step, ...], ...]]
    ahead: Mapping[Hex, tuple[tuple[_Step, ...], ...]]
    # Memoised move help (with where each end's path leads), by :func:`_help_key`.
    help: dict[tuple[object, ...], _Help] = field(default_factory=dict)


@lru_cache(maxsize=64)
def geometry(track: Track) -> Geometry:
    """Returns the precomputed tables of ``track`` (once per track object)."""
    cells = track.cells
    neighbors = {c: tuple(c.neighbor(d) for d in range(6)) for c in cells}
    opened = {c: tuple(track.can_step(c, d) for d in range(6)) for c in cells}
    finish = {c: tuple(track.finish_crossing(c, d) for d in range(6)) for c in cells}
    steps = {
        c: tuple((d, neighbors[c][d], opened[c][d], finish[c][d]) for d in range(6)) for c in cells
    }
    return Geometry(
        neighbors=neighbors,
        open=opened,
        finish=finish,
        midway={c: tuple(track.midway_crossing(c, d) for d in range(6)) for c in cells},
        kinds=dict(cells),
        branch={
            cell: (fork.id, name)
            for fork in track.forks
            for name, branch_cells in fork.branches.items()
            for cell in branch_cells
        },
        turns={
            c: tuple(
                tuple(s for s in steps[c] if s[2] and (h == 6 or TURN_OK[h][s[0]]))
                for h in range(7)
            )
            for c in cells
        },
        ahead={c: tuple((steps[c][h],) for h in range(6)) for c in cells},
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


_ALL = range(6)


def legal_steps(state: State, directions: range | tuple[int, ...] = _ALL) -> list[tuple[int, int]]:
    """Returns ``(direction, kind)`` for every legal step of the car moving now."""
    found = _steps(state)
    if directions is _ALL:
        return list(found)
    kinds = dict(found)
    return [(d, kinds[d]) for d in directions if d in kinds]


def step_kind_now(state: State, direction: int) -> int:
    """Returns the kind of a step in ``direction`` by the car moving now (NO: illegal)."""
    return next((kind for d, kind in _steps(state) if d == direction), NO)


def _steps(state: State) -> tuple[tuple[int, int], ...]:
    """Returns :func:`_all_steps`, remembered for the last state asked."""
    global _last_steps
    last = _last_steps  # one read: another thread may rebind it meanwhile
    if last[0] is state:
        return last[1]
    found = _all_steps(state)
    _last_steps = (state, found)
    return found


# The last state asked and its steps: a bot lists the steps of the state that ``apply``
# then checks its step against. States are immutable, and the reference held keeps
# the identity from being reused.
_last_steps: tuple[object, tuple[tuple[int, int], ...]] = (None, ())


def _all_steps(state: State) -> tuple[tuple[int, int], ...]:
    """Returns the legal ``(direction, kind)`` pairs in direction order."""
    turn = state.turn
    assert turn is not None
    car = state.cars[turn.seat]
    geo = geometry(state.config.track)
    closed = closed_for(state.config, state.forks, car.laps)
    found = _table_steps(geo, car.cell, turn, closed)
    if found is None:  # not a track cell: no table, ask step_kind direction by direction
        found = []
        for d in range(6):
            kind = step_kind(
                geo, car.cell, turn.heading, d,
                mode=turn.mode, path=turn.path, blocked=turn.blocked, closed=closed,
            )  # fmt: skip
            if kind:
                found.append((d, kind))
    return tuple(found)


def _table_steps(
    geo: Geometry, cell: Hex, turn: Turn, closed: frozenset[Hex]
) -> list[tuple[int, int]] | None:
    """Returns the legal ``(direction, kind)`` pairs from ``cell`` in direction order, as
    :func:`step_kind` decides them (None off the tables), trying only the directions the
    heading allows."""
    if cell not in geo.turns:
        return None
    heading = turn.heading
    fast = turn.mode == "fast"
    goes_off = fast and heading is not None  # RB-DICE-7
    blocked, path = turn.blocked, turn.path
    found = []
    for d, target, opened, _ in _tries(geo, cell, heading, fast):
        if not opened or target in closed:
            if goes_off:
                found.append((d, OFF))
        elif target not in blocked and target not in path:
            found.append((d, ON))
    return found


def _tries(geo: Geometry, cell: Hex, heading: int | None, fast: bool) -> tuple[_Step, ...]:
    """Returns the steps worth trying from ``cell``: straight on at 10-12, else those
    within 60° of the heading (all six without one)."""
    if heading is None:
        return geo.turns[cell][6]
    return geo.ahead[cell][heading] if fast else geo.turns[cell][heading]


def goes_forward(geo: Geometry, field: Mapping[Hex, int], cell: Hex, direction: int) -> bool:
    """Tells whether a step from ``cell`` goes forward: over the line forwards, or nearer
    the line by the distances ``field`` (RB-TRACK-6)."""
    crossing = geo.finish[cell][direction]
    if crossing:
        return crossing > 0
    return field.get(geo.neighbors[cell][direction], FAR) < field.get(cell, FAR)


def way_ahead_blocked(
    geo: Geometry,
    field: Mapping[Hex, int],
    cell: Hex,
    turn: Turn,
    closed: frozenset[Hex],
) -> bool:
    """RB-TURN-5 (Decision): tells whether caps block the way ahead of a car on ``cell``.

    The way ahead is blocked when no legal step goes forward and caps (RB-CELL-3/5) bar
    a step that would: a reverse step never unblocks it.
    """
    if cell not in geo.turns:
        return False
    capped = False
    for d, target, opened, _ in _tries(geo, cell, turn.heading, turn.mode == "fast"):
        if not opened or target in closed or target in turn.path:
            continue
        if not goes_forward(geo, field, cell, d):
            continue
        if target not in turn.blocked:
            return False
        capped = True
    return capped


def blocked_now(state: State) -> bool:
    """Tells whether the car moving now is blocked (RB-TURN-5): no legal step at all,
    or caps block its way ahead (:func:`way_ahead_blocked`)."""
    if not _steps(state):
        return True
    turn = state.turn
    assert turn is not None
    car = state.cars[turn.seat]
    config = state.config
    closed = closed_for(config, state.forks, car.laps)
    field = field_for(config, state.forks, car.laps)
    return way_ahead_blocked(geometry(config.track), field, car.cell, turn, closed)


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


# An end of the move help with where its path leads from the car's cell: the end cell,
# the line crossings (signed, RB-TRACK-7), the forward midway crossings (RB-CELL-4) and
# the kind of the cell it ends on (None off the track).
MoveEnd = tuple[MoveOption, Hex, int, int, CellKind | None]
_Help = tuple[dict[Hex, MoveOption], tuple[MoveEnd, ...]]


def move_options(state: State) -> dict[Hex, MoveOption]:
    """Returns every end cell the moving car can reach with this roll, cheapest first.

    The cost counts from now: squeals (7-9), one sip per cell of the count not moved
    (stopping early, being blocked, leaving the track). Returns ``{}`` outside a move.
    The answer is memoised per track on everything it depends on (:func:`_help_key`).
    """
    found = _help(state)
    return found[0].copy() if found else {}  # the options are frozen; the caller may change it


def move_ends(state: State) -> tuple[MoveEnd, ...]:
    """Returns the options of :func:`move_options`, in its order, as :data:`MoveEnd` rows
    (memoised with them; ``()`` outside a move)."""
    found = _help(state)
    return found[1] if found else ()


def _help(state: State) -> _Help | None:
    turn = state.turn
    if state.phase != "race" or turn is None or turn.phase != "move":
        return None
    car = state.cars[turn.seat]
    geo = geometry(state.config.track)
    remaining = turn.total - turn.moved
    key = _help_key(state, car.cell, car.laps, remaining)
    found = geo.help.get(key)
    if found is None:
        config, forks = state.config, state.forks

        def closed(laps: int) -> frozenset[Hex]:
            return closed_for(config, forks, car.laps + laps)

        field = field_for(config, forks, car.laps)
        options = search(geo, car.cell, turn, remaining, closed, field)
        found = ({option.cell: option for option in options}, _ends(geo, car.cell, options))
        if len(geo.help) >= _HELP_SIZE:
            geo.help.pop(next(iter(geo.help)), None)
        geo.help[key] = found
    return found


def _ends(geo: Geometry, cell: Hex, options: tuple[MoveOption, ...]) -> tuple[MoveEnd, ...]:
    ends = []
    for option in options:
        end, crossed, toasts = walk(geo, cell, option.directions)
        kind = None if option.off_track else geo.kinds.get(end)
        ends.append((option, end, crossed, toasts, kind))
    return tuple(ends)


def walk(geo: Geometry, cell: Hex, directions: tuple[int, ...]) -> tuple[Hex, int, int]:
    """Returns where ``directions`` lead from ``cell``, the line crossings (signed) and
    the forward midway crossings on the way."""
    laps, toasts = 0, 0
    for d in directions:
        laps += geo.finish[cell][d]
        toasts += geo.midway[cell][d] > 0
        cell = geo.neighbors[cell][d]
    return cell, laps, toasts


def _help_key(state: State, cell: Hex, laps: int, remaining: int) -> tuple[object, ...]:
    """Returns what the move help depends on besides the track.

    Blocked cells further than ``remaining`` steps away cannot be reached, so they
    are left out. Closed branches: none without fork choices; the same for every lap
    unless forks are chosen per lap, when the fork choices and the lap count.
    """
    turn = state.turn
    assert turn is not None
    blocked = turn.blocked
    if blocked:
        blocked = frozenset(b for b in blocked if distance(b, cell) <= remaining)
    config = state.config
    if not config.track.forks or not state.forks:
        closed: object = None
    elif not config.per_lap_forks:
        closed = closed_for(config, state.forks, laps)
    else:
        closed = (config.per_lap_forks, state.forks, laps)
    return (cell, turn.heading, turn.mode, remaining, turn.moved > 0, turn.path, blocked, closed)


_HELP_SIZE = 20_000  # memoised move help answers kept per track (the oldest go first)
_Path = tuple[int, tuple[int, ...], tuple[Hex, ...], int]  # squeals, directions, cells, laps


def search(
    geo: Geometry,
    cell: Hex,
    turn: Turn,
    remaining: int,
    closed: Callable[[int], frozenset[Hex]],
    field: Mapping[Hex, int],
) -> tuple[MoveOption, ...]:
    """The move help's dynamic programme, cheapest end first (see :func:`move_options`).

    ``closed(laps)`` returns the closed cells after ``laps`` line crossings on the way,
    ``field`` the distances to the line at the start (a car whose way ahead is blocked
    there may stop at once, RB-TURN-5).
    Paths are ``(squeals, directions, cells, laps)``; the cost of a path is its squeals.
    """
    fast, reckless = turn.mode == "fast", turn.mode == "reckless"
    blocked = turn.blocked
    brake = turn.moved == 0 and way_ahead_blocked(geo, field, cell, turn, closed(0))
    shuts: dict[int, frozenset[Hex]] = {}
    best: dict[Hex, tuple[int, int, int, bool, tuple[int, ...], int]] = {}

    def offer(end: Hex, squeals: int, directions: tuple[int, ...], laps: int, unmoved: int,
              off: bool = False) -> None:  # fmt: skip
        sips = squeals + unmoved
        old = best.get(end)
        if old is None or sips < old[0]:
            best[end] = (sips, squeals, unmoved, off, directions, laps)

    frontier: dict[tuple[Hex, int | None], list[_Path]] = {
        (cell, turn.heading): [(0, (), turn.path, 0)]
    }
    for k in range(remaining + 1):
        left = remaining - k
        may_stop = (not fast and turn.moved + k >= 1) or (brake and k == 0)
        grown: dict[tuple[Hex, int | None], list[_Path]] = {}
        for (here, heading), paths in frontier.items():
            if may_stop or not left:
                # The paths are cheapest first and all end here; an offer must be strictly
                # cheaper to count, so only the first can be the one for stopping here.
                squeals, directions, cells, laps = paths[0]
                offer(cells[-1], squeals, directions, laps, left)
            if not left:
                continue
            steps = _tries(geo, here, heading, fast)
            goes_off = fast and heading is not None  # RB-DICE-7: straight on, off the track
            squeals_on_turn = reckless and heading is not None
            for squeals, directions, cells, laps in paths:
                shut = shuts.get(laps)
                if shut is None:
                    shut = shuts[laps] = closed(laps)
                can_step = False
                for d, target, opened, crossing in steps:
                    if opened and target not in shut:
                        if target in blocked or target in cells:
                            continue
                        cost = squeals + 1 if squeals_on_turn and d != heading else squeals
                        step = (cost, (*directions, d), (*cells, target), laps + crossing)
                        into = grown.get((target, d))
                        if into is None:
                            grown[target, d] = [step]
                        else:
                            into.append(step)
                    elif goes_off:
                        offer(target, squeals, (*directions, d), laps, left, off=True)
                    else:
                        continue
                    can_step = True
                if not may_stop and not can_step:
                    offer(cells[-1], squeals, directions, laps, left)  # blocked: stops here
        for paths in grown.values():
            if len(paths) > 1:  # the cheapest few, the first found first among equals
                paths.sort(key=_squeals)
                del paths[_KEEP:]
        frontier = grown
        if not frontier:
            break
    ends = sorted(best.items(), key=lambda item: (item[1][0], item[0]))
    return tuple(MoveOption(end, *found) for end, found in ends)


_squeals = itemgetter(0)  # the cost of a path
