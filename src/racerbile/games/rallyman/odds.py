"""Exact risk at the table and the §20 tables, from the engine's own dice.

:func:`die_risks` gives, before each die, the exact chance of losing control with each
legal die (and each time-attack pool); :func:`plan_odds` the chances of a planned order of
dice (moved spaces when stopping at limit − 1 hazards, all dice used, a loss of control
when pushing every die). :func:`attack_table`, :func:`seven_dice_hazards` and
:func:`standard_table` are the spec's §20 figures; :func:`format_tables` prints them.
Every number is a ``Fraction``; the die probabilities come from
:func:`.rules.common.hazard_chance`, the same data the chance actor uses (RM-DICE-1).

The sums depend only on the dice's chances (a few kinds of die, at most seven dice),
the limit and the hazards showing, while every view of a turn asks for them again:
they are remembered by those values (``_counts``, ``_plan_odds``), and by the hazard
faces of a gas and a gear die rather than by Fractions to hash (``_faces_risk``,
:func:`faces_plan_odds`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ...engine.contract import Action
from . import rules
from .actions import Attack, Roll
from .rules.attack import attack_actions, pool_limit, pool_limits
from .rules.common import GAS, corner_limit, face_chance, hazard_chance, hazard_limit, turn_of
from .rules.turn import roll_actions
from .state import Options, State

PLANS = ("1,2,3,4,5", "1,2,3,4,5,G,G", "G,G,1,2,3,4,5", "3,4,5,G,G", "4,5,G,G", "5,G,G")


def hazard_counts(chances: Sequence[Fraction]) -> list[Fraction]:
    """Returns P(H = k) for k = 0..n hazards among independent dice (convolution)."""
    return list(_counts(tuple(chances)))


@lru_cache(maxsize=4096)
def _counts(chances: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    dist = [Fraction(1)]
    for p in chances:
        nxt = [Fraction(0)] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return tuple(dist)


_ZERO, _ONE = Fraction(0), Fraction(1)


def die_risks(state: State) -> dict[Action, Fraction]:
    """Returns, for each legal die and pool, the exact chance of losing control with it."""
    turn = turn_of(state)
    car = state.cars[turn.seat]
    stage = state.stage
    options = state.options
    risks: dict[Action, Fraction] = {}
    rolls, attacks = _dice_now(state)
    for roll in rolls:
        target = stage.find(roll.to)
        assert target is not None
        gear = turn.gear if roll.die == GAS else int(roll.die)
        p = _ZERO if roll.secured else hazard_chance(options, roll.die)
        if target >= stage.finish:
            last = stage.spaces[car.space] if car.space is not None else None
            at_limit = turn.hazards + 1 >= hazard_limit(options, car, last)
            risks[roll] = p if at_limit else _ZERO
            continue
        space = stage.spaces[target]
        limit = corner_limit(state, turn.seat, space)
        jump = gear - space.jump if space.jump is not None else 0
        if (limit is not None and gear > limit) or jump >= 2:
            risks[roll] = _ONE
        elif jump == 1 or turn.hazards + 1 >= hazard_limit(options, car, space):
            risks[roll] = p
        else:
            risks[roll] = _ZERO
    if attacks:
        # a pool's limit depends on its size alone (A15)
        limits = pool_limits(state, max(len(a.dice) for a in attacks))
        for attack in attacks:
            size = len(attack.dice)
            gas = attack.dice.count(GAS)
            risks[attack] = _faces_risk(
                gas,
                size - gas,
                options.gas_hazard_faces,
                options.gear_hazard_faces,
                limits[size - 1],
            )
    return risks


def _dice_now(state: State) -> tuple[list[Roll], list[Attack]]:
    """The dice open now and the pools: when the driver is to act in a race, those of
    the legal actions (worked out once per state), else asked of the rules."""
    turn = turn_of(state)
    if state.phase == "race" and rules.to_act(state) == turn.seat:
        legal = rules.legal_actions(state)
        rolls = [a for a in legal if isinstance(a, Roll)]
        return rolls, [a for a in legal if isinstance(a, Attack)]
    return roll_actions(state), attack_actions(state)


@lru_cache(maxsize=4096)
def _faces_risk(gas: int, gear: int, gas_faces: int, gear_faces: int, hazards: int) -> Fraction:
    """:func:`_at_least` by the dice's hazard faces (RM-DICE-1): small numbers to
    remember it by, not Fractions to hash."""
    return _at_least(gas, gear, face_chance(gas_faces), face_chance(gear_faces), hazards)


def attack_risk(state: State, attack: Attack) -> Fraction:
    """Returns the chance that a time-attack pool shows the limit in hazards (RM-ATT-1)."""
    options, size = state.options, len(attack.dice)
    gas = attack.dice.count(GAS)
    faces = options.gas_hazard_faces, options.gear_hazard_faces
    return _faces_risk(gas, size - gas, *faces, pool_limit(state, size))


@lru_cache(maxsize=4096)
def _at_least(gas: int, gear: int, p_gas: Fraction, p_gear: Fraction, hazards: int) -> Fraction:
    """P(at least ``hazards`` hazards among ``gas`` dice with chance ``p_gas`` and
    ``gear`` dice with chance ``p_gear``)."""
    return sum(_counts((p_gas,) * gas + (p_gear,) * gear)[hazards:], Fraction(0))


@dataclass(frozen=True)
class PlanOdds:
    """The exact odds of a planned order of dice in the standard technique."""

    spaces: dict[int, Fraction]  # stopping once hazards = limit − 1
    expected_spaces: Fraction
    all_dice: Fraction
    loc_if_pushing: Fraction


def plan_odds(chances: Sequence[Fraction], limit: int = 3, hazards: int = 0) -> PlanOdds:
    """Returns the odds of rolling the dice with ``chances`` in order (§20.2); shared
    between callers, who must not change its ``spaces``."""
    return _plan_odds(tuple(chances), limit, hazards)


@lru_cache(maxsize=4096)
def _plan_odds(chances: tuple[Fraction, ...], limit: int, hazards: int) -> PlanOdds:
    stop_at = limit - 1
    spaces: dict[int, Fraction] = {}
    alive = {hazards: Fraction(1)}  # hazards showing -> P, still rolling
    if hazards >= stop_at:
        spaces[0] = Fraction(1)
        alive = {}
    for index, p in enumerate(chances, start=1):
        nxt: dict[int, Fraction] = {}
        for h, q in alive.items():
            for shown, r in ((h, q * (1 - p)), (h + 1, q * p)):
                if shown >= stop_at:
                    spaces[index] = spaces.get(index, Fraction(0)) + r
                else:
                    nxt[shown] = nxt.get(shown, Fraction(0)) + r
        alive = nxt
    n = len(chances)
    rest = sum(alive.values(), Fraction(0))
    if rest:
        spaces[n] = spaces.get(n, Fraction(0)) + rest
    counts = _counts(chances)
    need = limit - hazards
    loc = sum(counts[need:], Fraction(0)) if need <= n else Fraction(0)
    expected = sum((k * q for k, q in spaces.items()), Fraction(0))
    return PlanOdds(dict(sorted(spaces.items())), expected, spaces.get(n, Fraction(0)), loc)


def state_plan_odds(state: State, plan: Sequence[str]) -> PlanOdds:
    """Returns the odds of finishing the turn with the remaining dice ``plan`` from here."""
    return faces_plan_odds(tuple(plan), *plan_terms(state))


def plan_terms(state: State) -> tuple[int, int, int, int]:
    """Returns what the odds of a plan from here depend on besides its dice: the hazard
    faces of a gas die and of a gear die, the hazard limit where the car stands and the
    hazards showing."""
    turn = turn_of(state)
    car = state.cars[turn.seat]
    space = (
        state.stage.spaces[car.space]
        if car.space is not None and (car.space < state.stage.finish)
        else None
    )
    options = state.options
    limit = hazard_limit(options, car, space)
    return options.gas_hazard_faces, options.gear_hazard_faces, limit, turn.hazards


@lru_cache(maxsize=4096)
def faces_plan_odds(
    plan: tuple[str, ...], gas_faces: int, gear_faces: int, limit: int, hazards: int
) -> PlanOdds:
    """:func:`plan_odds` of the dice ``plan`` by their hazard faces (RM-DICE-1)."""
    chances = tuple(face_chance(gas_faces if d == GAS else gear_faces) for d in plan)
    return _plan_odds(chances, limit, hazards)


def attack_table(
    options: Options | None = None,
) -> dict[tuple[int, int], tuple[Fraction, Fraction]]:
    """Returns §20.1: P(fewer hazards than the limit) for g gear + w gas dice, limits 3 and 2."""
    options = options or Options()
    gear, gas = hazard_chance(options, "1"), hazard_chance(options, GAS)
    table = {}
    for g in range(6):
        for w in range(3):
            if g + w < 2:
                continue
            counts = hazard_counts([gear] * g + [gas] * w)
            table[(g, w)] = (sum(counts[:3], Fraction(0)), sum(counts[:2], Fraction(0)))
    return table


def seven_dice_hazards(options: Options | None = None) -> list[Fraction]:
    """Returns P(0..7 hazards) when all seven dice are rolled (§20.1)."""
    options = options or Options()
    gear, gas = hazard_chance(options, "1"), hazard_chance(options, GAS)
    return hazard_counts([gear] * 5 + [gas] * 2)


def standard_table(options: Options | None = None) -> dict[str, PlanOdds]:
    """Returns §20.2: the planned orders with the stop-at-two-hazards policy (limit 3)."""
    options = options or Options()
    return {
        plan: plan_odds([hazard_chance(options, d) for d in plan.split(",")], 3) for plan in PLANS
    }


def offroad_chance(options: Options, gear: int) -> Fraction:
    """Returns P(off the road) when control is lost with the gear ``gear`` card (RM-CARD-1)."""
    spin, left, right = options.gear_backs[gear - 1]
    return Fraction(left + right, spin + left + right)


def _cell(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ({float(p):.4f})" if p.denominator > 1 else str(p)


def format_tables(options: Options | None = None) -> str:
    """Returns the §20 tables as text."""
    lines = [
        "Time attack: P(fewer hazards than the limit), limit 3 · limit 2",
        "g \\ w | w = 0 | w = 1 | w = 2",
    ]
    table = attack_table(options)
    for g in range(6):
        cells = [
            "–" if (g, w) not in table else f"{_cell(table[(g, w)][0])} · {_cell(table[(g, w)][1])}"
            for w in range(3)
        ]
        lines.append(f"{g} | " + " | ".join(cells))
    counts = seven_dice_hazards(options)
    lines.append(
        "All 7 dice, P(0..7 hazards): "
        + ", ".join(f"{p.numerator}/{p.denominator}" for p in counts)
    )
    lines += [
        "",
        "Standard technique, stop at 2 hazards (limit 3):",
        "planned order | P(spaces = k) | E[spaces] | P(all dice) | P(LoC pushing all)",
    ]
    for plan, odds in standard_table(options).items():
        dist = ", ".join(f"{k}: {_cell(p)}" for k, p in odds.spaces.items())
        lines.append(
            f"{plan} | {dist} | {float(odds.expected_spaces):.3f} | "
            f"{float(odds.all_dice):.3f} | {_cell(odds.loc_if_pushing)}"
        )
    return "\n".join(lines)


__all__ = [
    "Roll",
    "attack_table",
    "die_risks",
    "faces_plan_odds",
    "format_tables",
    "plan_odds",
    "plan_terms",
    "seven_dice_hazards",
    "standard_table",
    "state_plan_odds",
]
