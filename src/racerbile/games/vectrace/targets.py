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
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Literal

from . import rules
from .state import Car, Options, State
from .track import Point, Track

HORIZON = 4
"""How many moves ahead a target is searched for a certain crash."""

Verdict = Literal["fine", "crash", "finish", "doomed"]


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
    survives = _survival(state.track, state.options)
    marked = []
    for target in rules.target_points(car):
        outcome, resolved = rules.previewed(state, target)
        verdict: Verdict = "fine"
        doomed_in: int | None = None
        if outcome == "crash":
            verdict = "crash"
        elif outcome == "finish":
            verdict = "finish"
        else:
            velocity = (
                (0, 0)
                if outcome in ("skid", "barrier")
                else (target[0] - car.pos[0], target[1] - car.pos[1])
            )
            doomed_in = _crash_within(survives, resolved.at, velocity, resolved.progress, horizon)
            if doomed_in is not None:
                verdict = "doomed"
        marked.append(
            {
                "x": target[0],
                "y": target[1],
                "outcome": outcome,
                "verdict": verdict,
                "doomed_in": doomed_in,
            }
        )
    return marked


Survives = Callable[[Point, Point, int, int], bool]


def _crash_within(
    survives: Survives, pos: Point, vel: Point, progress: int, horizon: int
) -> int | None:
    """Returns the fewest ``n <= horizon`` such that every way on from the car crashes
    within ``n`` moves, or None when some way survives ``horizon`` moves (or finishes)."""
    # A way that survives n moves survives every shorter count too, so the longest
    # count settles the common case (some way survives) in one search.
    if survives(pos, vel, progress, horizon):
        return None
    return next((n for n in range(1, horizon) if not survives(pos, vel, progress, n)), horizon)


@lru_cache(maxsize=4)
def _survival(track: Track, options: Options) -> Survives:
    """Returns the survival search on ``track`` with ``options``, remembered per position
    (for the few tracks raced lately): keyed by small tuples, not by the track, whose
    rows would be hashed again at every step."""

    @lru_cache(maxsize=32_768)
    def survives(pos: Point, vel: Point, progress: int, moves: int) -> bool:
        """Returns whether some sequence of ``moves`` moves from here avoids every crash."""
        if moves == 0:
            return True
        car = Car(pos=pos, vel=vel, status="racing", progress=progress)
        probe = State(track, options, ("",), (car,))
        # the nine targets, slowest first (braking survives most often)
        for target in sorted(rules.target_points(car), key=lambda p: _speed(pos, p)):
            outcome = rules.resolve(probe, car, target)
            if outcome.kind == "crash":
                continue
            if outcome.kind == "finish":
                return True
            after = (0, 0) if outcome.kind in ("skid", "barrier") else _vector(pos, target)
            if survives(outcome.at, after, outcome.progress, moves - 1):
                return True
        return False

    return survives


def _vector(frm: Point, to: Point) -> Point:
    return (to[0] - frm[0], to[1] - frm[1])


def _speed(frm: Point, to: Point) -> int:
    return max(abs(to[0] - frm[0]), abs(to[1] - frm[1]))
