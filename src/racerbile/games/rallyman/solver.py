"""The optimal solo driver: the least expected stage time, by backward induction.

Alone on a stage, every turn ends further along than it began (each die moves the car
one space forward; a loss of control leaves it on the space it reached), so the values
are computed once, from the finish back (:attr:`.road.Road.order`), with no iteration
to convergence. The state between dice is an integer key
``(position, gear, gear dice used (bits), gas dice left, hazards, dice secured, started)``
and, in a NumPy array ``[damage, punctures, spare used, SISU used, tokens]``, everything
that only changes at a turn's end or by a shift: damage 0-4 (5 retires, RM-DMG-1),
punctures 0-2, the spare wheel and SISU used or not, and the seconds tokens 0..``cap``.
The value is the expected rest of the stage time in seconds: cards and penalties to
come minus the tokens held at the finish (RM-RALLY-2). A retirement costs the time so
far plus ``super_rally_penalty_s`` (what a super rally books, A27).

Tokens above ``cap`` count as seconds already off and are not spent; the values are
then exact for the policy (which never needs more), and a car holding more only does
better. A time attack (RM-ATT-1) is solved after its roll as a deterministic choice of
order and lines (:meth:`Solver.placed`); only shortcut cards (RM-CORNER-3) and the card
backs (RM-LOC-1) are chance after the roll. The dice odds, card backs and shortcut deck
are the engine's own (:func:`.rules.common.hazard_chance`, ``Options``); with the
``finite_gear_decks`` switch (A21) the backs still come from the published weights, so
the figures are then close but not exact.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from math import comb

import numpy as np

from .board.model import Stage
from .road import Road, compile_road
from .rules.moves import candidate_pools
from .state import GEAR_TIME, LOC_TIME, Options, Tyres

Key = tuple[int, int, int, int, int, int, bool]
Option = tuple[tuple[object, ...], np.ndarray]
DAMAGE, PUNCTURES = 5, 3
CARD = {g: float(GEAR_TIME.get(g, GEAR_TIME[1])) for g in range(6)}


def bit(die: int) -> int:
    """Returns the bit of gear die ``die`` (1-5) in a used-dice mask."""
    return 1 << (die - 1)


def least(values: Iterator[np.ndarray]) -> np.ndarray:
    """Returns the elementwise minimum of ``values`` (a fresh array)."""
    found: np.ndarray | None = None
    for value in values:
        if found is None:
            found = value.copy()
        else:
            np.minimum(found, value, out=found)
    if found is None:
        raise ValueError("no choice to take the least of")
    return found


class Solver:
    """The values and the optimal choices of one stage, tyre choice and rule set."""

    def __init__(self, stage: Stage, options: Options, tyres: Tyres, cap: int = 10):
        self.road: Road = compile_road(stage, options, tyres)
        self.options = options
        self.cap = cap
        self.shape = (DAMAGE, PUNCTURES, 2, 2, cap + 1)
        tokens = np.arange(cap + 1, dtype=float)
        self.done = np.broadcast_to(-tokens, self.shape).copy()  # across the line
        self.retired = self.done + options.super_rally_penalty_s
        deck = options.shortcut_deck
        self.puncture_p = deck[2] / sum(deck)
        self.backs = [tuple(w / sum(ws) for w in ws) for ws in options.gear_backs]
        self.gear_ok = [
            np.arange(DAMAGE)[:, None, None, None, None] < 5 - used for used in range(6)
        ]
        self.values: dict[tuple[int, int], np.ndarray] = {}
        # per-solver memos: each depends on the values of positions further along only
        self.steps = lru_cache(maxsize=None)(self._steps)
        self.orderable = lru_cache(maxsize=None)(self._orderable)
        self.end_turn = lru_cache(maxsize=None)(self._end_turn)
        self.flipped = lru_cache(maxsize=None)(self._flipped)
        self.pool_value = lru_cache(maxsize=None)(self._pool_value)
        self.faces = lru_cache(maxsize=None)(self._faces)
        self._q: dict[Key, np.ndarray] = {}
        self._g: dict[tuple[object, ...], np.ndarray] = {}
        for pos in (*self.road.order, self.road.start):
            for gear in range(6):
                if self.road.can_stand(pos, gear):
                    self.values[(pos, gear)] = self._turn_value(pos, gear)
        self.forget()

    def forget(self) -> None:
        """Drops the memo of rolled time-attack pools, the largest (rebuilt on demand);
        the decisions between dice and the pools' values before the roll stay."""
        self._g.clear()

    # --- the start of a turn ----------------------------------------------------------

    def expected(self, tokens: int = 0) -> float:
        """Returns the expected stage time of a fresh car at the start line."""
        return float(self.values[(self.road.start, 0)][0, 0, 0, 0, min(tokens, self.cap)])

    def start_key(self, pos: int, gear: int, punctures: int) -> Key:
        """Returns the key of a turn's first decision (hazards from a Polish puncture)."""
        polish = self.options.puncture_mode == "polish_hazard_die" and punctures > 0
        return (pos, gear, 0, max(0, 2 - punctures), int(polish), 0, False)

    def _turn_value(self, pos: int, gear: int) -> np.ndarray:
        value = np.empty(self.shape)
        for p in range(PUNCTURES):
            value[:, p] = self.q(self.start_key(pos, gear, p))[:, p]
        spare = self.spare_value(pos, gear)
        return np.minimum(value, spare)

    def spare_value(self, pos: int, gear: int) -> np.ndarray:
        """Returns the value of fitting the spare wheel first (RM-TYRE-2; inf if not)."""
        value = np.full(self.shape, np.inf)
        for p in range(1, PUNCTURES):
            after = self.q(self.start_key(pos, gear, p - 1))[:, p - 1, 1]
            value[:, p, 0] = after + self.options.spare_wheel_penalty_s
        return value

    # --- the standard technique, die by die ---------------------------------------------

    def q(self, key: Key) -> np.ndarray:
        """Returns the value of the decision state ``key`` (memoised); inf where nothing
        is legal, which a car alone never meets (a slide entered in gear 0, say)."""
        found = self._q.get(key)
        if found is None:
            found = least(value for _, value in self.options_at(key))
            self._q[key] = found
        return found

    def options_at(self, key: Key) -> Iterator[Option]:
        """Yields each choice at ``key`` with its value: ``("roll", die, to, secured)``,
        ``("stop",)`` and, at a turn's start, ``("attack", pool)``."""
        pos, gear, mask, gas, hazards, secured, started = key
        road, options = self.road, self.options
        for die, after, to in self.steps(pos, gear, mask, gas, planned=False):
            used = mask | bit(die) if die else mask
            nxt = (to, after, used, gas - (die == 0), hazards, secured, True)
            p = road.hazard_p(die)
            value = (1 - p) * self.enter(pos, nxt, False, False)
            if p:
                value = value + p * self.enter(pos, nxt, True, False)
            yield ("roll", die, to, False), self._gear_cap(value, die, mask)
            where = to if to < road.finish else pos
            if options.give_back_seconds and hazards >= road.hazard_limit[where] - 1:
                cost = secured + 1
                if cost <= self.cap:
                    paid = self.enter(pos, (*nxt[:5], cost, True), False, True)
                    yield (
                        ("roll", die, to, True),
                        self._gear_cap(self._spend(paid, cost), die, mask),
                    )
        if started:
            yield ("stop",), self.end_turn(pos, gear)
        elif options.time_attack:
            yield from self.attacks(pos, gear, gas, 0)  # a Polish puncture's hazard: not here

    def _steps(
        self, pos: int, gear: int, mask: int, gas: int, planned: bool
    ) -> list[tuple[int, int, int]]:
        """Returns the legal next dice ``(die, gear after, space)``; die 0 is gas (RM-TURN-1/2).

        The damage cap on gear dice (RM-DMG-1) is applied to the values by damage.
        ``planned`` leaves out overspeed and jumps at +2, as time-attack orders do (A19).
        """
        road = self.road
        if gear == 0:
            dice = [1]  # RM-START-2
        else:
            dice = [
                d
                for d in range(1, 6)
                if not mask & bit(d) and (abs(d - gear) <= 1 if mask == 0 else abs(d - gear) == 1)
            ]
            if gas > 0:
                dice.append(0)
        found = []
        for die in dice:
            after = die or gear
            for to, bailout in road.links[pos]:
                if bailout and (die == 0 or after != gear - 1):
                    continue
                if to < road.finish:
                    if after < road.exact[to] or (die == 5 and road.no_fifth[to]):
                        continue
                    if planned and (after > road.limit[to] or 0 <= road.jump[to] <= after - 2):
                        continue
                found.append((die, after, to))
        return found

    def _gear_cap(self, value: np.ndarray, die: int, mask: int) -> np.ndarray:
        if die == 0:
            return value
        return np.where(self.gear_ok[mask.bit_count()], value, np.inf)

    def _spend(self, value: np.ndarray, cost: int) -> np.ndarray:
        out = np.full(self.shape, np.inf)
        out[..., cost:] = value[..., : self.cap + 1 - cost]
        return out

    def earn(self, value: np.ndarray, tokens: int) -> np.ndarray:
        """Returns ``value`` after ``tokens`` more seconds tokens (those above the cap
        are seconds off at once)."""
        k = np.arange(self.cap + 1) + tokens
        over = np.maximum(0, k - self.cap)
        return value[..., np.minimum(k, self.cap)] - over

    def enter(self, frm: int, key: Key, hazard: bool, secured: bool) -> np.ndarray:
        """Returns the value of a standard die that moved the car to ``key`` (RM-HAZ-1,
        RM-CORNER-1/2, RM-JUMP-1, RM-FINISH-1, RM-SEC-1)."""
        road = self.road
        to, gear, mask, gas, hazards, secured_n, _ = key
        shown = hazards + hazard
        if to == road.finish:
            if hazard and shown >= road.hazard_limit[frm]:
                return self.lose(to, gear, CARD[gear] + self.done, on_line=True)
            return CARD[gear] + self.done
        if gear > road.limit[to] or 0 <= road.jump[to] <= gear - 2:
            return self.lose(to, gear, None)
        after_sisu = (to, gear, mask, gas, 0, secured_n, True)
        if road.jump[to] == gear - 1 and hazard and not secured:
            return self.lose(to, gear, self.q(after_sisu))
        if hazard and shown >= road.hazard_limit[to]:
            return self.lose(to, gear, self.q(after_sisu))
        value = self.q((to, gear, mask, gas, shown, secured_n, True))
        return self.card_drawn(value) if road.draws[to] else value

    def _end_turn(self, pos: int, gear: int) -> np.ndarray:
        """Returns the value of ending the turn on ``pos`` (the card of ``gear``, RM-TURN-3;
        airborne: a loss of control, A25)."""
        if pos < self.road.finish and self.road.airborne[pos]:
            return self.lose(pos, gear, None)
        return CARD[gear] + self.values[(pos, gear)]

    # --- losing control -----------------------------------------------------------------

    def lose(
        self, at: int, deck: int, sisu: np.ndarray | None, on_line: bool = False
    ) -> np.ndarray:
        """Returns the value of a loss of control on ``at`` with the ``deck`` card; ``sisu``
        is the value of going on after the SISU card, None where it may not (RM-SISU-1)."""
        value = self.flipped(at, deck, on_line)
        if sisu is None or not self.options.sisu:
            return value
        value = value.copy()
        np.minimum(value[:, :, :, 0], sisu[:, :, :, 1], out=value[:, :, :, 0])
        return value

    def _flipped(self, at: int, deck: int, on_line: bool) -> np.ndarray:
        """Returns the value once the card's back is drawn (RM-LOC-1/2/3, A22, A26)."""
        spin, left, right = self.backs[max(deck, 1) - 1]
        value = np.zeros(self.shape)
        for weight, side in ((left, 0), (right, 1)):
            if weight:
                value += weight * self._off(at, side, on_line)
        if spin:
            value += spin * (self.done if on_line else self.values[(self.road.spin[at], 0)])
        return LOC_TIME + value

    def _off(self, at: int, side: int, on_line: bool) -> np.ndarray:
        if on_line:
            return self.damaged(self.done, self.road.line_damage[side])
        off = self.road.off[at][side]
        if off.kind == "shortcut":
            return self.card_drawn(self.values[(off.to, 0)])
        if off.kind == "beside":
            return self.values[(off.to, 0)]
        if off.kind == "spin":
            return self.values[(at, 0)]
        return self.damaged(self.values[(off.to, 0)], off.damage)

    def damaged(self, value: np.ndarray, damage: int) -> np.ndarray:
        """Returns ``value`` after ``damage`` more points; at 5 the car retires (RM-DMG-1)."""
        if damage == 0:
            return value
        out = np.empty(self.shape)
        out[: DAMAGE - damage] = value[damage:]
        out[DAMAGE - damage :] = self.retired[DAMAGE - damage :]
        return out

    def card_drawn(self, value: np.ndarray) -> np.ndarray:
        """Returns ``value`` averaged over a shortcut card: a puncture counts from the
        next turn on, one gas die less (RM-CORNER-3, RM-TYRE-2)."""
        if not self.puncture_p:
            return value
        punctured = np.concatenate([value[:, 1:], value[:, -1:]], axis=1)
        return (1 - self.puncture_p) * value + self.puncture_p * punctured

    # --- the time attack ----------------------------------------------------------------

    def attacks(self, pos: int, gear: int, gas: int, hazards: int) -> Iterator[Option]:
        """Yields each legal pool with its value before the roll (RM-ATT-1, A18, A19)."""
        for pool in candidate_pools(5, gas):
            value = self.pool_value(pos, gear, hazards, pool)
            if value is not None:
                yield ("attack", pool), value

    def _pool_value(self, pos: int, gear: int, hazards: int, pool: str) -> np.ndarray | None:
        """Returns the value of announcing ``pool`` (None: it cannot be used in full)."""
        run = [int(d) for d in pool if d != "G"]
        mask = sum(bit(d) for d in run)
        wild = pool.count("G")
        if not self.orderable(pos, gear, 0, mask, wild):
            return None
        limit = self.pool_limit(pos, len(pool))
        weights: dict[tuple[bool, tuple[int, ...]], float] = {}
        for hmask, gh, shown, p in self.faces(pool):
            start = (pos, gear, 0, mask, hmask, wild - gh, gh, hazards, False, limit)
            earns = shown < limit or self.options.edition >= 3  # A31
            grouped = (earns, self.canonical(start))
            weights[grouped] = weights.get(grouped, 0.0) + p
        paid = {True: np.zeros(self.shape), False: np.zeros(self.shape)}
        for (earns, root), p in weights.items():
            paid[earns] += p * self.placed(root)
        value = self.earn(paid[True], len(pool)) + paid[False]
        if run:  # a pool of m gear dice needs damage 5 - m at most (RM-DMG-1)
            value = np.where(self.gear_ok[len(run) - 1], value, np.inf)
        return value

    def _faces(self, pool: str) -> list[tuple[int, int, int, float]]:
        """Returns a pool's rolls: which gear dice show a hazard (bits), how many gas
        dice do, the hazards in all and the chance (gas dice are alike)."""
        run = [int(d) for d in pool if d != "G"]
        wild = pool.count("G")
        pg, pw = self.road.gear_p, self.road.gas_p
        found = []
        for haz in range(1 << len(run)):
            hmask = sum(bit(d) for i, d in enumerate(run) if haz >> i & 1)
            h = haz.bit_count()
            gear = pg**h * (1 - pg) ** (len(run) - h)
            for gh in range(wild + 1):
                p = gear * comb(wild, gh) * pw**gh * (1 - pw) ** (wild - gh)
                found.append((hmask, gh, h + gh, p))
        return found

    def pool_limit(self, pos: int, size: int) -> int:
        """Returns the strictest hazard limit within ``size`` dice (A15)."""
        road = self.road
        frontier, limits = [to for to, _ in road.links[pos]], []
        for _ in range(size):
            limits += [road.hazard_limit[i] for i in frontier if i < road.finish]
            frontier = sorted({t for i in frontier if i < road.finish for t, _ in road.links[i]})
        return min(limits, default=self.options.hazard_limit)

    def _orderable(self, pos: int, gear: int, used: int, rest: int, gas: int) -> bool:
        """Tells whether the gear dice ``rest`` and ``gas`` gas dice can all be used in
        some planned order from here (A19)."""
        if not rest and not gas:
            return True
        for die, after, to in self.steps(pos, gear, used, gas, planned=True):
            if die and not rest & bit(die):
                continue
            left_rest, left_gas = (rest & ~bit(die), gas) if die else (rest, gas - 1)
            if to == self.road.finish:
                if not left_rest and not left_gas:
                    return True
                continue
            if self.orderable(to, after, used | (bit(die) if die else 0), left_rest, left_gas):
                return True
        return False

    def placed(self, key: tuple[int, ...]) -> np.ndarray:
        """Returns the value of a rolled pool with the best order of the dice left."""
        key = self.canonical(key)
        found = self._g.get(key)
        if found is None:
            found = least(value for _, value in self.placements(key))
            self._g[key] = found
        return found

    def canonical(self, key: tuple[int, ...]) -> tuple[int, ...]:
        """Returns ``key`` with the faces forgotten once no hazard can matter: after SISU,
        or with too few hazards left to reach the limit and no jump within reach."""
        pos, gear, used, rest, haz, clean, dirty, hazards, sisu, limit = key
        if not haz and not dirty and not hazards:
            return key
        left = rest.bit_count() + clean + dirty
        harmless = hazards + haz.bit_count() + dirty < limit and self.road.jump_in[pos] > left
        if sisu or harmless:
            return (pos, gear, used, rest, 0, clean + dirty, 0, 0, sisu, limit)
        return key

    def placements(self, key: tuple[int, ...]) -> Iterator[Option]:
        """Yields each die of the pool that may go next, ``("place", die, hazard, to)``.

        ``key``: position, gear, gear dice used, gear dice left, which of them show a
        hazard, clean and hazard gas dice left, hazards counted, SISU played, the limit.
        """
        pos, gear, used, rest, haz, clean, dirty, _, sisu, limit = key
        if not rest and not clean and not dirty:
            yield ("end",), self.end_turn(pos, gear)
            return
        for die, after, to in self.steps(pos, gear, used, clean + dirty, planned=True):
            faces = [bool(haz & bit(die))] if die and rest & bit(die) else []
            if die == 0:
                faces = [f for f, n in ((False, clean), (True, dirty)) if n]
            for face in faces:
                nxt = self._after_place(key, die, face, to, after)
                if nxt is None:
                    continue
                yield ("place", die, face, to), self._place_value(nxt, face and not sisu, limit)

    def _after_place(
        self, key: tuple[int, ...], die: int, face: bool, to: int, after: int
    ) -> tuple[int, ...] | None:
        _, _, used, rest, haz, clean, dirty, hazards, sisu, limit = key
        if die:
            rest, haz, used = rest & ~bit(die), haz & ~bit(die), used | bit(die)
        elif face:
            dirty -= 1
        else:
            clean -= 1
        left = rest.bit_count() + clean + dirty
        if to == self.road.finish and left:
            return None
        if to < self.road.finish and not self.orderable(to, after, used, rest, clean + dirty):
            return None
        return (to, after, used, rest, haz, clean, dirty, hazards, sisu, limit)

    def _place_value(self, nxt: tuple[int, ...], counted: bool, limit: int) -> np.ndarray:
        road = self.road
        to, gear = nxt[0], nxt[1]
        shown = nxt[7] + counted
        if to == road.finish:
            if counted and shown >= limit:
                return self.lose(to, gear, CARD[gear] + self.done, on_line=True)
            return CARD[gear] + self.done
        going_on = (*nxt[:7], shown, nxt[8], limit)
        with_sisu = (*nxt[:7], shown, True, limit)
        if counted and (road.jump[to] == gear - 1 or shown >= limit):
            return self.lose(to, gear, self.placed(with_sisu))
        value = self.placed(going_on)
        return self.card_drawn(value) if road.draws[to] else value
