"""The time attack: announce a pool, roll it at once, then use the dice in a legal order.

RM-ATT-1 with A18 and A19: 2-7 dice; the pool is legal only if some full ordering is legal
(no planned overspeed or jump at +2, no full space, no die left after the finish line, the
damage cap and missing gas dice apply). The driver takes as many seconds tokens as dice
rolled (3rd edition: even after a loss of control; 2nd edition: only without one, A31).
Each die is then placed one at a time, always keeping the rest usable; fewer hazards than
the limit → the whole move; otherwise control is lost on the die bringing the hazards to
the limit. A15: the pool's limit is the strictest among the spaces it may reach. A20: SISU
cancels that loss and the whole move is made. RM-SEC-1: no securing in a time attack.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

from ....engine.contract import Event
from ....engine.errors import IllegalAction
from ....engine.memo import per_state
from ..actions import Attack, Faces, Place, PoolRolled
from ..state import State
from .common import hazard_chance, hazard_limit, turn_of, with_car, with_turn
from .moves import candidate_pools, links_from, pool_orderable, steps, usable_sets
from .turn import enter


@per_state
def attack_actions(state: State) -> list[Attack]:
    """Returns every pool the driver may announce now (RM-ATT-1); once per state (the
    legal actions, the view's odds and the check of an announced pool all ask), shared
    by the callers, who must not change it."""
    turn = turn_of(state)
    if not state.options.time_attack or turn.technique != "none" or turn.used or turn.loc:
        return []
    car = state.cars[turn.seat]
    usable = usable_sets(state, turn.seat, car.space, turn.gear, turn.start_gear, turn.must_first)
    return [
        Attack(pool)
        for pool in candidate_pools(turn.gear_allowed, turn.gas_allowed)
        if tuple(sorted(pool)) in usable
    ]


def pool_limit(state: State, size: int) -> int:
    """Returns the strictest hazard limit of the spaces within ``size`` dice (A15)."""
    turn = turn_of(state)
    car = state.cars[turn.seat]
    stage = state.stage
    limits = []
    frontier = [link.to for link in links_from(state, car.space)]
    for _ in range(size):
        limits += [
            hazard_limit(state.options, car, stage.spaces[i]) for i in frontier if i < stage.finish
        ]
        frontier = sorted({lk.to for i in frontier if i < stage.finish for lk in stage.links[i]})
    return min(limits, default=state.options.hazard_limit)


def apply_attack(state: State, action: Attack, events: list[Event]) -> State:
    """Announces the pool; chance rolls it next."""
    if action not in attack_actions(state):
        raise IllegalAction(
            f"the pool {action.dice!r} cannot be used in full in a legal order now "
            "(2-7 dice, gears ±1 in a run, no overspeed, no dice past the finish)",
            rule_id="RM-ATT-1",
        )
    # A12 polish_hazard_die: the punctured gas die's hazard counts only in the standard
    # technique [PL "does not count towards the symbols" in a time attack].
    return with_turn(
        state,
        technique="attack",
        hazards=0,
        pool=tuple(action.dice),
        pool_limit=pool_limit(state, len(action.dice)),
    )


def faces_outcomes(state: State) -> list[tuple[Faces, Fraction]]:
    """Returns the exact distribution of the pool's faces, in announced order."""
    turn = turn_of(state)
    chances = tuple(hazard_chance(state.options, die) for die in turn.pool)
    return list(_faces_outcomes(chances))


@lru_cache(maxsize=256)
def _faces_outcomes(chances: tuple[Fraction, ...]) -> tuple[tuple[Faces, Fraction], ...]:
    found = []
    for faces in itertools.product((False, True), repeat=len(chances)):
        p = Fraction(1)
        for hazard, q in zip(faces, chances, strict=True):
            p *= q if hazard else 1 - q
        if p:
            found.append((Faces("".join("H" if h else "." for h in faces)), p))
    return tuple(found)


def apply_faces(state: State, action: Faces, events: list[Event]) -> State:
    """Shows the pool's faces and pays the seconds tokens (RM-ATT-1)."""
    turn = turn_of(state)
    faces = tuple(ch == "H" for ch in action.faces)
    hazards = sum(faces)
    earned = len(turn.pool)
    if state.options.edition < 3 and hazards >= turn.pool_limit:
        earned = 0
    car = state.cars[turn.seat]
    state = with_car(state, turn.seat, tokens=car.tokens + earned)
    events.append(PoolRolled(turn.seat, "".join(turn.pool), action.faces, earned))
    return with_turn(state, faces=faces)


def place_actions(state: State) -> list[Place]:
    """Returns the rolled dice that may be used next, each keeping the rest usable."""
    turn = turn_of(state)
    if turn.technique != "attack" or not turn.rolled or turn.loc or turn.draw:
        return []
    car = state.cars[turn.seat]
    stage = state.stage
    rest = [i for i in range(len(turn.pool)) if i not in turn.placed]
    found: list[Place] = []
    options = steps(
        state,
        turn.seat,
        car.space,
        turn.gear,
        turn.start_gear,
        turn.used,
        turn.must_first,
        planned=True,
    )
    seen: set[tuple[str, bool]] = set()
    for i in rest:
        die, hazard = turn.pool[i], turn.faces[i]
        if (die, hazard) in seen:
            continue
        seen.add((die, hazard))
        left = tuple(turn.pool[j] for j in rest if j != i)
        for step in options:
            if step.die != die or (step.to == stage.finish and left):
                continue
            if pool_orderable(
                state,
                turn.seat,
                step.to,
                step.gear,
                turn.start_gear,
                (*turn.used, die),
                turn.must_first,
                left,
            ):
                found.append(Place(die, hazard, stage.gid(step.to)))
    return found


def apply_place(state: State, action: Place, events: list[Event]) -> State:
    """Uses one rolled die of the pool."""
    if action not in place_actions(state):
        raise IllegalAction(
            f"die {action.die} cannot go onto {action.to} now: the rest of the pool must "
            "stay usable in a legal order",
            rule_id="RM-ATT-1",
        )
    turn = turn_of(state)
    index = next(
        i
        for i in range(len(turn.pool))
        if i not in turn.placed and turn.pool[i] == action.die and turn.faces[i] == action.hazard
    )
    target = state.stage.find(action.to)
    assert target is not None
    state = with_turn(state, placed=(*turn.placed, index))
    return enter(state, action.die, target, action.hazard, events)
