# mypy: disallow-untyped-defs=False
"""The bots' decisions, compiled: ``bots.py``'s heading at the start, gear and end cell.

Each bot is a code (:data:`.race.BOT_CODES`); the random bot draws its doubles from
its seat's generator in the race's ``rngs`` in the order the reference draws them.
The other bots' end cells among a move-help memo entry's options are remembered as
they are chosen (:func:`remembered_option`), so a move that starts where an earlier
one did ranks two options instead of all of them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .movehelp import step_of
from .race import (
    CAUTIOUS,
    CELL,
    GEAR,
    GREEDY,
    HEADING,
    LAPS,
    NO_INDEX,
    OFF_FROM,
    OPTIMAL,
    RANDOM,
    STALIN,
    ZERO,
    apart,
    pick_index,
    sips_left,
    u,
)
from .tables import BLOCK, DOWNSHIFT, FAR


@njit(cache=True, inline="always")
def face(t, cars, seat) -> int:
    """``bots.facing``: the heading whose next cell is nearest the line (no fork chosen)."""
    dist = t.dist[0]
    cell = cars[CELL, seat]
    here = dist[cell]
    best, best_gain = ZERO, ZERO - (1 << 60)  # not literals: see .race.ZERO
    for d in range(6):
        gain = -FAR if not t.open_[cell, d] else here - dist[t.nb[cell, d]]
        if gain > best_gain:
            best, best_gain = d, gain
    return best


# -- gears -------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def choose_gear(
    bot, gears, n_gears, cars, seat, pol, gv, straight, k, rngs, laps_to_race,
) -> int:  # fmt: skip
    """The gear the seat's bot wants among ``gears`` (the current gear first)."""
    if bot == RANDOM:
        return gears[pick_index(rngs, seat, n_gears)]
    return _bot_gear(bot, gears, n_gears, cars, seat, pol, gv, straight, k, laps_to_race)


@apart
def _bot_gear(bot, gears, n_gears, cars, seat, pol, gv, straight, k, laps_to_race) -> int:
    """:func:`choose_gear` of a bot other than ``random``, compiled apart: the shift
    phase mostly repeats such a bot's choices (``PolicyTables.shifts``)."""
    gear = cars[GEAR, seat]
    if bot == STALIN:
        highest = gears[0]
        for i in range(1, n_gears):  # not gears[:n].max(): a view counts a reference
            highest = max(highest, gears[i])
        return highest
    if bot == CAUTIOUS:
        best, lowest = NO_INDEX, gears[0]
        for i in range(n_gears):
            lowest = min(lowest, gears[i])
            if gears[i] <= 2 and gears[i] > best:
                best = gears[i]
        return best if best >= 0 else lowest
    if bot == GREEDY:
        # ``gears.straight_run``: from the cell left when off the track, any heading
        # (column 0) when the car has none.
        place = cars[OFF_FROM, seat] if cars[OFF_FROM, seat] >= 0 else cars[CELL, seat]
        run = straight[u(k), u(place), u(cars[HEADING, seat] + 1)]
        best, value = gears[0], -np.inf
        for i in range(n_gears):
            v = gv[u(gears[i]), u(run)] - (1.0 if gears[i] < gear else 0.0)
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
    index = positions[u(place), u(heading)]
    best, value = gears[0], np.inf
    for i in range(n_gears):
        g = gears[i]
        if crossings <= 0:
            turns = 0.0
        elif index < 0:
            turns = np.inf
        else:
            turns = q[u(min(crossings, q.shape[0]) - 1), u(index), u(g - 1)]
        v = turns + (1e-6 if g < gear else 0.0)
        if i == 0 or v < value:
            best, value = g, v
    return best


# -- end cells -----------------------------------------------------------------------------

ALL_OPTIONS, STAYING, LEAVING = -1, 0, 1  # which options _best_option ranks
LIVE = -2  # a choice made live each time (see _remember); -1 is "no option"


@njit(cache=True, inline="always")
def choose_option(
    bot, opts, base, count, cars, seat, heading, pol, kinds, dist, k, length, chug,
    laps_to_race, rngs,
) -> int:  # fmt: skip
    """The option the seat's bot ends its move on (``bots.plans`` + the bot's choice).

    ``dist[k]`` and ``length`` are the distance row and lap length of the forks chosen
    so far; ``chug`` the sips the seat would chug on leaving the track (RB-RACE-3)."""
    if bot == RANDOM:
        length = length if length != 0 else 1
        laps = cars[LAPS, seat]
        before = laps * length - dist[u(k), u(cars[CELL, seat])]
        return _random_option(rngs, seat, opts, base, count, laps, length, before, dist, k)
    return _best_option(
        bot, opts, base, base + count, np.int64(1), np.int64(ALL_OPTIONS), cars[CELL, seat],
        cars[GEAR, seat], cars[LAPS, seat], heading, pol, kinds, dist, k, length, chug,
        laps_to_race,
    )  # fmt: skip


@njit(cache=True, inline="always")
def remembered_option(
    bot, opts, base, count, entry, free, cars, seat, heading, pol, kinds, dist, k, length,
    stats, sizes, chug_rule, laps_to_race,
) -> int:  # fmt: skip
    """:func:`choose_option` of a bot other than ``random`` among the options of
    move-help memo entry ``entry`` (``free``: a free first step), from the choices
    remembered in ``pol.choices``; LIVE when it is to be made by :func:`choose_option`
    (``chug_rule``: RB-RACE-3 is played; the chug is worked out only when it decides).

    A bot ranks an entry's options that stay on the track by the seat's gear alone
    (the ``optimal`` bot also by the finish-line crossings left), and the ones that
    leave it the same way; the sips it would chug (RB-RACE-3) lower every off-track
    option's key alike, or leave it as it is. So the best of each group is remembered
    per (bot, entry, gear, crossings left), with the chug from which the one on the
    track wins (see :func:`_remember`)."""
    gear, laps, cell = cars[GEAR, seat], cars[LAPS, seat], cars[CELL, seat]
    slot = (bot - 1) * 3 + gear - 1  # see PolicyTables.choices
    if bot == OPTIMAL:
        # Crossings left beyond the policy's rows, or with every option over the line,
        # rank alike.
        rows, margin = pol.values.shape[0], pol.margin
        left = min(max(laps_to_race - laps, -margin), rows + margin) + margin
        laps = laps_to_race - (left - margin)
        slot = 9 + left * 3 + gear - 1
    kept = pol.choices[u(entry), u(slot)]
    if kept == 0:
        kept = _remember(
            bot, opts, base, count, free, cell, gear, laps, heading, pol, kinds, dist, k,
            length, laps_to_race,
        )  # fmt: skip
        pol.choices[u(entry), u(slot)] = kept
    if kept == LIVE:
        return LIVE
    on, off = kept & 0xFFF, (kept >> 12) & 0xFFF
    if off == 0:
        return base + on - 1
    if on == 0:
        return base + off - 1
    chug = sips_left(stats, sizes, seat) if chug_rule else 0
    return base + (on if chug >= kept >> 24 else off) - 1


MAX_CHUG = 126  # above any chug (a drink holds at most 11 sips, RB-DRINK-1)
MAX_REMEMBERED = 0xFFE  # options an entry may hold to have its choice remembered


@apart
def _remember(
    bot, opts, base, count, free, cell, gear, laps, heading, pol, kinds, dist, k, length,
    laps_to_race,
) -> int:  # fmt: skip
    """The best option on the track and the best off it, each relative to ``base`` + 1
    (0: none; bits 0-11 and 12-23), and the least chug at which the one on the track
    wins (bits 24-30), in one int32 that another thread reads whole; LIVE when the
    optimal bot's ranking depends on the seat's heading (an option of no steps after a
    free first step), or the entry has too many options to pack."""
    if count > MAX_REMEMBERED:
        return LIVE
    if bot == OPTIMAL and free:
        for i in range(base, base + count):
            if opts[u(i)].steps == 0:
                return LIVE
    on = _best_option(
        bot, opts, base, base + count, np.int64(1), np.int64(STAYING), cell, gear, laps,
        heading, pol, kinds, dist, k, length, np.int64(0), laps_to_race,
    )  # fmt: skip
    off = _best_option(
        bot, opts, base, base + count, np.int64(1), np.int64(LEAVING), cell, gear, laps,
        heading, pol, kinds, dist, k, length, np.int64(0), laps_to_race,
    )  # fmt: skip
    least = ZERO  # the least chug at which the option on the track wins
    if on >= 0 and off >= 0:
        # The off-track option wins below some chug and loses from it on: a search of
        # the two ranked in option order, as :func:`choose_option` ranks them.
        first, second = min(on, off), max(on, off)
        hi = MAX_CHUG + 1
        while least < hi:
            mid = (least + hi) // 2
            best = _best_option(
                bot, opts, first, second + 1, second - first, np.int64(ALL_OPTIONS), cell,
                gear, laps, heading, pol, kinds, dist, k, length, np.int64(mid), laps_to_race,
            )  # fmt: skip
            if best == off:
                least = mid + 1
            else:
                hi = mid
    packed = (least << 24) | ((off - base + 1) << 12 if off >= 0 else 0)
    return packed | (on - base + 1 if on >= 0 else 0)


@apart
def _best_option(
    bot, opts, start, stop, step, only, cell, gear, laps, heading, pol, kinds, dist, k,
    length, chug, laps_to_race,
) -> int:  # fmt: skip
    """The first best option of ``range(start, stop, step)`` (``only`` those on or off
    the track, or ALL_OPTIONS) by the keys of a bot other than ``random``, for a seat on
    ``cell`` in ``gear`` with ``laps`` crossed; -1 when there is none."""
    best = NO_INDEX
    b_key0, b_key1, b_key2 = 0.0, 0.0, 0.0
    for i in range(start, stop, step):
        if only != ALL_OPTIONS and opts[u(i)].off != (only == LEAVING):
            continue
        key0, key1, key2 = _keys(
            bot, opts, i, cell, gear, laps, heading, pol, kinds, dist, k, length, chug,
            laps_to_race,
        )  # fmt: skip
        if best < 0 or _beats(bot, key0, key1, key2, b_key0, b_key1, b_key2):
            best, b_key0, b_key1, b_key2 = i, key0, key1, key2
    return best


@njit(cache=True, inline="always")
def _beats(bot, key0, key1, key2, b_key0, b_key1, b_key2) -> bool:
    """Tells whether keys ``key*`` beat the best so far ``b_key*``: the optimal bot's
    least first, the others' greatest first."""
    if bot == OPTIMAL:
        return key0 < b_key0 or (key0 == b_key0 and key1 < b_key1)
    return key0 > b_key0 or (
        key0 == b_key0 and (key1 > b_key1 or (key1 == b_key1 and key2 > b_key2))
    )


@njit(cache=True, inline="always")
def _keys(
    bot, opts, i, cell, gear, laps, heading, pol, kinds, dist, k, length, chug, laps_to_race
):  # fmt: skip
    """The keys option ``i`` is ranked by (``bots.plans`` and the bot's choice)."""
    length = length if length != 0 else 1
    option = opts[u(i)]
    end = option.cell
    off = option.off
    end_kind = -1 if off else kinds[u(end)]
    progress = option.laps * length - dist[u(k), u(end)] + dist[u(k), u(cell)]
    sips = option.sips
    slowed = off or end_kind == DOWNSHIFT
    if bot == OPTIMAL:
        last = step_of(option.dirs, option.steps - 1) if option.steps > 0 else heading
        crossings = laps_to_race - (laps + option.laps)
        key0 = _turns_left(pol.positions, pol.values, crossings, end, last, gear, slowed)
        return key0, float(sips), 0.0
    future = 0.0
    if off:
        future = float((gear - 1) + chug)
    elif end_kind == DOWNSHIFT:
        future = float(gear - 1)
    if bot == CAUTIOUS:
        return float(progress) - 2.0 * (float(sips) + future), 0.0, 0.0
    tempo = 2.5 * (gear - 1) if slowed else 0.0
    greedy = float(progress - sips) - future - tempo
    if bot == STALIN:
        return (1.0 if off else 0.0), (1.0 if end_kind == BLOCK else 0.0), greedy
    return greedy, 0.0, 0.0


@njit(cache=True, inline="always")
def _turns_left(positions, values, crossings, cell, last, gear, slowed) -> float:
    """``bots.optimal_plan``'s expected turns after ending on ``cell`` facing ``last``
    with ``crossings`` finish-line crossings still to go."""
    if crossings <= 0:
        return 0.0
    index = positions[u(cell), u(last)]
    if index < 0:
        return np.inf
    g = 1 if slowed else gear
    r = min(crossings, values.shape[0])
    return values[u(r - 1), u(index), u(g - 1), u(1 if slowed else 0)]


@njit(cache=True, inline="always")
def _random_option(rngs, seat, opts, base, count, laps, length, before, dist, k) -> int:
    """``bots.random_plan``: any end that gains ground (any at all when none does)."""
    forward = ZERO
    for i in range(base, base + count):
        if _gains(opts[u(i)], laps, length, before, dist, k):
            forward += 1
    pick = pick_index(rngs, seat, forward if forward else count)
    if not forward:
        return base + pick
    for i in range(base, base + count):
        if _gains(opts[u(i)], laps, length, before, dist, k):
            if pick == 0:
                return i
            pick -= 1
    return base


@njit(cache=True, inline="always")
def _gains(option, laps, length, before, dist, k) -> bool:
    """Tells whether ending on ``option`` gains ground on ``before``."""
    return (laps + option.laps) * length - dist[u(k), u(option.cell)] - before > 0
