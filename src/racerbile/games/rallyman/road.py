"""One stage as the solver reads it: plain lists per space, for one car and one tyre choice.

Space ``i`` of the stage is position ``i``; ``finish`` (= the number of spaces) is the
virtual space beyond the line and ``start`` (= finish + 1) the car before it enters.
Alone on the stage a car is never blocked and no MUD applies to it (MUD only slows the
drivers who come after, RM-CORNER-3), so each corner keeps its printed limits.
Every figure here is read from the compiled :class:`~.board.model.Stage` and the
:class:`~.state.Options`, through the rules' own helpers where they exist.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board.model import Stage
from .rules.common import hazard_chance, hazard_limit
from .state import Car, Options, Tyres

NO_LIMIT = 9


@dataclass(frozen=True)
class OffRoad:
    """Where a car that goes off on one side comes back, and the damage it takes.

    ``kind``: ``"road"`` (back on ``to`` with ``damage``), ``"shortcut"`` (onto the
    shortcut ``to`` with a card, RM-LOC-3), ``"beside"`` (off a shortcut onto the road
    ``to``) or ``"spin"``.
    """

    kind: str
    to: int
    damage: int = 0


@dataclass(frozen=True)
class Road:
    """The per-space data of one stage for one car (see the module docstring)."""

    finish: int
    start: int
    links: tuple[tuple[tuple[int, bool], ...], ...]  # by position, start included
    limit: tuple[int, ...]  # highest gear allowed (inside, slide or shortcut)
    exact: tuple[int, ...]  # a slide's one gear, else 0
    jump: tuple[int, ...]  # a jump's gear value, else -1
    airborne: tuple[bool, ...]
    draws: tuple[bool, ...]
    no_fifth: tuple[bool, ...]  # die 5 may not enter (snow tyres on asphalt, A14)
    hazard_limit: tuple[int, ...]  # by position, start and finish included
    off: tuple[tuple[OffRoad, OffRoad], ...]  # left, right
    spin: tuple[int, ...]  # where a spun car restarts (a slide: the inside beside it)
    line_damage: tuple[int, int]  # the last space's verges, for a loss on the line
    order: tuple[int, ...]  # spaces from the finish back, by progress
    jump_in: tuple[int, ...]  # fewest dice from a position onto a jump (99: none ahead)
    gid: tuple[str, ...]
    gear_p: float
    gas_p: float

    def can_stand(self, pos: int, gear: int) -> bool:
        """Tells whether a turn may begin on ``pos`` in ``gear``: entered within its
        limits, or in gear 0 after a loss of control (or at the start)."""
        if pos == self.start:
            return gear == 0
        if gear == 0:
            return self.exact[pos] == 0  # a spun car leaves a slide for the inside
        within = self.exact[pos] <= gear <= self.limit[pos]
        return within and not 0 <= self.jump[pos] <= gear - 2

    def hazard_p(self, die: int) -> float:
        """Returns P(hazard) of a gear die (1-5) or the gas die (0)."""
        return self.gas_p if die == 0 else self.gear_p


def compile_road(stage: Stage, options: Options, tyres: Tyres) -> Road:
    """Returns the solver's view of ``stage`` for a car on ``tyres``."""
    car = Car(tyres=tyres)
    n = stage.finish
    spaces = stage.spaces
    links = [tuple((lk.to, lk.bailout) for lk in stage.links[i]) for i in range(n)]
    links += [(), ((stage.entry, False),)]
    limit, exact = [], []
    for space in spaces:
        value = space.exact_gear if space.role == "slide" else space.max_gear
        limit.append(NO_LIMIT if value is None or space.role is None else value)
        exact.append(space.exact_gear or 0 if space.role == "slide" else 0)
    hz = [hazard_limit(options, car, s) for s in spaces]
    hz += [options.hazard_limit, options.hazard_limit]
    off = tuple(_off_roads(stage, i) for i in range(n))
    last = next(i for i in range(n) if any(lk.to == n for lk in stage.links[i]))
    road = Road(
        finish=n,
        start=n + 1,
        links=tuple(links),
        limit=tuple(limit),
        exact=tuple(exact),
        jump=tuple(-1 if s.jump is None else s.jump for s in spaces),
        airborne=tuple(s.airborne for s in spaces),
        draws=tuple(s.draws_card for s in spaces),
        no_fifth=tuple(
            options.snow_tyres_no_fifth_on_asphalt and tyres == "snow" and s.surface == "asphalt"
            for s in spaces
        ),
        hazard_limit=tuple(hz),
        off=off,
        spin=tuple(
            s.beside if s.kind == "slide" and s.beside is not None else i
            for i, s in enumerate(spaces)
        ),
        line_damage=spaces[last].damage,
        order=tuple(sorted(range(n), key=lambda i: -spaces[i].progress)),
        jump_in=_jump_in(stage),
        gid=tuple(s.gid for s in spaces),
        gear_p=float(hazard_chance(options, "1")),
        gas_p=float(hazard_chance(options, "G")),
    )
    _check_forward(stage, road)
    return road


def _jump_in(stage: Stage) -> tuple[int, ...]:
    """Returns, per position (start included), the fewest dice onto a jump space."""
    n = stage.finish
    far = [99] * (n + 2)
    order = sorted(range(n), key=lambda i: -stage.spaces[i].progress)
    for i in order:
        for lk in stage.links[i]:
            if lk.to < n:
                hop = 1 if stage.spaces[lk.to].jump is not None else 1 + far[lk.to]
                far[i] = min(far[i], hop)
    entry = stage.entry
    far[n + 1] = 1 if stage.spaces[entry].jump is not None else 1 + far[entry]
    return tuple(far)


def _off_roads(stage: Stage, i: int) -> tuple[OffRoad, OffRoad]:
    """Returns where a loss of control on space ``i`` leaves the car, per side (RM-LOC-1/3)."""
    space = stage.spaces[i]
    found = []
    for side in (0, 1):
        if space.verge[side] == "shortcut" and space.shortcut_verge is not None:
            found.append(OffRoad("shortcut", space.shortcut_verge))
        elif space.kind == "shortcut":
            found.append(
                OffRoad("spin", i) if space.beside is None else OffRoad("beside", space.beside)
            )
        else:
            back = space.beside if space.kind == "slide" and space.beside is not None else i
            found.append(OffRoad("road", back, space.damage[side]))
    return found[0], found[1]


def _check_forward(stage: Stage, road: Road) -> None:
    """Raises ValueError unless every turn ends further along than it began.

    The solver works back from the finish; it needs each place a car can be left on
    after a die (the space entered, or where a loss of control puts it) to lie beyond
    the space the die left.
    """
    for i in range(road.finish):
        for to, _ in road.links[i]:
            if to >= road.finish:
                continue
            ends = [to, road.spin[to], *(o.to for o in road.off[to])]
            if any(stage.progress(e) <= stage.progress(i) for e in ends):
                raise ValueError(f"{stage.id}: a loss of control after {stage.gid(i)} goes back")
