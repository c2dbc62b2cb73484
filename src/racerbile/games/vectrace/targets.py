"""The acting car's nine targets, each with what it leads to (pure, no I/O).

Every target gets a ``verdict`` for the pages to colour it by:

* ``"crash"``: the move itself crashes (VT-MOVE-4/5/6, :func:`.rules.preview`);
* ``"finish"``: the move finishes (VT-END-2);
* ``"doomed"``: the move is safe, but from there every way on crashes within
  ``doomed_in`` more moves (at most :data:`HORIZON`);
* ``"fine"``: some way on avoids a crash for :data:`HORIZON` more moves (or finishes).

The look-ahead is a bounded depth-first search over ``(position, vector, progress)``
that follows the rules' own segment test (:func:`.rules.resolve`, so the variants
skid and barrier count as survivable) and ignores the other cars, which move too.

All but the other cars depends on the track, the switches and the acting car's
position, vector and progress only, which races come back to (cars set back, every
seat's view of one state): per track, the segments, the searches and the nine marks
are remembered by small tuples, and each view adds the other cars (VT-MOVE-5,
:func:`.rules.blocked`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Literal

from . import rules
from .rules import OutcomeKind
from .state import Car, Options, State
from .track import Point, Track

HORIZON = 4
"""How many moves ahead a target is searched for a certain crash."""

Verdict = Literal["fine", "crash", "finish", "doomed"]
Mark = tuple[int, int, OutcomeKind, Point, Verdict, int | None]
"""``(x, y, outcome, end point, verdict, doomed_in)`` of a target, other cars ignored."""
Marks = Callable[[Point, Point, int, int], tuple[Mark, ...]]


def marked_targets(state: State, horizon: int = HORIZON) -> list[dict[str, Any]]:
    """Returns ``[{"x", "y", "outcome", "verdict", "doomed_in"}]`` for the car to act.

    ``outcome`` is the rules' preview (``move``, ``finish``, ``skid``, ``barrier``,
    ``crash``); ``doomed_in`` is the number of further moves within which a crash is
    certain (``None`` unless the verdict is ``"doomed"``). Empty outside the race.
    """
    seat = rules.to_act(state)
    if state.phase != "race" or seat is None:
        return []
    car = state.cars[seat]
    if car.pos is None:
        return []
    marks = _marks(state.track, state.options)(car.pos, car.vel, car.progress, horizon)
    occupied = state.occupied(seat)
    marked = []
    for x, y, outcome, at, verdict, doomed_in in marks:
        if occupied and rules.blocked(outcome, at, occupied):
            outcome, verdict, doomed_in = "crash", "crash", None
        marked.append(
            {"x": x, "y": y, "outcome": outcome, "verdict": verdict, "doomed_in": doomed_in}
        )
    return marked


@lru_cache(maxsize=4)
def _marks(track: Track, options: Options) -> Marks:
    """Returns the marks of the nine targets on ``track`` with ``options``, remembered per
    position (for the few tracks raced lately): keyed by small tuples, not by the track,
    whose rows would be hashed again at every step."""
    lines = rules.targets(track, options.laps, options.lap_start)

    @lru_cache(maxsize=32_768)
    def segment(pos: Point, target: Point, progress: int) -> tuple[OutcomeKind, Point, int]:
        """Returns the kind, end point and progress of the move (:func:`.rules.resolve`)."""
        outcome = rules.resolve_segment(track, options, lines, pos, progress, target)
        return outcome.kind, outcome.at, outcome.progress

    @lru_cache(maxsize=32_768)
    def reach(pos: Point, vel: Point, progress: int, moves: int) -> int:
        """Returns the most moves, up to ``moves``, that some way from here avoids every
        crash for (``moves`` when a way finishes first).

        Some way survives ``n <= moves`` moves exactly when this is at least ``n`` (a way
        that survives ``n`` moves survives every shorter count too), so one search
        answers every count up to ``moves``.
        """
        if moves <= 0:
            return 0
        best = 0
        cx, cy = pos[0] + vel[0], pos[1] + vel[1]
        for ax, ay in _slowest_first(vel):  # braking survives most often
            target = (cx + ax, cy + ay)
            kind, at, after_progress = segment(pos, target, progress)
            if kind == "crash":
                continue
            if kind == "finish":
                return moves
            after = _vector(pos, target, kind)
            best = max(best, 1 + reach(at, after, after_progress, moves - 1))
            if best == moves:
                return moves
        return best

    @lru_cache(maxsize=4096)
    def marks(pos: Point, vel: Point, progress: int, horizon: int) -> tuple[Mark, ...]:
        """Returns the nine targets' marks in :func:`.rules.target_points` order."""
        out: list[Mark] = []
        for target in rules.target_points(Car(pos=pos, vel=vel)):
            kind, at, after_progress = segment(pos, target, progress)
            verdict: Verdict = "fine"
            doomed_in: int | None = None
            if kind == "crash" or kind == "finish":
                verdict = kind
            else:
                after = _vector(pos, target, kind)
                survived = reach(at, after, after_progress, horizon)
                if survived < horizon:
                    # every way crashes by the move after the longest way's last
                    verdict, doomed_in = "doomed", survived + 1
            out.append((target[0], target[1], kind, at, verdict, doomed_in))
        return tuple(out)

    return marks


@lru_cache(maxsize=1024)
def _slowest_first(vel: Point) -> tuple[Point, ...]:
    """Returns the nine accelerations (:data:`.rules.NINE`), slowest resulting speed first."""
    return tuple(sorted(rules.NINE, key=lambda a: max(abs(vel[0] + a[0]), abs(vel[1] + a[1]))))


def _vector(frm: Point, to: Point, kind: OutcomeKind) -> Point:
    """Returns the vector after a move that did not crash (VT-OPT-2/3: a skid or a
    barrier stops the car)."""
    return (0, 0) if kind in ("skid", "barrier") else (to[0] - frm[0], to[1] - frm[1])
