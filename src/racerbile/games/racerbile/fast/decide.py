# mypy: disallow-untyped-defs=False
"""The bots' decisions, compiled: ``bots.py``'s heading at the start, gear and end cell.

Each bot is a code (:data:`.race.BOT_CODES`); the random bot draws its doubles from
its seat's generator in the race's ``rngs`` in the order the reference draws them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .race import (
    CAUTIOUS,
    CELL,
    GEAR,
    GREEDY,
    HEADING,
    LAPS,
    OFF_FROM,
    OPTIMAL,
    RANDOM,
    STALIN,
    pick_index,
)
from .tables import BLOCK, DOWNSHIFT, FAR


@njit(cache=True, inline="always")
def face(t, cars, seat) -> int:
    """``bots.facing``: the heading whose next cell is nearest the line (no fork chosen)."""
    dist = t.dist[0]
    cell = cars[CELL, seat]
    here = dist[cell]
    best, best_gain = 0, -(1 << 60)
    for d in range(6):
        gain = -FAR if not t.open_[cell, d] else here - dist[t.nb[cell, d]]
        if gain > best_gain:
            best, best_gain = d, gain
    return best


# -- gears -------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def straight_run(nb, open_, is_track, closed, k, cars, seat) -> int:
    """``gears.straight_run``: track cells straight ahead (best heading when none);
    ``closed[k]`` is the closed-cell row of the forks chosen so far."""
    best = 0
    for h in range(6):
        if cars[HEADING, seat] >= 0 and h != cars[HEADING, seat]:
            continue
        cell = cars[OFF_FROM, seat] if cars[OFF_FROM, seat] >= 0 else cars[CELL, seat]
        run = 0
        while run < 12 and is_track[cell] and open_[cell, h]:
            cell = nb[cell, h]
            if closed[k, cell]:
                break
            run += 1
        best = max(best, run)
    return best


@njit(cache=True, inline="always")
def choose_gear(
    bot, gears, n_gears, cars, seat, pol, gv, nb, open_, is_track, closed, k, rngs, laps_to_race,
) -> int:  # fmt: skip
    """The gear the seat's bot wants among ``gears`` (the current gear first)."""
    gear = cars[GEAR, seat]
    if bot == RANDOM:
        return gears[pick_index(rngs, seat, n_gears)]
    if bot == STALIN:
        highest = gears[0]
        for i in range(1, n_gears):  # not gears[:n].max(): a view counts a reference
            highest = max(highest, gears[i])
        return highest
    if bot == CAUTIOUS:
        best, lowest = -1, gears[0]
        for i in range(n_gears):
            lowest = min(lowest, gears[i])
            if gears[i] <= 2 and gears[i] > best:
                best = gears[i]
        return best if best >= 0 else lowest
    if bot == GREEDY:
        run = straight_run(nb, open_, is_track, closed, k, cars, seat)
        best, value = gears[0], -np.inf
        for i in range(n_gears):
            v = gv[gears[i], run] - (1.0 if gears[i] < gear else 0.0)
            if v > value:
                best, value = gears[i], v
        return best
    return _optimal_gear(pol.positions, pol.q, laps_to_race, cars, seat, gears, n_gears)


@njit(cache=True, inline="always")
def _optimal_gear(positions, q, laps_to_race, cars, seat, gears, n_gears) -> int:
    """``bots.optimal_gear``: the fewest expected turns (a downshift's sip breaks ties)."""
    gear = cars[GEAR, seat]
    place = cars[OFF_FROM, seat] if cars[OFF_FROM, seat] >= 0 else cars[CELL, seat]
    heading = max(cars[HEADING, seat], 0)
    crossings = laps_to_race - cars[LAPS, seat]
    index = positions[place, heading]
    best, value = gears[0], np.inf
    for i in range(n_gears):
        g = gears[i]
        if crossings <= 0:
            turns = 0.0
        elif index < 0:
            turns = np.inf
        else:
            turns = q[min(crossings, q.shape[0]) - 1, index, g - 1]
        v = turns + (1e-6 if g < gear else 0.0)
        if i == 0 or v < value:
            best, value = g, v
    return best


# -- end cells -----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def choose_option(
    bot, opts, base, count, cars, seat, heading, pol, kinds, dist, k, length, chug,
    laps_to_race, rngs,
) -> int:  # fmt: skip
    """The option the seat's bot ends its move on (``bots.plans`` + the bot's choice).

    ``dist[k]`` and ``length`` are the distance row and lap length of the forks chosen
    so far; ``chug`` the sips the seat would chug on leaving the track (RB-RACE-3)."""
    length = length if length != 0 else 1
    laps = cars[LAPS, seat]
    before = laps * length - dist[k, cars[CELL, seat]]
    gear = cars[GEAR, seat]
    if bot == RANDOM:
        return _random_option(rngs, seat, opts, base, count, laps, length, before, dist, k)
    best = -1
    b_key0, b_key1, b_key2 = 0.0, 0.0, 0.0
    # Arrays read in the loop, taken out of their tuples once (each tuple passed to a
    # helper would count a reference per array, per option).
    cells, offs, option_laps, option_sips = opts.cell, opts.off, opts.laps, opts.sips
    steps, dirs = opts.steps, opts.dirs
    positions, values = pol.positions, pol.values
    for i in range(base, base + count):
        end = cells[i]
        off = offs[i]
        end_kind = -1 if off else kinds[end]
        plan_laps = laps + option_laps[i]
        progress = plan_laps * length - dist[k, end] - before
        sips = option_sips[i]
        slowed = off or end_kind == DOWNSHIFT
        future = 0.0
        if off:
            future = float((gear - 1) + chug)
        elif end_kind == DOWNSHIFT:
            future = float(gear - 1)
        if bot == OPTIMAL:
            last = dirs[i, steps[i] - 1] if steps[i] > 0 else heading
            key0 = _turns_left(positions, values, laps_to_race - plan_laps, end, last, gear, slowed)
            key1 = float(sips)
            better = best < 0 or key0 < b_key0 or (key0 == b_key0 and key1 < b_key1)
            key2 = 0.0
        else:
            tempo = 2.5 * (gear - 1) if slowed else 0.0
            greedy = float(progress - sips) - future - tempo
            if bot == CAUTIOUS:
                key0, key1, key2 = float(progress) - 2.0 * (float(sips) + future), 0.0, 0.0
            elif bot == STALIN:
                key0 = 1.0 if off else 0.0
                key1 = 1.0 if end_kind == BLOCK else 0.0
                key2 = greedy
            else:
                key0, key1, key2 = greedy, 0.0, 0.0
            better = best < 0 or (
                key0 > b_key0
                or (key0 == b_key0 and (key1 > b_key1 or (key1 == b_key1 and key2 > b_key2)))
            )
        if better:
            best, b_key0, b_key1, b_key2 = i, key0, key1, key2
    return best


@njit(cache=True, inline="always")
def _turns_left(positions, values, crossings, cell, last, gear, slowed) -> float:
    """``bots.optimal_plan``'s expected turns after ending on ``cell`` facing ``last``
    with ``crossings`` finish-line crossings still to go."""
    if crossings <= 0:
        return 0.0
    index = positions[cell, last]
    if index < 0:
        return np.inf
    g = 1 if slowed else gear
    r = min(crossings, values.shape[0])
    return values[r - 1, index, g - 1, 1 if slowed else 0]


@njit(cache=True, inline="always")
def _random_option(rngs, seat, opts, base, count, laps, length, before, dist, k) -> int:
    """``bots.random_plan``: any end that gains ground (any at all when none does)."""
    cells, option_laps = opts.cell, opts.laps
    forward = 0
    for i in range(base, base + count):
        if (laps + option_laps[i]) * length - dist[k, cells[i]] - before > 0:
            forward += 1
    pick = pick_index(rngs, seat, forward if forward else count)
    if not forward:
        return base + pick
    for i in range(base, base + count):
        if (laps + option_laps[i]) * length - dist[k, cells[i]] - before > 0:
            if pick == 0:
                return i
            pick -= 1
    return base
