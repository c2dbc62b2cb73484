"""Rallyman bots: ``cautious``, ``attacker`` and ``optimal``.

Both read the road ahead as the highest gear in which each space can be entered and the
car still slow down, one gear per space, for every corner and jump after it
(:func:`safe_gears`). ``cautious`` drives the standard technique and stops once hazards
reach the limit − 1; ``attacker`` does the same but announces a time attack whenever a
pool's exact risk (:func:`..odds.attack_risk`) is at most ``ATTACK_RISK`` and the pool
never needs a gear above the road's safe gears. ``optimal`` takes, at every decision,
the choice of least expected stage time by the solo solver (:mod:`.solver`), exact for
a car alone on the stage; it fits tyres like the others. Bots never draw chance outcomes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import numpy as np

from ...engine.contract import Action, Bot
from .actions import Attack, Place, Roll, Sisu, Spare, Stop, Tyres
from .board.model import Stage
from .odds import attack_risk
from .rules import legal_actions
from .rules.attack import attack_actions
from .rules.common import GAS, corner_limit, hazard_chance, hazard_limit, turn_of
from .rules.moves import steps
from .rules.turn import roll_actions
from .solver import CARD, Solver, bit
from .state import GEAR_TIME, Options, State
from .state import Tyres as TyreKind

ATTACK_RISK = 0.1
LOSS_COST = 90.0  # seconds a loss of control costs: the 1:00 card and a restart in 1st


def safe_gears(state: State, seat: int) -> list[int]:
    """Returns, per space, the highest gear to enter it in and still make every limit after."""
    stage = state.stage
    safe = [5] * len(stage.spaces)
    for i in reversed(range(len(stage.spaces))):
        space = stage.spaces[i]
        limit = corner_limit(state, seat, space) or 5
        if space.jump is not None:
            limit = min(limit, space.jump)
        ahead = [5 if lk.to == stage.finish else safe[lk.to] + 1 for lk in stage.links[i]]
        safe[i] = max(1, min(limit, max(ahead, default=5)))
    return safe


def _gear_after(state: State, die: str) -> int:
    return turn_of(state).gear if die == GAS else int(die)


def _target_safe(state: State, gid: str, safe: list[int]) -> int:
    index = state.stage.find(gid)
    assert index is not None
    return 5 if index >= state.stage.finish else safe[index]


def _best_roll(state: State, rolls: list[Roll], safe: list[int]) -> Roll | None:
    gear = turn_of(state).gear

    def wanted(roll: Roll) -> bool:
        return _wanted(_gear_after(state, roll.die), gear, _target_safe(state, roll.to, safe))

    fine = [r for r in rolls if not r.secured and wanted(r)]
    if not fine:
        return None
    return max(fine, key=lambda r: (_gear_after(state, r.die), r.die == GAS, r.to))


def _must_stop(state: State) -> bool:
    turn = turn_of(state)
    car = state.cars[turn.seat]
    stage = state.stage
    if car.space is None or car.space >= stage.finish:
        return False
    ahead = [stage.spaces[lk.to] for lk in stage.links[car.space] if lk.to < stage.finish]
    limit = min((hazard_limit(state.options, car, s) for s in ahead), default=3)
    airborne = stage.spaces[car.space].airborne
    return turn.hazards >= limit - 1 and not airborne


def _place(state: State, places: list[Place], safe: list[int]) -> Action:
    def key(p: Place) -> tuple[bool, bool, bool, int]:
        # clean dice first (a failed pool then goes furthest), gas dice next and gear dice
        # upwards, so the run ends in its top gear and takes the fastest card
        fits = _gear_after(state, p.die) <= _target_safe(state, p.to, safe)
        return (not p.hazard, fits, p.die == GAS, -_gear_after(state, p.die))

    return max(places, key=key)


def _attack(state: State, safe: list[int]) -> Attack | None:
    """Returns the pool worth more than the standard technique here, if any.

    Both are priced in seconds per space: the pool's card less its tokens plus the risk
    times the cost of a loss of control, against the expected card over the expected
    spaces of the standard turn this bot would drive from here (:func:`_standard_price`).
    """
    turn = turn_of(state)
    car = state.cars[turn.seat]
    standard = _standard_price(state, safe)
    best: tuple[float, str] | None = None
    for attack in attack_actions(state):
        n = len(attack.dice)
        ahead = _safe_ahead(state, car.space, n + 2, safe)
        top = max((int(d) for d in attack.dice if d != GAS), default=turn.gear)
        risk = float(attack_risk(state, attack))
        if not (turn.gear <= top <= min(ahead, default=5) and risk <= ATTACK_RISK):
            continue
        price = (GEAR_TIME[max(top, 1)] - n + risk * LOSS_COST) / n
        if price < standard and (best is None or price < best[0]):
            best = (price, attack.dice)
    return Attack(best[1]) if best else None


def _standard_price(state: State, safe: list[int]) -> float:
    """Returns the expected card over the expected spaces of this bot's standard turn:
    the dice it would roll if all were clean, stopping once hazards reach limit − 1."""
    turn = turn_of(state)
    car = state.cars[turn.seat]
    stage = state.stage
    pos, gear, used = car.space, turn.gear, turn.used
    alive = {turn.hazards: 1.0}
    card = spaces = 0.0
    moved = 0
    while alive:
        options = [
            s
            for s in steps(state, turn.seat, pos, gear, turn.start_gear, used, turn.must_first)
            if _wanted(s.gear, gear, 5 if s.to >= stage.finish else safe[s.to])
        ]
        if not options:
            break
        step = max(options, key=lambda s: (s.gear, s.die == GAS, stage.gid(s.to)))
        moved += 1
        limit = hazard_limit(
            state.options, car, stage.spaces[step.to] if step.to < stage.finish else None
        )
        p = float(hazard_chance(state.options, step.die))
        nxt: dict[int, float] = {}
        for shown, q in alive.items():
            for h, r in ((shown, q * (1 - p)), (shown + 1, q * p)):
                if h >= limit - 1 or step.to >= stage.finish:
                    card, spaces = card + r * GEAR_TIME[step.gear], spaces + r * moved
                elif r:
                    nxt[h] = nxt.get(h, 0.0) + r
        alive, pos, gear, used = nxt, step.to, step.gear, (*used, step.die)
    rest = sum(alive.values())
    card += rest * GEAR_TIME[max(gear, 1)]
    spaces += rest * moved
    return card / max(spaces, 1.0)


def _wanted(after: int, gear: int, limit: int) -> bool:
    # a lower gear only when the road asks for it: it slows the card of the turn
    return after <= limit and (after >= gear or limit < gear)


def _safe_ahead(state: State, pos: int | None, count: int, safe: list[int]) -> list[int]:
    """Returns the safe gears of the next ``count`` spaces along the first line."""
    stage = state.stage
    found: list[int] = []
    nxt: int | None = stage.entry if pos is None else pos
    if pos is not None:
        nxt = _first_link(state, pos)
    while nxt is not None and nxt < stage.finish and len(found) < count:
        found.append(safe[nxt])
        nxt = _first_link(state, nxt)
    return found


def _first_link(state: State, pos: int) -> int | None:
    first = (
        [lk.to for lk in state.stage.links[pos] if not lk.bailout]
        if pos < state.stage.finish
        else []
    )
    return first[0] if first else None


def _tyres(state: State) -> TyreKind:
    """Returns the tyres for the rally's surface: snow where most spaces are snow."""
    snowy = sum(s.surface == "snow" for st in state.rally.stages for s in st.spaces)
    total = sum(len(st.spaces) for st in state.rally.stages)
    return "snow" if 2 * snowy > total else "asphalt"


def _driver(attack: bool) -> Callable[[State, np.random.Generator], Action]:
    def choose(state: State, rng: np.random.Generator) -> Action:
        legal = legal_actions(state)
        if state.phase == "tyres":
            return Tyres(_tyres(state))
        if Sisu(True) in legal:
            return Sisu(True)
        seat = turn_of(state).seat
        safe = safe_gears(state, seat)
        places = [a for a in legal if isinstance(a, Place)]
        if places:
            return _place(state, places, safe)
        if attack and turn_of(state).technique == "none":
            pool = _attack(state, safe)
            if pool is not None:
                return pool
        if Stop() in legal and _must_stop(state):
            return Stop()
        roll = _best_roll(state, roll_actions(state), safe)
        if roll is not None:
            return roll
        if Stop() in legal:
            return Stop()
        rolls = [a for a in legal if isinstance(a, Roll)]
        if rolls:  # a forced die: the lowest gear hurts least
            return min(rolls, key=lambda r: (_gear_after(state, r.die), r.secured))
        return legal[0]

    return choose


@lru_cache(maxsize=3)
def solver_for(stage: Stage, options: Options, tyres: TyreKind) -> Solver:
    """Returns the solved stage (kept for the next decisions on it)."""
    return Solver(stage, options, tyres)


def optimal(state: State, rng: np.random.Generator) -> Action:
    """Returns the choice of least expected stage time for the car alone (see solver)."""
    legal = legal_actions(state)
    if state.phase == "tyres":
        return Tyres(_tyres(state))
    turn = turn_of(state)
    car = state.cars[turn.seat]
    solver = solver_for(state.stage, state.options, car.tyres)
    if turn.technique == "none" and not turn.used and turn.loc is None:
        solver.forget()  # the memos of the last turn are not needed again
    at = (min(car.damage, 4), min(car.punctures, 2), int(car.spare_used), int(car.sisu_used))
    index = (*at, min(car.tokens, solver.cap))
    if turn.loc is not None:
        return Sisu(_sisu_pays(state, solver, index))
    choices = _choices(state, solver)
    best = min(
        (a for a in legal if a in choices),
        key=lambda a: float(choices[a][index]),
        default=None,
    )
    if best is None:
        raise ValueError(f"the solver knows none of the legal actions {legal}")
    return best


def _choices(state: State, solver: Solver) -> dict[Action, np.ndarray]:
    """Returns the solver's value of each choice the driver has now, keyed as actions."""
    turn = turn_of(state)
    car = state.cars[turn.seat]
    road = solver.road
    gid = state.stage.gid
    pos = road.start if car.space is None else car.space
    used = sum(bit(int(d)) for d in turn.used if d != GAS)
    found: dict[Action, np.ndarray] = {}
    if turn.technique == "attack":
        for (_, die, face, to), value in solver.placements(_pool_key(state, solver)):
            assert isinstance(to, int)
            found[Place(str(die) if die else GAS, bool(face), gid(to))] = value
        return found
    key = (pos, turn.gear, used, turn.gas_allowed - turn.gas_used, turn.hazards, turn.secured,
           bool(turn.used))  # fmt: skip
    for choice, value in solver.options_at(key):
        if choice[0] == "roll":
            _, die, to, secured = choice
            assert isinstance(to, int)
            found[Roll(str(die) if die else GAS, gid(to), bool(secured))] = value
        elif choice[0] == "attack":
            found[Attack(str(choice[1]))] = value
        else:
            found[Stop()] = value
    if not turn.used:
        found[Spare()] = solver.spare_value(pos, turn.gear)
    return found


def _pool_key(state: State, solver: Solver, sisu: bool | None = None) -> tuple[int, ...]:
    """Returns the solver's key of a rolled time-attack pool."""
    turn = turn_of(state)
    car = state.cars[turn.seat]
    pos = solver.road.start if car.space is None else car.space
    used = sum(bit(int(d)) for d in turn.used if d != GAS)
    left = [i for i in range(len(turn.pool)) if i not in turn.placed]
    rest = sum(bit(int(turn.pool[i])) for i in left if turn.pool[i] != GAS)
    haz = sum(bit(int(turn.pool[i])) for i in left if turn.pool[i] != GAS and turn.faces[i])
    gas = [turn.faces[i] for i in left if turn.pool[i] == GAS]
    active = turn.sisu_active if sisu is None else sisu
    return (pos, turn.gear, used, rest, haz, gas.count(False), gas.count(True), turn.hazards,
            active, turn.pool_limit)  # fmt: skip


def _sisu_pays(state: State, solver: Solver, index: tuple[int, ...]) -> bool:
    """Tells whether playing SISU against this loss of control saves time (RM-SISU-1)."""
    turn = turn_of(state)
    loc = turn.loc
    assert loc is not None
    car = state.cars[turn.seat]
    pos = car.space if car.space is not None else solver.road.start
    if loc.on_line:
        pos = solver.road.finish
    taken = float(solver.flipped(pos, loc.deck, loc.on_line)[index])
    played = (*index[:3], 1, index[4])
    if loc.on_line:
        going_on = CARD[loc.deck] - index[4]
    elif turn.technique == "attack":
        going_on = float(solver.placed(_pool_key(state, solver, sisu=True))[played])
    else:
        used = sum(bit(int(d)) for d in turn.used if d != GAS)
        key = (pos, turn.gear, used, turn.gas_allowed - turn.gas_used, 0, turn.secured, True)
        going_on = float(solver.q(key)[played])
    return going_on < taken


BOTS: dict[str, Bot] = {
    "cautious": _driver(attack=False),
    "attacker": _driver(attack=True),
    "optimal": optimal,
}

# One line per bot, for lists and the lobby.
DESCRIPTIONS: dict[str, str] = {
    "cautious": "the standard technique, stopping once hazards reach the limit - 1",
    "attacker": "as cautious, with a time attack whenever its exact risk is low",
    "optimal": "the least expected stage time for a car alone, solved exactly per stage",
}
