# mypy: disallow-untyped-defs=False
"""The compiled turn: ``turn_cycle.begin_turn`` to ``moving.end_move``.

Back onto the track, the first/last sip, the shift phase (the bot's gear), the roll,
then the move: the legal steps, the bot's plan (from the move-help memo, or a live
run when a car is in the way), each step (squeals, laps, midway toasts, forks) and
the end of the move (cells not moved, the cell landed on, bonks, overtakes).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .decide import choose_gear, choose_option
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
    way_ahead_blocked,
)
from .race import (
    ARRIVED,
    C_ACTIONS,
    C_CLOCK,
    C_COMBO,
    C_FINAL,
    C_OFFS,
    C_OVERTAKES,
    C_ROUNDS,
    C_STATUS,
    CAR_TURNS,
    CELL,
    FLIPPED,
    GEAR,
    GIVEN,
    HEADING,
    HOLD_FIRST,
    LAPS,
    LAST_END,
    NEED_LOG,
    OFF_FROM,
    OFF_TRACK,
    OK,
    STOP,
    TAKEN,
    TOASTED,
    TOO_LONG,
    TURNS,
    combo,
    drink,
    next_die,
    position,
    ranking,
    sips_left,
)
from .tables import BLOCK, DOWNSHIFT


@njit(cache=True)
def take_turn(t, pol, gv, rules, cars, race, pointers, scratch, memo, seat) -> None:
    """``turn_cycle.begin_turn`` to the end of the move (the caller closes the turn)."""
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
    """``moving._start_heading``: -1 for a free first step."""
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
    count = int(np.int64(0))  # an int64 value, not a literal: one move_options signature
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
    n_path, moved = 1, int(np.int64(0))  # not a literal: one move_options signature
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
        if not can_stop and moved == 0:  # RB-TURN-5: a car blocked ahead may brake
            can_stop = way_ahead_blocked(
                nb, open_, t.finish, t.dist[counters[C_COMBO]], closed, cell, heading, mode,
                path, n_path, blocked, n_blocked,
            )  # fmt: skip
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
                        moved + 1, blocked, n_blocked, can_stop and moved == 0 and n_legal > 0,
                        opts,
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
    """``moving.step``: one cell (squeal, lap, midway toast, fork); off the track for OFF.

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
    """``moving.end_move``: cells not moved, the cell landed on, overtakes; ``logs`` are
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
