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
from ..state import State, Turn
from .common import hazard_chance, hazard_limit, turn_of, with_car, with_turn
from .moves import Ways, candidate_pools, links_from
from .turn import enter


@per_state
def attack_actions(state: State) -> list[Attack]:
    """Returns every pool the driver may announce now (RM-ATT-1); once per state (the
    legal actions, the view's odds and the check of an announced pool all ask), shared
    by the callers, who must not change it."""
    turn = turn_of(state)
    if not _may_announce(state, turn):
        return []
    car = state.cars[turn.seat]
    ways = Ways(state, turn.seat, turn.start_gear, turn.must_first, planned=True)
    usable = ways.usable(car.space, turn.gear)
    return [
        Attack(pool)
        for pool, dice in _sorted_pools(turn.gear_allowed, turn.gas_allowed)
        if dice in usable
    ]


def _may_announce(state: State, turn: Turn) -> bool:
    """Whether the driver may announce a pool now: time attack, before any die (RM-ATT-1)."""
    return state.options.time_attack and turn.technique == "none" and not turn.used and not turn.loc


def _placing(turn: Turn) -> bool:
    """Whether the rolled pool's dice are being placed (the turn not interrupted)."""
    return turn.technique == "attack" and turn.rolled and not turn.loc and not turn.draw


@lru_cache(maxsize=64)
def _sorted_pools(gear_allowed: int, gas: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The candidate pools, each with its dice sorted as :meth:`Ways.usable` names them."""
    return tuple((pool, tuple(sorted(pool))) for pool in candidate_pools(gear_allowed, gas))


def pool_limit(state: State, size: int) -> int:
    """Returns the strictest hazard limit of the spaces within ``size`` dice (A15)."""
    return pool_limits(state, size)[size - 1] if size > 0 else state.options.hazard_limit


def pool_limits(state: State, most: int) -> list[int]:
    """Returns :func:`pool_limit` for every size 1..``most`` at once (one walk out)."""
    turn = turn_of(state)
    car = state.cars[turn.seat]
    stage, options = state.stage, state.options
    finish = stage.finish
    found = []
    strictest: int | None = None
    frontier = [link.to for link in links_from(state, car.space)]
    for _ in range(most):
        for i in frontier:
            if i < finish:
                limit = hazard_limit(options, car, stage.spaces[i])
                strictest = limit if strictest is None else min(strictest, limit)
        found.append(options.hazard_limit if strictest is None else strictest)
        frontier = sorted({lk.to for i in frontier if i < finish for lk in stage.links[i]})
    return found


def apply_attack(state: State, action: Attack, events: list[Event]) -> State:
    """Announces the pool; chance rolls it next."""
    if not _announceable(state, action):
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


def _announceable(state: State, action: Attack) -> bool:
    """Tells whether :func:`attack_actions` holds ``action``: one search of orderings of
    that pool, not the walk over every pool."""
    turn = turn_of(state)
    if not _may_announce(state, turn):
        return False
    if action.dice not in candidate_pools(turn.gear_allowed, turn.gas_allowed):
        return False
    car = state.cars[turn.seat]
    ways = Ways(state, turn.seat, turn.start_gear, turn.must_first, planned=True)
    return ways.orderable(car.space, turn.gear, (), tuple(sorted(action.dice)))


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
    if not _placing(turn):
        return []
    car = state.cars[turn.seat]
    stage = state.stage
    rest = [i for i in range(len(turn.pool)) if i not in turn.placed]
    found: list[Place] = []
    # One search of orderings for every die and space: the points it reaches repeat.
    ways = Ways(state, turn.seat, turn.start_gear, turn.must_first, planned=True)
    options = ways.next(car.space, turn.gear, turn.used)
    seen: set[tuple[str, bool]] = set()
    for i in rest:
        die, hazard = turn.pool[i], turn.faces[i]
        if (die, hazard) in seen:
            continue
        seen.add((die, hazard))
        left = tuple(sorted(turn.pool[j] for j in rest if j != i))
        used = tuple(sorted((*turn.used, die)))
        for step_die, to, gear, _ in options:
            if step_die != die or (to == stage.finish and left):
                continue
            if ways.orderable(to, gear, used, left):
                found.append(Place(die, hazard, stage.gid(to)))
    return found


def _placeable(state: State, action: Place) -> bool:
    """Tells whether :func:`place_actions` holds ``action``, searching for it alone."""
    turn = turn_of(state)
    if not _placing(turn):
        return False
    rest = [i for i in range(len(turn.pool)) if i not in turn.placed]
    die = action.die
    if not any(turn.pool[i] == die and turn.faces[i] == action.hazard for i in rest):
        return False
    stage = state.stage
    target = stage.find(action.to)
    if target is None:
        return False
    left = list(turn.pool[j] for j in rest)
    left.remove(die)
    rest_dice = tuple(sorted(left))
    if target == stage.finish and rest_dice:
        return False
    car = state.cars[turn.seat]
    ways = Ways(state, turn.seat, turn.start_gear, turn.must_first, planned=True)
    used = tuple(sorted((*turn.used, die)))
    return any(
        step_die == die and to == target and ways.orderable(to, gear, used, rest_dice)
        for step_die, to, gear, _ in ways.next(car.space, turn.gear, turn.used)
    )


def apply_place(state: State, action: Place, events: list[Event]) -> State:
    """Uses one rolled die of the pool."""
    if not _placeable(state, action):
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
