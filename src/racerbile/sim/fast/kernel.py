# mypy: disallow-untyped-defs=False
"""The compiled Racerbile race: the reference rules and bots, one game at a time.

Each function mirrors a piece of the reference so the two can be read side by side:
the start (RB-START-1 order dice, or RB-RACE-1 time trials and RB-RACE-4 headings),
the turn of ``turns.py`` (back onto the track, first/last, shifts, the roll, the
steps, the end of the move, overtakes, the end of the race) and the decisions of
``bots.py`` (gear, then an end cell chosen once per move and walked step by step).
Only the defaults are covered: auto announcements, no special rule, per-race forks.

Randomness comes in as doubles drawn beforehand from the same generators as the
reference (one double per die, per random choice), so the games are the same.
A game that runs out of doubles (or of log room) stops with a status code and is
played again by the caller with more.

Speed: compiled code counts a reference (an atomic operation) for every array it
binds, and a tuple of arrays bound as a helper's argument counts one per member. The
cars are therefore one 2-D array, and helpers called per step or per option take the
few arrays they read rather than the ``Tables``/``Race`` tuples.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from .borrow import borrow, borrowed_memo, borrowed_policy, borrowed_scratch, borrowed_tables
from .movehelp import (
    FAST,
    NO,
    OFF,
    RECKLESS,
    TURN_OK,
    move_options,
    roll_mode,
    step_kinds,
    unobstructed,
)
from .tables import BLOCK, DOWNSHIFT, FAR

RANDOM, CAUTIOUS, GREEDY, STALIN, OPTIMAL = 0, 1, 2, 3, 4
BOT_CODES = {"random": RANDOM, "cautious": CAUTIOUS, "greedy": GREEDY, "stalin": STALIN,
             "optimal": OPTIMAL}  # fmt: skip
OK, NEED_DICE, NEED_BOT, NEED_LOG, TOO_LONG = 0, 1, 2, 3, 4
STOP = -1
UNSET = -1_000_000  # "no value" for laps toasted (RB-CELL-4)
# Per-seat result columns.
PLACE, SIPS, CAUSED, OFF_TRACK, GIVEN, TAKEN, TURNS = range(7)
N_STATS = 7


class Rules(NamedTuple):
    """The race settings the kernel reads (all integers)."""

    laps: int
    facing: bool  # RB-RACE-4
    smashed: bool  # RB-RACE-2
    chug: bool  # RB-RACE-3
    time_trial: bool  # RB-RACE-1
    behind: bool  # the grid lies behind the line
    max_actions: int


# The cars of one race: ``cars[FIELD, seat]`` (the reference's ``Car`` fields) in one
# int64 array, so passing the cars costs one reference count, not one per field.
CELL, HEADING, GEAR, LAPS, ARRIVED, OFF_FROM, FLIPPED, TOASTED = range(8)
CAR_TURNS, HOLD_FIRST, LAST_END = range(8, 11)  # LAST_END: the end cell of the last step
N_CAR_FIELDS = 11
# HEADING and OFF_FROM are -1 for none; FLIPPED and HOLD_FIRST are 0 or 1.


class Race(NamedTuple):
    """Everything that changes in one race besides the cars."""

    stats: np.ndarray  # int32[n, N_STATS]
    counters: np.ndarray  # int64[8]: see the C_* indices
    forks: np.ndarray  # int32[F] chosen branch + 1 per fork (0: not chosen)
    order: np.ndarray  # int32[n] the turn order
    ranks: np.ndarray  # int32[n] scratch for the ranking
    before: np.ndarray  # int32[n] ranking at the start of the move
    blocked: np.ndarray  # int32[n] cells blocked for the mover
    path: np.ndarray  # int32[16] cells of the move so far
    plan: np.ndarray  # int32[32] cells of the move as planned
    plan_dirs: np.ndarray  # int32[16]
    legal: np.ndarray  # int64[6] the kind of each step from the car's cell
    gears: np.ndarray  # int64[3] the gears a bot may choose among
    sizes: np.ndarray  # int32[n] sips in a full drink (RB-DRINK-1)
    bots: np.ndarray  # int32[n]
    dice: np.ndarray  # float64[D]
    draws: np.ndarray  # float64[n, B]
    off_log: np.ndarray  # int32[L] cells left from (RB-DICE-7)
    overtake_log: np.ndarray  # int32[L] where overtakers ended (RB-TURN-6)


# Race.counters: the step clock, dice used, bot decisions, the final round flag, rounds
# played, the status, log lengths, and the fork combination chosen so far.
C_CLOCK, C_DICE, C_ACTIONS, C_FINAL, C_ROUNDS, C_STATUS, C_OFFS, C_OVERTAKES, C_COMBO = range(9)
N_COUNTERS = 9


# -- bookkeeping ---------------------------------------------------------------------------


@njit(cache=True, inline="always")
def drink(stats, seat, sips, by) -> None:
    """Records ``sips`` for ``seat``; ``by`` (>= 0) is the seat that caused them."""
    if sips <= 0:
        return
    stats[seat, SIPS] += sips
    if by >= 0 and by != seat:
        stats[by, CAUSED] += sips


@njit(cache=True, inline="always")
def sips_left(stats, sizes, seat) -> int:
    """RB-DRINK-2: sips left in the current drink."""
    size = sizes[seat]
    return size - stats[seat, SIPS] % size


@njit(cache=True, inline="always")
def next_die(dice, counters) -> int:
    """One throw of one die (1-6) from the dice doubles; 0 when they ran out."""
    i = counters[C_DICE]
    if i >= dice.shape[0]:
        counters[C_STATUS] = NEED_DICE
        return 0
    counters[C_DICE] = i + 1
    return int(dice[i] * 6.0) + 1


@njit(cache=True, inline="always")
def pick_index(draws, counters, pointers, seat, n) -> int:
    """``bots.pick_index``: floor(u * n) from the seat's next double; -1 when out."""
    i = pointers[seat]
    if i >= draws.shape[1]:
        counters[C_STATUS] = NEED_BOT
        return -1
    pointers[seat] = i + 1
    return min(int(draws[seat, i] * n), n - 1)


@njit(cache=True, inline="always")
def combo(radix, forks) -> int:
    """The fork combination chosen so far (the row of the fork-dependent tables)."""
    k = 0
    for f in range(forks.shape[0]):
        k += forks[f] * radix[f]
    return k


@njit(cache=True, inline="always")
def ranking(dist, cars, out) -> None:
    """RB-TRACK-6: seats leader first by (laps DESC, distance ASC, arrival ASC);
    ``dist`` is the distance row of the fork combination chosen so far."""
    n = out.shape[0]
    for s in range(n):
        out[s] = s
    for i in range(1, n):
        s = out[i]
        j = i - 1
        while j >= 0 and _after(cars, dist, out[j], s):
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = s


@njit(cache=True, inline="always")
def _distance(cars, dist, seat) -> int:
    """The seat's distance to the line (from the cell it left, when off the track)."""
    off = cars[OFF_FROM, seat]
    return dist[off if off >= 0 else cars[CELL, seat]]


@njit(cache=True, inline="always")
def _after(cars, dist, a, b) -> bool:
    """Tells whether seat ``a`` sorts after seat ``b``: fewer laps, then further
    from the line, then arrived later, then the higher seat."""
    if cars[LAPS, a] != cars[LAPS, b]:
        return cars[LAPS, a] < cars[LAPS, b]
    da, db = _distance(cars, dist, a), _distance(cars, dist, b)
    if da != db:
        return da > db
    if cars[ARRIVED, a] != cars[ARRIVED, b]:
        return cars[ARRIVED, a] > cars[ARRIVED, b]
    return a > b


@njit(cache=True, inline="always")
def position(order, seat) -> int:
    """Index of ``seat`` in ``order``."""
    for i in range(order.shape[0]):
        if order[i] == seat:
            return i
    return -1


# -- the start -------------------------------------------------------------------------------


@njit(cache=True)
def start_order(race) -> None:
    """RB-START-1: order dice; ties throw again among themselves, in the order they stand."""
    order = race.order
    n = order.shape[0]
    sizes = np.zeros(n, np.int32)
    sizes[0] = n
    groups = 1
    values = np.zeros(n, np.int32)
    sorted_ = np.zeros(n, np.int32)
    split = np.zeros(7, np.int32)
    if n == 1:
        next_die(race.dice, race.counters)  # a lone player still throws once
        return
    while True:
        g, first = -1, 0
        for i in range(groups):
            if sizes[i] > 1:
                g = i
                break
            first += sizes[i]
        if g < 0:
            return
        m = sizes[g]
        for i in range(m):
            values[i] = next_die(race.dice, race.counters)
        if race.counters[C_STATUS] != OK:
            return
        k, parts = 0, 0
        for v in range(6, 0, -1):
            count = 0
            for i in range(m):
                if values[i] == v:
                    sorted_[k] = order[first + i]
                    k += 1
                    count += 1
            if count:
                split[parts] = count
                parts += 1
        order[first : first + m] = sorted_[:m]
        sizes[g + parts : groups + parts - 1] = sizes[g + 1 : groups].copy()
        sizes[g : g + parts] = split[:parts]
        groups += parts - 1


@njit(cache=True)
def place_on_grid(t, rules, cars, race) -> None:
    """RB-START-2/3: caps on the grid slots in the start order, 1st gear."""
    n = race.order.shape[0]
    slots = t.grid_cell.shape[0]
    for i in range(n):
        seat = race.order[i]
        cars[CELL, seat] = t.grid_cell[i % slots]
        cars[HEADING, seat] = t.grid_facing[i % slots]
        cars[LAPS, seat] = -1 if rules.behind else 0
        cars[ARRIVED, seat] = i - n


@njit(cache=True)
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
def straight_run(nb, open_, is_track, closed, cars, seat) -> int:
    """``bots.straight_run``: track cells straight ahead (best heading when none)."""
    best = 0
    for h in range(6):
        if cars[HEADING, seat] >= 0 and h != cars[HEADING, seat]:
            continue
        cell = cars[OFF_FROM, seat] if cars[OFF_FROM, seat] >= 0 else cars[CELL, seat]
        run = 0
        while run < 12 and is_track[cell] and open_[cell, h]:
            cell = nb[cell, h]
            if closed[cell]:
                break
            run += 1
        best = max(best, run)
    return best


@njit(cache=True, inline="always")
def choose_gear(
    bot, gears, n_gears, cars, seat, pol, gv, nb, open_, is_track, closed, draws, counters,
    pointers, laps_to_race,
) -> int:  # fmt: skip
    """The gear the seat's bot wants among ``gears`` (the current gear first)."""
    gear = cars[GEAR, seat]
    if bot == RANDOM:
        i = pick_index(draws, counters, pointers, seat, n_gears)
        return gears[max(i, 0)]
    if bot == STALIN:
        return gears[:n_gears].max()
    if bot == CAUTIOUS:
        best = -1
        for i in range(n_gears):
            if gears[i] <= 2 and gears[i] > best:
                best = gears[i]
        return best if best >= 0 else gears[:n_gears].min()
    if bot == GREEDY:
        run = straight_run(nb, open_, is_track, closed, cars, seat)
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
    bot, opts, base, count, cars, seat, heading, pol, kinds, dist, length, chug, laps_to_race,
    draws, counters, pointers,
) -> int:  # fmt: skip
    """The option the seat's bot ends its move on (``bots.plans`` + the bot's choice).

    ``dist`` and ``length`` are the distance row and lap length of the forks chosen so
    far; ``chug`` the sips the seat would chug on leaving the track (RB-RACE-3)."""
    length = length if length != 0 else 1
    laps = cars[LAPS, seat]
    before = laps * length - dist[cars[CELL, seat]]
    gear = cars[GEAR, seat]
    if bot == RANDOM:
        return _random_option(
            draws, counters, pointers, seat, opts, base, count, laps, length, before, dist
        )
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
        progress = plan_laps * length - dist[end] - before
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


@njit(cache=True)
def _random_option(
    draws, counters, pointers, seat, opts, base, count, laps, length, before, dist
) -> int:
    """``bots.random_plan``: any end that gains ground (any at all when none does)."""
    cells, option_laps = opts.cell, opts.laps
    forward = 0
    for i in range(base, base + count):
        if (laps + option_laps[i]) * length - dist[cells[i]] - before > 0:
            forward += 1
    pick = pick_index(draws, counters, pointers, seat, forward if forward else count)
    if pick < 0:
        return base
    if not forward:
        return base + pick
    for i in range(base, base + count):
        if (laps + option_laps[i]) * length - dist[cells[i]] - before > 0:
            if pick == 0:
                return i
            pick -= 1
    return base


# -- the turn ------------------------------------------------------------------------------


@njit(cache=True)
def take_turn(t, pol, gv, rules, cars, race, pointers, scratch, memo, seat) -> None:
    """``turns.begin_turn`` to the end of the move (the caller closes the turn)."""
    counters, stats = race.counters, race.stats
    stats[seat, TURNS] += 1
    counters[C_ROUNDS] = max(counters[C_ROUNDS], cars[CAR_TURNS, seat] + 1)
    if cars[OFF_FROM, seat] >= 0 and not _back_on_track(
        rules.chug, cars, stats, race.sizes, counters, seat
    ):
        return
    ranks = race.ranks
    ranking(t.dist[counters[C_COMBO]], cars, ranks)
    if seat == ranks[0] or seat == ranks[-1]:
        drink(stats, seat, 1, -1)  # RB-TURN-1
    first_turn, on_downshift = cars[CAR_TURNS, seat] == 0, t.kind[cars[CELL, seat]] == DOWNSHIFT
    barred = first_turn or on_downshift or cars[HOLD_FIRST, seat] != 0
    cars[HOLD_FIRST, seat] = 0
    _shift_phase(
        race.bots[seat], barred, cars, seat, pol, gv, t.nb, t.open_, t.is_track,
        t.closed[counters[C_COMBO]], race.draws, counters, pointers, stats, rules.laps, race.gears,
    )  # fmt: skip
    total = _roll(rules.smashed, cars, stats, race.sizes, race.dice, counters, seat)
    if counters[C_STATUS] != OK:
        return
    _move(t, pol, rules, cars, race, pointers, scratch, memo, seat, total)


@njit(cache=True, inline="always")
def _back_on_track(chug, cars, stats, sizes, counters, seat) -> bool:
    """RB-DICE-7, RB-RACE-3: back onto the cell left from, unless two caps are on it."""
    cell = cars[OFF_FROM, seat]
    caps = 0
    for s in range(cars.shape[1]):
        if cars[OFF_FROM, s] < 0 and cars[CELL, s] == cell:
            caps += 1
    if caps >= 2:
        return False
    if chug:
        drink(stats, seat, sips_left(stats, sizes, seat), -1)
    cars[CELL, seat] = cell
    cars[OFF_FROM, seat] = -1
    cars[ARRIVED, seat] = counters[C_CLOCK]
    counters[C_CLOCK] += 1
    return True


@njit(cache=True, inline="always")
def _shift_phase(
    bot, barred, cars, seat, pol, gv, nb, open_, is_track, closed, draws, counters, pointers,
    stats, laps_to_race, gears,
) -> None:  # fmt: skip
    """RB-DICE-2/3: the bot shifts towards the gear it wants, then rolls (``gears`` is
    room for the gears to choose among)."""
    up_done, down_done = False, False
    while True:
        gear = cars[GEAR, seat]
        up = gear < 3 and not up_done and not barred
        down = gear > 1 and not down_done
        counters[C_ACTIONS] += 1
        if not up and not down:
            return  # Roll is the only legal action
        gears[0] = gear
        n = 1
        if up:
            gears[n] = gear + 1
            n += 1
        if down:
            gears[n] = gear - 1
            n += 1
        wanted = choose_gear(
            bot, gears, n, cars, seat, pol, gv, nb, open_, is_track, closed, draws, counters,
            pointers, laps_to_race,
        )  # fmt: skip
        if wanted > gear and up:
            cars[GEAR, seat] = gear + 1
            up_done = True
        elif wanted < gear and down:
            cars[GEAR, seat] = gear - 1
            down_done = True
            drink(stats, seat, 1, -1)  # RB-DICE-3
        else:
            return


@njit(cache=True, inline="always")
def _roll(smashed, cars, stats, sizes, dice, counters, seat) -> int:
    """RB-DICE-4/5, RB-RACE-2: throws until the gear's dice show 1-4; returns the total."""
    gear = cars[GEAR, seat]
    shown56, thrown, total, ones = 0, 0, 0, 0
    while thrown < gear:
        value = next_die(dice, counters)
        if value == 0:
            return 0
        if value >= 5:
            shown56 += 1
            continue
        thrown += 1
        total += value
        ones += value == 1
    if ones == 3:
        drink(stats, seat, sips_left(stats, sizes, seat), -1)  # RB-DICE-4: chug the rest
        if smashed:
            force_first(cars, stats, seat)  # RB-RACE-2
    else:
        drink(stats, seat, ones, -1)
    drink(stats, seat, shown56 - 2, -1)  # RB-DICE-5
    return total


@njit(cache=True, inline="always")
def force_first(cars, stats, seat) -> None:
    """A forced downshift to 1st gear: a sip per gear step; no upshift next turn."""
    if cars[GEAR, seat] > 1:
        drink(stats, seat, cars[GEAR, seat] - 1, -1)
    cars[GEAR, seat] = 1
    cars[HOLD_FIRST, seat] = 1


# -- the move ------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _start_heading(nb, open_, facing, cars, closed, seat, mode) -> int:
    """``turns._start_heading``: -1 for a free first step."""
    heading = cars[HEADING, seat]
    if not facing or heading < 0:
        return -1
    if mode == FAST:
        return heading
    cell = cars[CELL, seat]
    for d in range(6):
        if TURN_OK[heading, d] and open_[cell, d] and not closed[nb[cell, d]]:
            return heading
    return -1


@njit(cache=True, inline="always")
def _blocked_cells(cars, blocked, seat) -> int:
    """RB-CELL-3/5: cells with two caps or a flipped cap (other cars); returns the count."""
    n = cars.shape[1]
    count = 0
    for s in range(n):
        if s == seat or cars[OFF_FROM, s] >= 0:
            continue
        cell = cars[CELL, s]
        seen = False
        for o in range(s):
            if o != seat and cars[OFF_FROM, o] < 0 and cars[CELL, o] == cell:
                seen = True
        if cars[FLIPPED, s] != 0 or seen:
            known = False
            for i in range(count):
                known |= blocked[i] == cell
            if not known:
                blocked[count] = cell
                count += 1
    return count


@njit(cache=True)
def _move(t, pol, rules, cars, race, pointers, scratch, memo, seat, total) -> None:
    """The move phase: legal steps, the bot's planned path, and the end of the move."""
    counters = race.counters
    # Arrays read at every step, taken out of their tuples once.
    nb, open_, blocked = t.nb, t.open_, race.blocked
    stats, forks, plan, plan_dirs = race.stats, race.forks, race.plan, race.plan_dirs
    lines = (t.finish, t.midway, t.branch_fork, t.branch_choice, t.radix)
    mode = roll_mode(total)
    heading = _start_heading(nb, open_, rules.facing, cars, t.closed[counters[C_COMBO]], seat, mode)
    n_blocked = _blocked_cells(cars, blocked, seat)
    ranking(t.dist[counters[C_COMBO]], cars, race.before)
    path = race.path
    path[0] = cars[CELL, seat]
    n_path, moved = 1, 0
    n_plan, plan_start, n_dirs = 0, 0, 0
    legal = race.legal
    off = False
    while True:
        cell = cars[CELL, seat]
        closed = t.closed[counters[C_COMBO]]
        n_legal, first = 0, -1
        step_kinds(
            nb, open_, closed, cell, heading, mode, path, n_path, path, 0, blocked, n_blocked, legal
        )  # fmt: skip
        for d in range(6):
            if legal[d] != NO:
                n_legal += 1
                first = d if first < 0 else first
        can_stop = n_legal == 0 or (mode != FAST and moved >= 1)
        counters[C_ACTIONS] += 1
        if counters[C_ACTIONS] > rules.max_actions:
            counters[C_STATUS] = TOO_LONG
            return
        if n_legal + can_stop == 1:
            action = first if n_legal else STOP
        else:
            action = _planned(
                plan, plan_dirs, path, n_path, n_plan, plan_start, n_dirs, legal, can_stop
            )
            if action == -2:
                # The move help now: the memo for an unobstructed move start, else a
                # live run (written here: a helper would take the tuples it passes on).
                k = counters[C_COMBO]
                base, count, opts = -1, 0, memo.options
                if moved <= 1 and (moved == 0 or path[0] == nb[cell, (heading + 3) % 6]):
                    reach = memo.reach[moved, k, cell, heading + 1, total]
                    if unobstructed(reach, blocked, n_blocked):
                        base = memo.firsts[moved, k, cell, heading + 1, total]
                        count = memo.counts[moved, k, cell, heading + 1, total]
                if base < 0:
                    opts = scratch.out
                    base, count = 0, move_options(
                        t, scratch, t.closed[k], cell, heading, total - moved, moved, mode, path,
                        moved + 1, blocked, n_blocked, opts,
                    )  # fmt: skip
                plan_heading = heading if heading >= 0 else max(cars[HEADING, seat], 0)
                chosen = -1
                if count:
                    chug = sips_left(stats, race.sizes, seat) if rules.chug else 0
                    chosen = choose_option(
                        race.bots[seat], opts, base, count, cars, seat, plan_heading, pol,
                        t.kind, t.dist[k], t.lap_length[k], chug, rules.laps, race.draws,
                        counters, pointers,
                    )  # fmt: skip
                if counters[C_STATUS] != OK:
                    return
                if chosen < 0:
                    action = STOP if can_stop else first
                else:
                    n_plan, plan_start, n_dirs = _keep_plan(
                        nb, plan, plan_dirs, opts, chosen, path, n_path
                    )
                    action = _first_step(opts, chosen, legal, first, can_stop)
        if action == STOP:
            break
        kind = legal[action]
        target = nb[cell, action]
        done = _step(
            lines, rules.laps, cars, stats, counters, forks, seat, action, target, kind, heading,
            mode,
        )  # fmt: skip
        moved += 1
        off = kind == OFF
        path[n_path] = cars[CELL, seat]
        n_path += 1
        heading = action
        if done or moved == total:
            break
    k = counters[C_COMBO]
    logs = (race.off_log, race.overtake_log)
    _end_move(
        nb, open_, t.kind, t.closed[k], t.dist[k], cars, stats, counters, race.ranks, race.before,
        logs, seat, total, moved, heading, off,
    )  # fmt: skip


@njit(cache=True, inline="always")
def _planned(plan, plan_dirs, path, n_path, n_plan, plan_start, n_dirs, legal, can_stop) -> int:
    """``TurnPlan.next_action``: the planned step (or STOP) if still legal, else -2."""
    if n_plan == 0 or n_path < plan_start or n_path > n_plan:
        return -2
    for i in range(n_path):
        if plan[i] != path[i]:
            return -2
    step = n_path - plan_start
    if step < n_dirs:
        d = plan_dirs[step]
        return d if legal[d] != NO else -2
    return STOP if can_stop else -2


@njit(cache=True, inline="always")
def _keep_plan(nb, plan, plan_dirs, opts, chosen, path, n_path):
    """Stores the chosen path: the move so far, then the option's steps."""
    plan[:n_path] = path[:n_path]
    steps = opts.steps[chosen]
    cell = path[n_path - 1]
    for j in range(steps):
        d = opts.dirs[chosen, j]
        plan_dirs[j] = d
        cell = nb[cell, d]
        plan[n_path + j] = cell
    return n_path + steps, n_path, steps


@njit(cache=True, inline="always")
def _first_step(opts, chosen, legal, first, can_stop) -> int:
    """``bots._step_towards`` after choosing: the path's first step, or a fallback."""
    if opts.steps[chosen] > 0 and legal[opts.dirs[chosen, 0]] != NO:
        return opts.dirs[chosen, 0]
    if opts.off[chosen] and first >= 0:
        return first
    return STOP if can_stop else first


@njit(cache=True, inline="always")
def _step(lines, laps_to_race, cars, stats, counters, forks, seat, d, target, kind, heading, mode):
    """``turns.step``: one cell (squeal, lap, midway toast, fork); off the track for OFF.

    ``lines`` holds the tables of what a step crosses: finish, midway, branches.
    Returns whether the move is over (the car left the track).
    """
    finish, midway, branch_fork, branch_choice, radix = lines
    cell = cars[CELL, seat]
    if mode == RECKLESS and heading >= 0 and d != heading:
        drink(stats, seat, 1, -1)  # RB-DICE-6
    clock = counters[C_CLOCK]
    counters[C_CLOCK] = clock + 1
    cars[LAST_END, seat] = target
    cars[HEADING, seat] = d
    cars[ARRIVED, seat] = clock
    cars[FLIPPED, seat] = 0
    cars[CELL, seat] = target
    if kind == OFF:
        cars[OFF_FROM, seat] = cell
        return True
    laps = cars[LAPS, seat]
    crossing = finish[cell, d]
    if crossing:
        laps += crossing
        if laps >= laps_to_race:
            counters[C_FINAL] = 1
    cars[LAPS, seat] = laps
    if midway[cell, d] > 0 and cars[TOASTED, seat] != laps:
        cars[TOASTED, seat] = laps  # RB-CELL-4: everybody drinks
        for other in range(cars.shape[1]):
            drink(stats, other, 1, seat)
    f = branch_fork[target]
    if f >= 0 and forks[f] == 0:
        forks[f] = branch_choice[target]  # RB-TRACK-3
        counters[C_COMBO] = combo(radix, forks)
    return False


@njit(cache=True, inline="always")
def _end_move(
    nb, open_, kinds, closed, dist, cars, stats, counters, ranks, before, logs, seat, total, moved,
    heading, off,
) -> None:  # fmt: skip
    """``turns.end_move``: cells not moved, the cell landed on, overtakes; ``logs`` are
    the off-track and overtake location logs."""
    if off:
        drink(stats, seat, total - moved + 1, -1)  # RB-DICE-7
        force_first(cars, stats, seat)
        _log(counters, logs[0], C_OFFS, cars[OFF_FROM, seat])
        stats[seat, OFF_TRACK] += 1
    else:
        drink(stats, seat, total - moved, -1)  # RB-TURN-5
        kind = kinds[cars[CELL, seat]]
        if kind == DOWNSHIFT:
            force_first(cars, stats, seat)  # RB-CELL-2
        elif kind == BLOCK and cars[FLIPPED, seat] == 0:
            cars[FLIPPED, seat] = 1  # RB-CELL-3
        _bonk(nb, open_, closed, cars, seat, heading)
    _overtakes(dist, cars, ranks, before, stats, counters, logs[1], seat)


@njit(cache=True, inline="always")
def _bonk(nb, open_, closed, cars, seat, heading) -> None:
    """RB-CELL-3: every flipped cap one legal step ahead is turned back."""
    cell = cars[CELL, seat]
    for d in range(6):
        if heading >= 0 and not TURN_OK[heading, d]:
            continue
        target = nb[cell, d]
        if not open_[cell, d] or closed[target]:
            continue
        for other in range(cars.shape[1]):
            mine = other == seat or cars[OFF_FROM, other] >= 0
            if not mine and cars[FLIPPED, other] != 0 and cars[CELL, other] == target:
                cars[FLIPPED, other] = 0


@njit(cache=True, inline="always")
def _overtakes(dist, cars, ranks, before, stats, counters, log, seat) -> None:
    """RB-TURN-6: each car ahead before the move and behind after it drinks a sip;
    ``before`` is the ranking at the start of the move, ``log`` the overtake log."""
    ranking(dist, cars, ranks)
    me = position(ranks, seat)
    for i in range(position(before, seat)):
        other = before[i]
        if position(ranks, other) > me:
            stats[seat, GIVEN] += 1
            stats[other, TAKEN] += 1
            drink(stats, other, 1, seat)
            if cars[LAST_END, seat] >= 0:
                _log(counters, log, C_OVERTAKES, cars[LAST_END, seat])


@njit(cache=True, inline="always")
def _log(counters, log, counter, cell) -> None:
    """Appends a cell to a location log (NEED_LOG when it is full)."""
    i = counters[counter]
    if i >= log.shape[0]:
        counters[C_STATUS] = NEED_LOG
        return
    log[i] = cell
    counters[counter] = i + 1


# -- the race --------------------------------------------------------------------------------


@njit(cache=True)
def play_race(t, pol, gv, rules, race, cars, pointers, scratch, memo) -> None:
    """Plays one race from the start to RB-END-1; results are left in ``race``."""
    n = race.order.shape[0]
    _reset(cars, race, pointers)
    counters = race.counters
    if rules.time_trial:
        for s in range(n):
            counters[C_ACTIONS] += 1
            drink(race.stats, s, race.sizes[s], -1)  # RB-RACE-1: a whole beer
    else:
        start_order(race)
    place_on_grid(t, rules, cars, race)
    if rules.facing:
        for i in range(n):
            counters[C_ACTIONS] += 1
            seat = race.order[i]
            cars[HEADING, seat] = face(t, cars, seat)
    index = 0
    while counters[C_STATUS] == OK:
        seat = race.order[index]
        take_turn(t, pol, gv, rules, cars, race, pointers, scratch, memo, seat)
        cars[CAR_TURNS, seat] += 1
        if counters[C_FINAL] and index == n - 1:
            break
        index = (index + 1) % n
    ranking(t.dist[race.counters[C_COMBO]], cars, race.ranks)
    for place in range(n):
        race.stats[race.ranks[place], PLACE] = place + 1


@njit(cache=True)
def _reset(cars, race, pointers) -> None:
    """Puts the cars and the race's work arrays back to the start of a race."""
    cars[CELL, :] = 0
    cars[HEADING, :] = -1
    cars[GEAR, :] = 1
    cars[LAPS, :] = 0
    cars[ARRIVED, :] = 0
    cars[OFF_FROM, :] = -1
    cars[FLIPPED, :] = 0
    cars[TOASTED, :] = UNSET
    cars[CAR_TURNS, :] = 0
    cars[HOLD_FIRST, :] = 0
    cars[LAST_END, :] = -1
    pointers[:] = 0
    race.forks[:] = 0
    for s in range(race.order.shape[0]):
        race.order[s] = s
    race.ranks[:] = 0
    race.before[:] = 0
    race.blocked[:] = 0
    race.path[:] = 0
    race.plan[:] = 0
    race.plan_dirs[:] = 0


@njit(cache=True)
def new_cars(n):
    """Returns the car array of ``n`` seats (set by :func:`_reset` before each race)."""
    return np.zeros((N_CAR_FIELDS, n), np.int64)


@njit(cache=True, nogil=True)
def play_batch(
    t, pol, gv, memo, rules, bots, sizes, n_forks, dice, draws, stats, counters, off_log,
    overtake_log, scratch, cars, pointers, work, lo, hi,
):  # fmt: skip
    """Plays races ``lo`` to ``hi`` of the batch (releasing the GIL: callers run one
    share per thread, each with its own work arrays: ``scratch`` from
    :func:`.movehelp.new_scratch`, ``cars`` from :func:`new_cars`, ``pointers`` int64[n]
    and ``work`` int64[10, W] with W >= max(32, n, forks)).

    Every array is the caller's for the whole call, so the races run on views that
    own nothing (:mod:`.borrow`).
    """
    n = bots.shape[0]
    t, pol, memo = borrowed_tables(t), borrowed_policy(pol), borrowed_memo(memo)
    scratch, cars = borrowed_scratch(scratch), borrow(cars)
    pointers, work = borrow(pointers), borrow(work)
    gv, bots, sizes = borrow(gv), borrow(bots), borrow(sizes)
    dice, draws, stats, counters = borrow(dice), borrow(draws), borrow(stats), borrow(counters)
    off_log, overtake_log = borrow(off_log), borrow(overtake_log)
    for g in range(lo, hi):
        race = Race(
            stats[g], counters[g], work[0, :n_forks], work[1, :n], work[2, :n], work[3, :n],
            work[4, :n], work[5, :16], work[6, :32], work[7, :16], work[8, :6], work[9, :3],
            sizes, bots, dice[g],
            draws[g], off_log[g], overtake_log[g],
        )  # fmt: skip
        play_race(t, pol, gv, rules, race, cars, pointers, scratch, memo)
    return hi - lo
