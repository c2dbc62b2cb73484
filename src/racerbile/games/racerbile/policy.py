"""The ``optimal`` bot's policy: value iteration for a car racing alone.

State: the car's place and heading, its gear, whether an upshift is barred next
turn (RB-START-3, RB-CELL-2, RB-DICE-7, RB-RACE-2) and how many forward crossings
of the line are still needed. A turn: choose a gear (one shift up or down,
RB-DICE-2/3), roll (each die uniform on 1-4, RB-DICE-5, exact totals), then move
to any reachable end (RB-TURN-4/5; on 10-12 straight on, possibly off the track,
RB-DICE-7; without facing the first step is free, RB-RACE-4). The value is the
expected number of turns to finish; ties in the move go to the fewest sips.

Simplifications (alone on the track): no other cars, so no blocks (RB-CELL-3/5);
forks are open until chosen; a move may revisit a cell (on tracks two or three
cells wide a 60° path cannot loop back within one roll anyway). The solution is
kept per track and rule switches, in memory and on disk (:mod:`.datacache`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np

from ...hexgrid import Hex
from . import datacache
from .rules.moves import TURN_OK, Geometry, geometry
from .track import CellKind, Track

Position = tuple[Hex, int]  # a track cell and the heading the car faces there
MAX_TOTAL = 12
CAP_PER_CROSSING = 40.0  # turns; no real lap takes this long alone


@cache
def totals(dice: int) -> tuple[tuple[int, Fraction], ...]:
    """Returns the distribution of the total of ``dice`` dice, each uniform on 1-4."""
    dist = {0: Fraction(1)}
    for _ in range(dice):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in range(1, 5):
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / 4
        dist = nxt
    return tuple(sorted(dist.items()))


@dataclass(frozen=True)
class Policy:
    """Expected turns to finish with ``r`` forward crossings of the line still needed:
    ``values[r - 1][position, gear - 1, barred]`` at the start of a turn, and
    ``q[r - 1][position, gear - 1]`` once the gear for the roll is chosen."""

    positions: dict[Position, int]
    values: tuple[np.ndarray, ...]
    q: tuple[np.ndarray, ...]

    def turns(self, position: Position, gear: int, barred: bool, crossings: int) -> float:
        """Returns the expected turns to finish from there (0 when no crossing is needed)."""
        if crossings <= 0:
            return 0.0
        index = self.positions.get(position)
        if index is None:
            return float("inf")
        r = min(crossings, len(self.values))
        return float(self.values[r - 1][index, gear - 1, int(barred)])

    def gear_turns(self, position: Position, gear: int, crossings: int) -> float:
        """Returns the expected turns to finish when rolling ``gear`` dice from there."""
        if crossings <= 0:
            return 0.0
        index = self.positions.get(position)
        if index is None:
            return float("inf")
        r = min(crossings, len(self.q))
        return float(self.q[r - 1][index, gear - 1])


@dataclass(frozen=True)
class _Ends:
    """Every end of every roll total, flattened: ``offsets`` start each position's group."""

    position: np.ndarray
    laps: np.ndarray
    slowed: np.ndarray
    offsets: np.ndarray


_POLICIES: dict[tuple[str, str, bool, bool, int], Policy] = {}


def policy_for(track: Track, facing: bool, smashed_gearbox: bool, crossings: int) -> Policy:
    """Returns the solved policy for ``track`` (cached by track id and content hash,
    and on disk by the track's content)."""
    key = (track.id, track.content_hash, facing, smashed_gearbox, crossings)
    if key not in _POLICIES:
        _POLICIES[key] = _stored_or_solved(track, facing, smashed_gearbox, crossings)
    return _POLICIES[key]


def _stored_or_solved(track: Track, facing: bool, smashed: bool, crossings: int) -> Policy:
    """The policy from the data cache when it holds a valid one, else solved and stored."""
    positions = _positions(track)
    found = datacache.entry(
        "policy", [datacache.track_digest(track), facing, smashed, crossings], [_CODE]
    )
    n = len(positions)

    def valid(arrays: datacache.Arrays) -> bool:
        values, q = arrays["values"], arrays["q"]
        return (
            datacache.matches(values, np.float64, (crossings, n, 3, 2))
            and datacache.matches(q, np.float64, (crossings, n, 3))
            and bool(np.isfinite(values).all() and np.isfinite(q).all())
        )

    stored = datacache.load(found, valid)
    if stored is not None:
        return Policy(positions, tuple(stored["values"]), tuple(stored["q"]))
    policy = _solve(track, facing, smashed, crossings)
    if crossings < 1:
        return policy  # nothing to solve, nothing to store
    datacache.save(found, {"values": np.stack(policy.values), "q": np.stack(policy.q)})
    return policy


_CODE = datacache.code_digest(Path(__file__), Path(__file__).parent / "rules" / "moves.py")


def _positions(track: Track) -> dict[Position, int]:
    """Numbers every (track cell, heading), cells in Hex order."""
    cells = sorted(track.cells)
    return {(c, h): i for i, (c, h) in enumerate((c, h) for c in cells for h in range(6))}


def _reach(
    geo: Geometry, start: Position, total: int, facing: bool
) -> list[tuple[Hex, int, int, bool]]:
    """Returns ``(cell, heading, crossings, off)`` ends of a move of ``total`` from ``start``."""
    cell, heading = start
    fast = total >= 10
    if fast:
        return [_straight(geo, cell, d, total) for d in _first_directions(heading, facing)]
    ends: set[tuple[Hex, int, int, bool]] = set()
    layer = {(cell, heading, 0)}
    for k in range(total):
        grown = set()
        for here, h, laps in layer:
            for d in range(6):
                if k == 0 and not facing:
                    pass
                elif not TURN_OK[h][d]:
                    continue
                if not geo.open[here][d]:
                    continue
                target = geo.neighbors[here][d]
                grown.add((target, d, laps + geo.finish[here][d]))
        layer = grown
        ends |= {(c, h, laps, False) for c, h, laps in layer}  # RB-TURN-5: may stop early
    return sorted(ends)


def _first_directions(heading: int, facing: bool) -> list[int]:
    return [heading] if facing else list(range(6))


def _straight(geo: Geometry, cell: Hex, d: int, total: int) -> tuple[Hex, int, int, bool]:
    laps = 0
    for _ in range(total):
        if not geo.open[cell][d]:
            return cell, d, laps, True  # RB-DICE-7: off the track, back here next turn
        laps += geo.finish[cell][d]
        cell = geo.neighbors[cell][d]
    return cell, d, laps, False


def _solve(track: Track, facing: bool, smashed: bool, crossings: int) -> Policy:
    geo = geometry(track)
    positions = _positions(track)
    ends = {t: _ends_of(geo, positions, t, facing) for t in range(1, MAX_TOTAL + 1)}
    values: list[np.ndarray] = []
    qs: list[np.ndarray] = []
    for r in range(1, crossings + 1):
        value, q = _iterate(len(positions), ends, values, r, smashed)
        values.append(value)
        qs.append(q)
    return Policy(positions, tuple(values), tuple(qs))


def _ends_of(geo: Geometry, positions: dict[Position, int], total: int, facing: bool) -> _Ends:
    position: list[int] = []
    laps: list[int] = []
    slowed: list[bool] = []
    offsets: list[int] = []
    for start in positions:
        offsets.append(len(position))
        found = _reach(geo, start, total, facing) or [(start[0], start[1], 0, False)]
        for c, h, crossed, off in found:
            position.append(positions[(c, h)])
            laps.append(crossed)
            slowed.append(off or geo.kinds.get(c) is CellKind.downshift)
    return _Ends(np.array(position), np.array(laps), np.array(slowed), np.array(offsets))


def _iterate(
    n: int, ends: dict[int, _Ends], done: list[np.ndarray], r: int, smashed: bool
) -> tuple[np.ndarray, np.ndarray]:
    """Value iteration for ``r`` crossings left; ``done[k - 1]`` solves ``k`` < ``r``."""
    cap = CAP_PER_CROSSING * r  # dead ends (facing a wall, the wrong way) stop here
    value = _first_guess(n, done, r, cap)
    q = np.zeros((n, 3))
    for _ in range(20 * int(cap)):
        q = _q_values(n, ends, value, done, r, smashed)
        new = np.empty_like(value)
        for gear in range(1, 4):
            options = [g - 1 for g in (gear - 1, gear, gear + 1) if 1 <= g <= 3]
            new[:, gear - 1, 0] = 1 + q[:, options].min(axis=1)
            new[:, gear - 1, 1] = 1 + q[:, [g for g in options if g <= gear - 1]].min(axis=1)
        np.minimum(new, cap, out=new)
        if np.max(np.abs(new - value)) < 1e-9:
            return new, q
        value = new
    return value, q


def _first_guess(n: int, done: list[np.ndarray], r: int, cap: float) -> np.ndarray:
    """Where the iteration for ``r`` crossings starts: one more lap at the pace of the
    last one. From zeros, dead ends climb one turn per sweep to the cap (40 r sweeps
    for each r); from here it converges in a few sweeps to the same fixed point."""
    if r == 1:
        return np.zeros((n, 3, 2))
    lap = done[r - 2] - (done[r - 3] if r >= 3 else 0.0)
    return np.minimum(done[r - 2] + lap, cap)


def _q_values(
    n: int, ends: dict[int, _Ends], value: np.ndarray, done: list[np.ndarray], r: int, smashed: bool
) -> np.ndarray:
    """Returns the expected turns after rolling each gear from each position."""
    q = np.zeros((n, 3))
    previous = done[r - 2] if r >= 2 else np.zeros_like(value)
    for gear in range(1, 4):
        for total, p in totals(gear):
            e = ends[total]
            forced = e.slowed | (smashed and gear == 3 and total == 3)  # RB-RACE-2: three 1s
            here = np.where(forced, value[e.position, 0, 1], value[e.position, gear - 1, 0])
            there = np.where(forced, previous[e.position, 0, 1], previous[e.position, gear - 1, 0])
            after = np.where(e.laps > 0, there, here)
            after = np.where(e.laps < 0, after + 1e3, after)  # never back over the line
            q[:, gear - 1] += float(p) * np.minimum.reduceat(after, e.offsets)
    return q
