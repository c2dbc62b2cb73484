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
from .common import GAS, GEAR_DICE, Occupancy, corner_limit, others_on_road, turn_of

NO_LIMIT = 99  # above any gear


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


_Move = tuple[str, int, bool, bool, tuple[str, ...]]
# A die the die rules allow next: the die, the gear it enters in, whether it may take a
# bail-out (exactly one gear down, not gas), whether it is die 5, and the dice used
# after it (sorted: a search of orderings meets the same dice in any order).


@lru_cache(maxsize=4096)
def _moves(
    gear: int,
    start_gear: int,
    used: tuple[str, ...],
    must_first: bool,
    gear_allowed: int,
    gas_allowed: int,
) -> tuple[_Move, ...]:
    # A pure function of a few small values, asked at every point of every search of
    # orderings: remembered.
    if must_first and not used:
        dice = ["1"]
    else:
        gear_used = [d for d in used if d != GAS]
        dice = []
        if len(gear_used) < gear_allowed:
            for die in GEAR_DICE:
                d = int(die)
                if die in used:
                    continue
                if (not gear_used and abs(d - start_gear) <= 1) or (
                    gear_used and abs(d - gear) == 1
                ):
                    dice.append(die)
        if gear >= 1 and used.count(GAS) < gas_allowed:
            dice.append(GAS)
    moves = []
    for die in dice:
        after = gear if die == GAS else int(die)
        bails = die != GAS and after == gear - 1
        moves.append((die, after, bails, die == "5", tuple(sorted((*used, die)))))
    return tuple(moves)


Way = tuple[str, int, int, bool]
"""One possible die as :class:`Step` holds it: die, space index, gear, bail-out."""
_Exit = tuple[int, bool, bool, int, int, bool]
# A way on from a space with what any die needs to take it: the space, whether it is a
# bail-out (and whether the die is marked one: never into the finish), the lowest and
# highest gear allowed in (a car passed, a slide; an overspeed or a jump at +2 when
# planned) and whether die 5 is barred (snow tyres onto asphalt).


class Ways:
    """The legal next dice of one driver in one state, from any point of a turn.

    A search of orderings asks from many points of the same state: the other cars, the
    limits and the full spaces are read once per space and the dice are plain tuples.
    With ``planned`` (time-attack orderings) an overspeed or a jump at +2 is left out.
    """

    def __init__(
        self, state: State, seat: int, start_gear: int, must_first: bool, *, planned: bool
    ) -> None:
        turn = turn_of(state)
        self.state, self.seat, self.planned = state, seat, planned
        self.finish = state.stage.finish
        self._rules = (start_gear, must_first, turn.gear_allowed, turn.gas_allowed)
        self._others = others_on_road(state, seat)
        self._occupancy = Occupancy(state, self._others)
        self._exits: dict[int | None, tuple[_Exit, ...]] = {}
        self._orderable: dict[tuple[int | None, int, tuple[str, ...], tuple[str, ...]], bool] = {}

    def next(self, pos: int | None, gear: int, used: tuple[str, ...]) -> list[Way]:
        """Returns every legal next die from ``pos`` in ``gear`` with ``used`` (as
        :func:`steps` does)."""
        found: list[Way] = []
        exits = self._exits_from(pos)
        if not exits:
            return found
        start_gear, must_first, gear_allowed, gas_allowed = self._rules
        for die, after, bails, five, _ in _moves(
            gear, start_gear, used, must_first, gear_allowed, gas_allowed
        ):
            for to, bailout, marked, low, high, no_fifth in exits:
                if (bailout and not bails) or after < low or after > high or (five and no_fifth):
                    continue
                found.append((die, to, after, marked))
        return found

    def _exits_from(self, pos: int | None) -> tuple[_Exit, ...]:
        exits = self._exits.get(pos)
        if exits is None:
            exits = self._exits[pos] = self._read_exits(pos)
        return exits

    def _read_exits(self, pos: int | None) -> tuple[_Exit, ...]:
        state, seat, blocks = self.state, self.seat, self._occupancy.blocks
        stage, car, options = state.stage, state.cars[seat], state.options
        if car.off in ("left", "right") and pos == car.space and pos is not None and blocks(pos):
            return ()  # RM-LOC-2, A23: the space it left is full, so the car waits
        passed = 0  # the GT rule (A24): leaving ``pos`` needs the gear of a car there
        if options.gt_overtake_rule and pos is not None:
            passed = max((c.gear for c in self._others if c.space == pos), default=0)
        snow = options.snow_tyres_no_fifth_on_asphalt and car.tyres == "snow"
        exits = []
        for link in links_from(state, pos):
            to = link.to
            if to == self.finish:
                exits.append((to, link.bailout, False, passed, NO_LIMIT, False))
                continue
            if blocks(to):
                continue
            space = stage.spaces[to]
            limit = corner_limit(state, seat, space)
            low, high = passed, NO_LIMIT
            if space.role == "slide" and limit is not None:
                low = max(low, limit)  # RM-CORNER-2: a lower gear is not allowed in a slide
            if self.planned:
                if limit is not None:
                    high = limit
                if space.jump is not None:
                    high = min(high, space.jump + 1)
            no_fifth = snow and space.surface == "asphalt"  # RM-TYRE-1, A14
            exits.append((to, link.bailout, link.bailout, low, high, no_fifth))
        return tuple(exits)

    def usable(self, pos: int | None, gear: int) -> set[tuple[str, ...]]:
        """Returns every set of dice (sorted) that some legal ordering uses in full from
        ``pos`` in ``gear`` with no die used yet (see :func:`usable_sets`)."""
        found: set[tuple[str, ...]] = set()
        seen: set[tuple[int | None, int, tuple[str, ...]]] = set()
        finish, exits_from = self.finish, self._exits_from
        start_gear, must_first, gear_allowed, gas_allowed = self._rules

        def walk(pos: int | None, gear: int, used: tuple[str, ...]) -> None:
            key = (pos, gear, used)
            if key in seen:
                return
            seen.add(key)
            found.add(used)
            if pos == finish:
                return
            exits = exits_from(pos)
            if not exits:
                return
            for _, after, bails, five, now in _moves(
                gear, start_gear, used, must_first, gear_allowed, gas_allowed
            ):
                for to, bailout, _, low, high, no_fifth in exits:
                    if (bailout and not bails) or after < low or after > high:
                        continue
                    if not (five and no_fifth):
                        walk(to, after, now)

        walk(pos, gear, ())
        return found

    def orderable(
        self, pos: int | None, gear: int, used: tuple[str, ...], rest: tuple[str, ...]
    ) -> bool:
        """Tells whether the dice ``rest`` (sorted) can all be used in some legal order
        after ``used`` (see :func:`pool_orderable`); what each point answered is kept
        for the next question."""
        if not rest:
            return True
        key = (pos, gear, used, rest)
        ok = self._orderable.get(key)
        if ok is not None:
            return ok
        ok = False
        exits = self._exits_from(pos)
        start_gear, must_first, gear_allowed, gas_allowed = self._rules
        for die, after, bails, five, now in (
            _moves(gear, start_gear, used, must_first, gear_allowed, gas_allowed) if exits else ()
        ):
            if die not in rest:
                continue
            left = _without(rest, die)
            for to, bailout, _, low, high, no_fifth in exits:
                if (bailout and not bails) or after < low or after > high or (five and no_fifth):
                    continue
                if to == self.finish and left:
                    continue  # RM-FINISH-1: no dice beyond the line
                if self.orderable(to, after, now, left):
                    ok = True
                    break
            if ok:
                break
        self._orderable[key] = ok
        return ok


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
    ways = Ways(state, seat, start_gear, must_first, planned=planned)
    return [Step(*way) for way in ways.next(pos, gear, used)]


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
    ways = Ways(state, seat, start_gear, must_first, planned=True)
    return ways.orderable(pos, gear, tuple(sorted(used)), tuple(sorted(rest)))


def usable_sets(
    state: State, seat: int, pos: int | None, gear: int, start_gear: int, must_first: bool
) -> set[tuple[str, ...]]:
    """Returns every set of dice (sorted) that some legal ordering uses in full from here.

    A pool is usable in full exactly when one legal sequence uses those dice, so one walk
    over all legal sequences (no planned overspeed, stopping at the line) finds them all.
    """
    return Ways(state, seat, start_gear, must_first, planned=True).usable(pos, gear)


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
