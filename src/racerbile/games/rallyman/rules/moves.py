"""Which die may go where: the standard technique's next dice and time-attack pools.

RM-TURN-1 (first die: the current gear ±1 or gas; only die 1 from gear 0, RM-START-2),
RM-TURN-2 (each die once; each later gear die exactly ±1; gas keeps the gear),
RM-SPACE-1 with A24's option ``gt_overtake_rule`` (leaving a space shared with a car
in a higher gear passes it, which then needs at least its gear),
RM-DMG-1 (damage caps the gear dice), RM-TYRE-1/2 (tyres, punctures), RM-CORNER-2
(a lower gear into a slide is not offered; bail-outs drop exactly one gear), RM-SPACE-1
(full spaces), RM-FINISH-1 (the die that crosses the line is the last), RM-ATT-1 with
A19 (a pool is legal only if some full ordering is legal with no planned overspeed, no
planned jump at +2, no full space, and no die left after crossing the line).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..board.model import Link
from ..state import State
from .common import GAS, GEAR_DICE, blocked_by, corner_limit, others_on_road, turn_of


@dataclass(frozen=True)
class Step:
    """One possible die: which die, onto which space index, the gear it enters in."""

    die: str
    to: int
    gear: int
    bailout: bool = False


def links_from(state: State, pos: int | None) -> tuple[Link, ...]:
    """Returns the ways on from ``pos`` (``None``: onto the stage's first space)."""
    stage = state.stage
    if pos is None:
        return (Link(stage.entry),)
    return stage.links[pos] if pos < stage.finish else ()


def dice_allowed(
    state: State, seat: int, gear: int, start_gear: int, used: tuple[str, ...], must_first: bool
) -> list[str]:
    """Returns the dice that may be used next by the die rules alone (RM-TURN-1/2)."""
    turn = turn_of(state)
    if must_first and not used:
        return ["1"]
    gear_used = [d for d in used if d != GAS]
    dice = []
    if len(gear_used) < turn.gear_allowed:
        for die in GEAR_DICE:
            d = int(die)
            if die in used:
                continue
            if (not gear_used and abs(d - start_gear) <= 1) or (gear_used and abs(d - gear) == 1):
                dice.append(die)
    if gear >= 1 and used.count(GAS) < turn.gas_allowed:
        dice.append(GAS)
    return dice


def steps(
    state: State,
    seat: int,
    pos: int | None,
    gear: int,
    start_gear: int,
    used: tuple[str, ...],
    must_first: bool,
    *,
    planned: bool = False,
) -> list[Step]:
    """Returns every legal next die with its target space.

    With ``planned`` (time-attack orderings) an overspeed or a jump at +2 is left out.
    """
    stage, car = state.stage, state.cars[seat]
    others = others_on_road(state, seat)
    if (
        car.off in ("left", "right")
        and pos == car.space
        and pos is not None
        and (blocked_by(state, others, pos))
    ):
        return []  # RM-LOC-2, A23: the space it left is full, so the car waits
    found = []
    for die in dice_allowed(state, seat, gear, start_gear, used, must_first):
        after = gear if die == GAS else int(die)
        for link in links_from(state, pos):
            if link.bailout and (die == GAS or after != gear - 1):
                continue
            if link.to == stage.finish:
                if not slower_than_passed(state, seat, pos, after):
                    found.append(Step(die, link.to, after))
                continue
            if blocked_by(state, others, link.to):
                continue
            if slower_than_passed(state, seat, pos, after):
                continue
            space = stage.spaces[link.to]
            limit = corner_limit(state, seat, space)
            if space.role == "slide" and limit is not None and after < limit:
                continue  # RM-CORNER-2: a lower gear is not allowed in a slide
            if (
                state.options.snow_tyres_no_fifth_on_asphalt
                and die == "5"
                and car.tyres == "snow"
                and space.surface == "asphalt"
            ):
                continue  # RM-TYRE-1, A14
            if planned and (
                (limit is not None and after > limit)
                or (space.jump is not None and after - space.jump >= 2)
            ):
                continue
            found.append(Step(die, link.to, after, link.bailout))
    return found


def slower_than_passed(state: State, seat: int, pos: int | None, gear: int) -> bool:
    """Tells whether leaving ``pos`` in ``gear`` would pass a car in a higher gear there,
    which the GT rule forbids (option ``gt_overtake_rule``, A24, RM-SPACE-1)."""
    if not state.options.gt_overtake_rule or pos is None:
        return False
    return any(
        s != seat and c.on_road and c.space == pos and c.gear > gear
        for s, c in enumerate(state.cars)
    )


def pool_orderable(
    state: State,
    seat: int,
    pos: int | None,
    gear: int,
    start_gear: int,
    used: tuple[str, ...],
    must_first: bool,
    rest: tuple[str, ...],
) -> bool:
    """Tells whether the dice ``rest`` can all be used in some legal order (A19)."""
    memo: dict[tuple[object, ...], bool] = {}

    def search(pos: int | None, gear: int, used: tuple[str, ...], rest: tuple[str, ...]) -> bool:
        if not rest:
            return True
        key = (pos, gear, tuple(sorted(used)), rest)
        if key in memo:
            return memo[key]
        ok = False
        for step in steps(state, seat, pos, gear, start_gear, used, must_first, planned=True):
            if step.die not in rest:
                continue
            left = _without(rest, step.die)
            if step.to == state.stage.finish and left:
                continue  # RM-FINISH-1: no dice beyond the line
            if search(step.to, step.gear, (*used, step.die), left):
                ok = True
                break
        memo[key] = ok
        return ok

    return search(pos, gear, used, tuple(sorted(rest)))


def usable_sets(
    state: State, seat: int, pos: int | None, gear: int, start_gear: int, must_first: bool
) -> set[tuple[str, ...]]:
    """Returns every set of dice (sorted) that some legal ordering uses in full from here.

    A pool is usable in full exactly when one legal sequence uses those dice, so one walk
    over all legal sequences (no planned overspeed, stopping at the line) finds them all.
    """
    found: set[tuple[str, ...]] = set()
    seen: set[tuple[object, ...]] = set()

    def walk(pos: int | None, gear: int, used: tuple[str, ...]) -> None:
        key = (pos, gear, tuple(sorted(used)))
        if key in seen:
            return
        seen.add(key)
        found.add(key[2])
        if pos == state.stage.finish:
            return
        for step in steps(state, seat, pos, gear, start_gear, used, must_first, planned=True):
            walk(step.to, step.gear, (*used, step.die))

    walk(pos, gear, ())
    return found


@lru_cache(maxsize=64)
def candidate_pools(gear_allowed: int, gas: int) -> tuple[str, ...]:
    """Returns every pool of 2-7 dice: a run of consecutive gear dice plus gas dice
    (gear dice used once each, ±1 apart, always form such a run; RM-TURN-2)."""
    found = []
    for size in range(0, min(5, gear_allowed) + 1):
        runs = (
            [""]
            if size == 0
            else ["".join(str(g) for g in range(lo, lo + size)) for lo in range(1, 7 - size)]
        )
        for run in runs:
            for g in range(gas + 1):
                if 2 <= size + g <= 7:
                    found.append(run + GAS * g)
    return tuple(found)


def _without(rest: tuple[str, ...], die: str) -> tuple[str, ...]:
    items = list(rest)
    items.remove(die)
    return tuple(items)
