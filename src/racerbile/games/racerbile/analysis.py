"""Exact analysis of a Racerbile track for one car racing alone: pure functions, no I/O.

* :func:`p_off`: the chance that one roll in a gear sends the car off the track from a
  cell and heading. Only 10-12 forces the car straight on (RB-DICE-7), so the car
  leaves the track iff the straight line from the cell in its heading leaves the
  track (no cell, a wall, a one-way edge backwards; forks count as open) within the
  total. Exact, with :class:`~fractions.Fraction` over the dice totals, each die
  uniform on 1-4 (RB-DICE-5): in 3rd gear P(10-12) = 5/32; 1st and 2nd gear never
  reach 10, so they never leave the track.
* :func:`natural_heading`: the car's racing heading on a cell, the direction of its
  best next step: the step that gets nearest the line (RB-TRACK-6; over the line
  counts as 0), ties to the step the optimal policy values most and then the longer
  straight run (the other way round in Babybile, where the heading is free on 10-12),
  then to the lower direction index.
* :func:`expected_turns_per_lap`: the optimal policy's expected turns (:mod:`.policy`,
  exact dice distribution) to finish one lap alone from grid slot 1, in 1st gear
  with no upshift in the first turn (RB-START-3); a grid behind the line
  (RB-TRACK-7) needs two crossings of the line for the first lap.
* :func:`analyse`: all of the above for every cell, in a :class:`TrackAnalysis`.

Rule sets: ``babybile`` (no facing: the first step of a turn is free, RB-RACE-4) and
``racerbile`` (facing, and three 1s force 1st gear, RB-RACE-2), as :data:`.setup.RULE_SETS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...hexgrid import Hex, direction_names
from .policy import Policy, policy_for, totals
from .setup import RULE_SETS
from .track import CellKind, Track

GEARS = (1, 2, 3)
FAST = 10  # RB-DICE-7: from this total on the car goes straight for the full count
MAX_TOTAL = 12
RACING_GEAR = 3  # the gear of a car at racing speed, for the per-cell turns to the line


def straight_run(track: Track, cell: Hex, heading: int, limit: int = MAX_TOTAL) -> int:
    """Returns how many steps a car on ``cell`` can go straight on in ``heading`` before
    the next step would leave the track (at most ``limit``)."""
    run = 0
    while run < limit and track.can_step(cell, heading):
        cell = cell.neighbor(heading)
        run += 1
    return run


def p_off(track: Track, cell: Hex, heading: int, gear: int) -> Fraction:
    """Returns the exact chance that a roll in ``gear`` sends a car on ``cell`` facing
    ``heading`` off the track (RB-DICE-7: a total of 10-12 larger than the straight run)."""
    run = straight_run(track, cell, heading)
    return sum((p for total, p in totals(gear) if total >= FAST and total > run), Fraction(0))


def p_off_gears(track: Track, cell: Hex, heading: int) -> tuple[Fraction, ...]:
    """Returns :func:`p_off` in 1st, 2nd and 3rd gear."""
    return tuple(p_off(track, cell, heading, gear) for gear in GEARS)


def rule_set_policy(track: Track, rule_set: str, crossings: int) -> Policy:
    """Returns the optimal policy for ``rule_set`` (``babybile`` or ``racerbile``) that
    plans ``crossings`` forward crossings of the line; raises KeyError for other names."""
    rules = RULE_SETS[rule_set]
    return policy_for(track, rules.facing, rules.smashed_gearbox, crossings)


def lap_crossings(track: Track) -> int:
    """Returns the forward crossings of the line that finish the first lap from the grid."""
    return 2 if track.grid_behind_line else 1


def natural_heading(
    track: Track, cell: Hex, policy: Policy | None = None, facing: bool = True
) -> int | None:
    """Returns the direction of the best next step from ``cell`` (None if it has none).

    Best: the least distance to the line after the step (a step over the line counts
    as 0), then the lowest expected turns to the line of the position it reaches in
    3rd gear under ``policy`` (when given), then the longer straight run, then the
    lower direction. Without ``facing`` (Babybile) the heading does not matter to the
    policy and the driver picks the first direction of a 10-12 freely (RB-RACE-4), so
    the longer straight run comes before the policy."""
    distances = track.distances()
    best: tuple[float, float, float, int] | None = None
    for d, target in track.steps(cell):
        crossing = track.finish_crossing(cell, d)
        if crossing < 0:
            continue  # never back over the line
        left = 0 if crossing > 0 else distances.get(target)
        if left is None:
            continue
        turns = policy.turns((target, d), RACING_GEAR, False, 1) if policy is not None else 0.0
        run = -straight_run(track, cell, d)
        key = (float(left), turns, run, d) if facing else (float(left), run, turns, d)
        if best is None or key < best:
            best = key
    return None if best is None else best[3]


def grid_position(
    track: Track, policy: Policy | None = None, facing: bool = True
) -> tuple[Hex, int]:
    """Returns grid slot 1 and its heading (the natural heading where the file gives none)."""
    slot = track.grid[0]
    heading = slot.facing
    if heading is None:
        heading = natural_heading(track, slot.at, policy, facing)
    return slot.at, heading if heading is not None else 0


def expected_turns_per_lap(track: Track, rule_set: str = "racerbile") -> float:
    """Returns the optimal policy's expected turns to finish one lap alone from grid
    slot 1, starting in 1st gear with no upshift in the first turn (RB-START-3)."""
    crossings = lap_crossings(track)
    policy = rule_set_policy(track, rule_set, crossings)
    return policy.turns(
        grid_position(track, policy, RULE_SETS[rule_set].facing), 1, True, crossings
    )


def expected_turns_flying_lap(track: Track, rule_set: str = "racerbile") -> float:
    """Returns the expected turns one more lap adds after the first (from the grid, the
    difference between finishing two laps and one)."""
    crossings = lap_crossings(track)
    policy = rule_set_policy(track, rule_set, crossings + 1)
    at = grid_position(track, policy, RULE_SETS[rule_set].facing)
    return policy.turns(at, 1, True, crossings + 1) - policy.turns(at, 1, True, crossings)


@dataclass(frozen=True)
class CellAnalysis:
    """One cell: its distance to the line, the racing heading and the straight run in it,
    the chance of leaving the track per gear in that heading (and in every heading), and
    the optimal policy's expected turns to the line from there in 3rd gear."""

    cell: Hex
    kind: CellKind
    distance: int | None
    heading: int | None
    straight_run: int | None  # cells straight on in ``heading`` before leaving (max 12)
    p_off: tuple[Fraction, ...]  # per gear 1-3, in ``heading`` (all 0 without one)
    p_off_by_heading: tuple[tuple[Fraction, ...], ...]  # [heading][gear - 1]
    turns_to_line: float


@dataclass(frozen=True)
class TrackAnalysis:
    """The analysis of one track under one rule set."""

    track_id: str
    name: str
    rule_set: str
    lap_length: int
    expected_turns_per_lap: float
    expected_turns_flying_lap: float
    expected_turns_per_lap_by_rule_set: dict[str, float]
    cells: tuple[CellAnalysis, ...]

    def cell(self, cell: Hex) -> CellAnalysis:
        """Returns the analysis of ``cell``; raises KeyError off the track."""
        for row in self.cells:
            if row.cell == cell:
                return row
        raise KeyError(cell)

    def to_json(self, names: tuple[str, ...] = direction_names("pointy")) -> dict[str, Any]:
        """Returns JSON-ready data; ``names`` are the compass names of directions 0-5."""
        return {
            "track": self.track_id,
            "name": self.name,
            "rule_set": self.rule_set,
            "summary": {
                "lap_length": self.lap_length,
                "expected_turns_per_lap": self.expected_turns_per_lap,
                "expected_turns_flying_lap": self.expected_turns_flying_lap,
                "expected_turns_per_lap_by_rule_set": self.expected_turns_per_lap_by_rule_set,
                "cells_per_turn": self.lap_length / self.expected_turns_per_lap
                if self.expected_turns_per_lap
                else None,
            },
            "cells": [
                {
                    "cell": str(row.cell),
                    "kind": row.kind.value,
                    "distance": row.distance,
                    "heading": None if row.heading is None else names[row.heading],
                    "straight_run": row.straight_run,
                    "p_off": [float(p) for p in row.p_off],
                    "p_off_exact": [str(p) for p in row.p_off],
                    "p_off_by_heading": {
                        names[h]: [float(p) for p in ps]
                        for h, ps in enumerate(row.p_off_by_heading)
                    },
                    "turns_to_line": row.turns_to_line,
                }
                for row in self.cells
            ],
        }


def analyse(track: Track, rule_set: str = "racerbile") -> TrackAnalysis:
    """Returns the exact analysis of ``track`` under ``rule_set`` (cells in racing order:
    farthest from the line first); raises KeyError for an unknown rule set."""
    crossings = lap_crossings(track)
    policy = rule_set_policy(track, rule_set, crossings + 1)
    facing = RULE_SETS[rule_set].facing
    distances = track.distances()
    rows = []
    for cell in track.cells:
        heading = natural_heading(track, cell, policy, facing)
        by_heading = tuple(p_off_gears(track, cell, h) for h in range(6))
        rows.append(
            CellAnalysis(
                cell=cell,
                kind=track.cells[cell],
                distance=distances.get(cell),
                heading=heading,
                straight_run=None if heading is None else straight_run(track, cell, heading),
                p_off=by_heading[heading] if heading is not None else (Fraction(0),) * 3,
                p_off_by_heading=by_heading,
                turns_to_line=policy.turns((cell, heading or 0), RACING_GEAR, False, 1),
            )
        )
    rows.sort(key=lambda row: (row.distance is None, -(row.distance or 0), row.cell))
    at = grid_position(track, policy, facing)
    per_lap = policy.turns(at, 1, True, crossings)
    return TrackAnalysis(
        track_id=track.id,
        name=track.name,
        rule_set=rule_set,
        lap_length=track.lap_length(),
        expected_turns_per_lap=per_lap,
        expected_turns_flying_lap=policy.turns(at, 1, True, crossings + 1) - per_lap,
        expected_turns_per_lap_by_rule_set={
            name: per_lap if name == rule_set else expected_turns_per_lap(track, name)
            for name in RULE_SETS
        },
        cells=tuple(rows),
    )


def analyse_json(track_ref: str, rule_set: str) -> dict[str, Any]:
    """Returns :func:`analyse` of the track ``track_ref`` (bundled id or file) as JSON;
    raises TrackError when it does not load, ValueError when it has no lap to analyse."""
    from .catalog import TRACKS

    track = TRACKS.load(track_ref)
    if not track.grid or track.lap_length() <= 0:
        raise ValueError(f"{track_ref}: the track has no grid or no lap to analyse")
    return analyse(track, rule_set).to_json(direction_names(track.orientation))
