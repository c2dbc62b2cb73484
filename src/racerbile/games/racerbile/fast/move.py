# mypy: disallow-untyped-defs=False
"""The compiled move: ``moving.py`` from the roll to ``moving.end_move``.

The legal steps, the bot's plan (from the move-help memo, or a live run when a car
is in the way), each step (squeals, laps, midway toasts, forks) and the end of the
move (cells not moved, the cell landed on, bonks, overtakes).

Speed: the move, the bot's choice and the end of the move are each compiled once,
apart (:data:`.race.apart`), and inlined by LLVM into the race. Rows of the tables
that depend on the forks are indexed in place (``dist[k, cell]``), since a row view
counts a reference; a step the plan makes is checked alone, and the six directions
are worked out only when the plan does not say (the outcome is the same: a legal
planned step is what the reference's bot takes whatever else is legal).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .decide import LIVE, choose_option, remembered_option
from .livecache import live_options
from .movehelp import (
    FAST,
    MAX_OPTIONS,
    NO,
    NOT_TABLED,
    OFF,
    ON,
    RECKLESS,
    TURN_OK,
    among,
    entry_index,
    roll_mode,
    step_of,
)
from .race import (
    ARRIVED,
    C_ACTIONS,
    C_CLOCK,
    C_COMBO,
    C_FINAL,
    C_OFFS,
    C_OVERTAKES,
    C_STATUS,
    CAUSED,
    CELL,
    FALSE,
    FLIPPED,
    GEAR,
    GIVEN,
    HEADING,
    HOLD_FIRST,
    LAPS,
    LAST_END,
    NEED_LOG,
    NO_INDEX,
    OFF_FROM,
    OFF_TRACK,
    ONE,
    RANDOM,
    SIPS,
    STOP,
    TAKEN,
    TOASTED,
    ZERO,
    apart,
    combo,
    drink,
    rank_key,
    sips_left,
    u,
)
from .tables import BLOCK, DOWNSHIFT

NOT_PLANNED = -2  # no planned step to take: the bot decides
OFF_PLAN = -3  # the step the plan expects when there is none


@apart
def move(t, pol, rules, cars, race, scratch, memo, seat, total) -> None:
    """The move phase: legal steps, the bot's planned path, and the end of the move
    (``race.keys`` hold the ranking at its start)."""
    counters, stats, blocked, path = race.counters, race.stats, race.blocked, race.path
    nb, open_, closed = t.nb, t.open_, t.closed
    mode = roll_mode(total)
    heading = _start_heading(t.can_turn, rules.facing, cars, counters[C_COMBO], seat, mode)
    n_blocked = _blocked_cells(cars, blocked, seat, race.visited)
    path[0] = cars[CELL, seat]
    # The move's own cells are marked with a stamp no earlier move had (the last one
    # given is kept after the cells): a step back onto one is one lookup, not a scan.
    visited, last = race.visited, race.visited.shape[0] - 1
    stamp = visited[last] + 1
    visited[last] = stamp
    visited[u(path[0])] = stamp
    n_path, moved, off = ONE, ZERO, FALSE  # not literals: see .race.ZERO and .movehelp
    # The plan: the steps' directions three bits each (as an option's ``dirs``); the
    # legal steps: each direction's step kind in two bits (see .movehelp.start_word).
    plan, plan_start, n_dirs, on_plan, legal = np.uint64(0), ZERO, ZERO, FALSE, ZERO
    trusted = NO_INDEX  # the fork combination a memo plan was made in (-1: a live plan)
    while True:
        cell, k = cars[CELL, seat], counters[C_COMBO]
        action, kind, expected = NOT_PLANNED, NO, OFF_PLAN
        if on_plan:
            at = n_path - plan_start
            if at < n_dirs:
                expected = step_of(plan, at)
                if trusted == k and at < n_dirs - 1:
                    kind = ON  # a memo plan's step but its last: legal as the memo found it
                else:
                    kind = _step_kind(
                        nb, open_, closed, k, cell, heading, mode, expected, visited, stamp,
                        blocked, n_blocked,
                    )  # fmt: skip
                action = expected if kind != NO else NOT_PLANNED
            elif mode != FAST and moved >= 1:
                action = STOP
        counters[C_ACTIONS] += 1
        if action == NOT_PLANNED:
            # A move-help memo entry serves an unobstructed move start: its legal steps
            # are tabled, and no blocked cell can bar the way ahead (RB-TURN-5).
            start = moved == 0 or (moved == 1 and path[0] == nb[u(cell), u((heading + 3) % 6)])
            entry, word = -1, NOT_TABLED
            if start:
                n_combos, n_cells = closed.shape[0], nb.shape[0]
                entry = entry_index(moved, k, cell, heading + 1, total, n_combos, n_cells)
                word = memo.entries[u(entry)]
            tabled = word != NOT_TABLED and _clear(memo.reach, entry, blocked, n_blocked)
            if tabled:
                legal, n_legal, first = _tabled_steps(word >> 44)
            else:
                legal, n_legal, first = _legal_steps(
                    nb, open_, closed, k, cell, heading, mode, visited, stamp, blocked, n_blocked
                )  # fmt: skip
            can_stop = n_legal == 0 or (mode != FAST and moved >= 1)
            if not can_stop and moved == 0 and not tabled:  # RB-TURN-5: blocked ahead, brake
                can_stop = _way_ahead_blocked(
                    nb, open_, t.finish, t.dist, closed, k, cell, heading, mode, visited, stamp,
                    blocked, n_blocked,
                )  # fmt: skip
            if n_legal + can_stop == 1:
                action = first if n_legal else STOP
            elif on_plan and expected == OFF_PLAN and can_stop:
                action = STOP  # ``TurnPlan.next_action``: the plan ends here
            else:
                # The move help now: the memo for an unobstructed move start, else a
                # live run; then the bot's choice, kept as the plan.
                opts, base, count = memo.options, word & 0xFFFFFFFF, (word >> 32) & MAX_OPTIONS
                if not tabled:
                    entry = -1
                    count = live_options(
                        t, scratch, race.live, rules.track, k, cell, heading, total - moved,
                        moved, mode, path, moved + 1, blocked, n_blocked,
                        can_stop and moved == 0 and n_legal > 0, scratch.out,
                    )  # fmt: skip
                    opts, base = scratch.out, ZERO  # not a literal: one _decide signature
                # One call of the choice for both: LLVM inlines a copy at each call.
                plan_heading = heading if heading >= 0 else max(cars[HEADING, seat], 0)
                action, steps, plan = _decide(
                    opts, base, count, entry, heading < 0, pol, rules, cars, race, t.kind,
                    t.dist, t.lap_length, k, seat, plan_heading, first, can_stop, legal,
                )  # fmt: skip
                trusted = k if tabled else -1
                if steps >= 0:  # the chosen option is the plan now
                    plan_start, n_dirs, on_plan = n_path, steps, True
                    expected = step_of(plan, 0) if steps > 0 else OFF_PLAN
            if action >= 0:
                kind = (legal >> (2 * action)) & 3
        if action == STOP:
            break
        on_plan = on_plan and action == expected
        target = nb[u(cell), u(action)]
        done = _step(
            t, rules.laps, cars, stats, counters, race.forks, seat, action, target, kind,
            heading, mode,
        )  # fmt: skip
        moved += 1
        off = kind == OFF
        path[n_path] = cars[CELL, seat]
        visited[u(path[n_path])] = stamp
        n_path += 1
        heading = action
        if done or moved == total:
            break
    _end_move(
        nb, open_, t.kind, closed, t.dist, counters[C_COMBO], cars, stats, counters, race.keys,
        race.off_log, race.overtake_log, seat, total, moved, heading, off,
    )  # fmt: skip


@njit(cache=True, inline="always")
def _start_heading(can_turn, facing, cars, k, seat, mode) -> int:
    """``moving._start_heading``: -1 for a free first step."""
    heading = cars[HEADING, seat]
    if not facing or heading < 0:
        return -1
    if mode == FAST or can_turn[u(k), u(cars[CELL, seat]), u(heading)]:
        return heading
    return -1


@njit(cache=True, inline="always")
def _blocked_cells(cars, blocked, seat, visited) -> int:
    """RB-CELL-3/5: cells with two caps or a flipped cap (other cars); returns the count.

    One pass over the cars, with two fresh stamps in ``visited`` (see :func:`move`): a
    cell marked ``here`` has a cap of another car on the track, one marked ``listed``
    is blocked already. Marking without a branch: which car is the mover, and which
    are off the track, changes from turn to turn."""
    last = visited.shape[0] - 1
    here, listed = visited[last] + 1, visited[last] + 2
    visited[last] = listed
    count = int(np.int64(0))  # an int64 value, not a literal: one move_options signature
    for s in range(cars.shape[1]):
        cell = u(cars[CELL, s])
        mark = visited[cell]
        other = (s != seat) & (cars[OFF_FROM, s] < 0)
        hit = other & (mark != listed) & ((cars[FLIPPED, s] != 0) | (mark == here))
        mark += other * (max(mark, here) - mark)  # 0/1 products: no branch to predict
        visited[cell] = mark + hit * (listed - mark)
        blocked[count] = cars[CELL, s]  # kept if it is a hit
        count += hit
    return count


@njit(cache=True, inline="always")
def _step_kind(nb, open_, closed, k, cell, heading, mode, d, visited, stamp, blocked, n_blocked):
    """:func:`racerbile.games.racerbile.rules.moves.step_kind` of direction ``d``
    (``heading`` -1: the free first step; the move's cells are ``stamp`` in ``visited``)."""
    if heading >= 0 and (d != heading if mode == FAST else not TURN_OK[u(heading), u(d)]):
        return NO
    target = nb[u(cell), u(d)]
    if not open_[u(cell), u(d)] or closed[u(k), u(target)]:
        return OFF if mode == FAST and heading >= 0 else NO
    if among(blocked, n_blocked, target):
        return NO
    return NO if visited[u(target)] == stamp else ON


@njit(cache=True, inline="always")
def _legal_steps(nb, open_, closed, k, cell, heading, mode, visited, stamp, blocked, n_blocked):
    """The kind of each direction's step, two bits each; how many are legal, and the
    first legal direction (-1 for none)."""
    kinds, n_legal, first = ZERO, ZERO, NO_INDEX  # not literals: one _decide signature
    for d in range(6):
        kind = _step_kind(
            nb, open_, closed, k, cell, heading, mode, d, visited, stamp, blocked, n_blocked
        )  # fmt: skip
        kinds |= kind << (2 * d)
        if kind != NO:
            n_legal += 1
            first = d if first < 0 else first
    return kinds, n_legal, first


@njit(cache=True, inline="always")
def _tabled_steps(start):
    """:func:`_legal_steps` of a move-help memo entry, from its start word (see
    :func:`.movehelp.start_word`)."""
    first = int(np.int64((start >> 16) & 7) - 1)
    return int(np.int64(start & 0xFFF)), int(np.int64((start >> 12) & 7)), first


@apart
def _way_ahead_blocked(
    nb, open_, finish, dist, closed, k, cell, heading, mode, visited, stamp, blocked, n_blocked
) -> bool:
    """:func:`racerbile.games.racerbile.rules.moves.way_ahead_blocked`: no legal step
    goes forward (over the line forwards, or nearer it by ``dist[k]``) and a blocked
    cell bars one that would (RB-TURN-5)."""
    capped = FALSE
    for d in range(nb.shape[1]):  # not range(6): unrolled, a rare case's code grows sixfold
        if heading >= 0 and (d != heading if mode == FAST else not TURN_OK[u(heading), u(d)]):
            continue
        target = nb[u(cell), u(d)]
        if not open_[u(cell), u(d)] or closed[u(k), u(target)]:
            continue
        seen = visited[u(target)] == stamp  # a cell of the move (see :func:`move`)
        crossing = finish[u(cell), u(d)]
        if seen or crossing < 0 or (crossing == 0 and dist[u(k), u(target)] >= dist[u(k), u(cell)]):
            continue
        if not among(blocked, n_blocked, target):
            return False
        capped = True
    return capped


@njit(cache=True, inline="always")
def _clear(reach, entry, blocked, n_blocked) -> bool:
    """Tells whether no blocked cell is in the reach of memo entry ``entry``'s move, so
    that its move help is the one to use."""
    for i in range(n_blocked):
        b = blocked[i]
        if reach[u(entry), u(b >> 6)] & (np.uint64(1) << np.uint64(b & 63)):
            return False
    return True


@apart
def _decide(
    opts, base, count, entry, free, pol, rules, cars, race, kinds, dist, lap_length, k, seat,
    heading, first, can_stop, legal,
):  # fmt: skip
    """The bot chooses among options ``base`` to ``base + count`` (those of memo entry
    ``entry``, or -1 for a live run; ``free``: a free first step; ``legal``: the legal
    steps) and keeps the chosen path as the plan; returns (the first action, the plan's
    steps, -1 when no option was chosen, and the plan)."""
    chosen = -1
    bot = race.bots[seat]
    remembered = count > 0 and entry >= 0 and bot != RANDOM
    if remembered:
        chosen = remembered_option(
            bot, opts, base, count, entry, free, cars, seat, heading, pol, kinds, dist, k,
            lap_length[k], race.stats, race.sizes, rules.chug, rules.laps,
        )  # fmt: skip
    if count > 0 and (not remembered or chosen == LIVE):
        chug = sips_left(race.stats, race.sizes, seat) if rules.chug else 0  # RB-RACE-3
        chosen = choose_option(
            bot, opts, base, count, cars, seat, heading, pol, kinds, dist, k, lap_length[k],
            chug, rules.laps, race.rngs,
        )  # fmt: skip
    if chosen < 0:
        return (STOP if can_stop else first), -1, np.uint64(0)
    option = opts[u(chosen)]
    return _first_step(option, legal, first, can_stop), int(option.steps), option.dirs


@njit(cache=True, inline="always")
def _first_step(option, legal, first, can_stop) -> int:
    """``bots._step_towards`` after choosing: the path's first step, or a fallback."""
    step = step_of(option.dirs, 0)
    if option.steps > 0 and (legal >> (2 * step)) & 3 != NO:
        return step
    if option.off and first >= 0:
        return first
    return STOP if can_stop else first


@njit(cache=True, inline="always")
def _step(
    t, laps_to_race, cars, stats, counters, forks, seat, d, target, kind, heading, mode,
):  # fmt: skip
    """``moving.step``: one cell (squeal, lap, midway toast, fork); off the track for OFF.
    Returns whether the move is over (the car left the track)."""
    cell = cars[CELL, seat]
    squeal = (mode == RECKLESS) & (heading >= 0) & (d != heading)
    drink(stats, seat, int(squeal), -1)  # RB-DICE-6
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
    if t.marks[u(cell), u(d)] == 0:
        return False  # no line crossed, no branch entered
    laps = cars[LAPS, seat]
    crossing = t.finish[u(cell), u(d)]
    if crossing:
        laps += crossing
        if laps >= laps_to_race:
            counters[C_FINAL] = 1
    cars[LAPS, seat] = laps
    if t.midway[u(cell), u(d)] > 0 and cars[TOASTED, seat] != laps:
        cars[TOASTED, seat] = laps  # RB-CELL-4: everybody drinks
        for other in range(cars.shape[1]):
            drink(stats, other, 1, seat)
    f = t.branch_fork[u(target)]
    if f >= 0 and forks[f] == 0:
        forks[f] = t.branch_choice[target]  # RB-TRACK-3
        counters[C_COMBO] = combo(t.radix, forks)
    return False


@apart
def _end_move(
    nb, open_, kinds, closed, dist, k, cars, stats, counters, keys, off_log,
    overtake_log, seat, total, moved, heading, off,
) -> None:  # fmt: skip
    """``moving.end_move``: cells not moved, the cell landed on, overtakes."""
    if off:
        drink(stats, seat, total - moved + 1, -1)  # RB-DICE-7
        force_first(cars, stats, seat)
        _log(counters, off_log, C_OFFS, cars[OFF_FROM, seat])
        stats[seat, OFF_TRACK] += 1
    else:
        drink(stats, seat, total - moved, -1)  # RB-TURN-5
        kind = kinds[u(cars[CELL, seat])]
        if kind == DOWNSHIFT:
            force_first(cars, stats, seat)  # RB-CELL-2
        elif kind == BLOCK and cars[FLIPPED, seat] == 0:
            cars[FLIPPED, seat] = 1  # RB-CELL-3
        _bonk(nb, open_, closed, k, cars, seat, heading)
    _overtakes(dist, k, cars, keys, stats, counters, overtake_log, seat)


@njit(cache=True, inline="always")
def force_first(cars, stats, seat) -> None:
    """A forced downshift to 1st gear: a sip per gear step; no upshift next turn."""
    if cars[GEAR, seat] > 1:
        drink(stats, seat, cars[GEAR, seat] - 1, -1)
    cars[GEAR, seat] = 1
    cars[HOLD_FIRST, seat] = 1


@njit(cache=True, inline="always")
def _bonk(nb, open_, closed, k, cars, seat, heading) -> None:
    """RB-CELL-3: every flipped cap one legal step ahead is turned back."""
    for other in range(cars.shape[1]):  # stops at the first: see .movehelp.among
        if other != seat and cars[FLIPPED, other] != 0:
            _turn_back_flipped(nb, open_, closed, k, cars, seat, heading)
            return


@apart
def _turn_back_flipped(nb, open_, closed, k, cars, seat, heading) -> None:
    """RB-CELL-3: the flipped caps one legal step ahead of ``seat`` turned back.

    The cars are the outer loop and the directions the inner one, which stops at the
    first match: every level of the race's compile optimises and emits this code
    again, and the other order (a loop over the cars per direction) was unrolled and
    vectorised six times over, a quarter of the turn's machine code for a rare case."""
    cell = cars[CELL, seat]
    for other in range(cars.shape[1]):
        if other == seat or cars[OFF_FROM, other] >= 0 or cars[FLIPPED, other] == 0:
            continue
        if _one_step_ahead(nb, open_, closed, k, cell, heading, cars[CELL, other]):
            cars[FLIPPED, other] = 0


@njit(cache=True, inline="always")
def _one_step_ahead(nb, open_, closed, k, cell, heading, target) -> bool:
    """Tells whether ``target`` is one legal step from ``cell`` (facing ``heading``)."""
    for d in range(6):
        if heading >= 0 and not TURN_OK[u(heading), u(d)]:
            continue
        if nb[u(cell), u(d)] == target and open_[u(cell), u(d)] and not closed[u(k), u(target)]:
            return True
    return False


@njit(cache=True, inline="always")
def _overtakes(dist, k, cars, keys, stats, counters, log, seat) -> None:
    """RB-TURN-6: each car ahead before the move and behind after it drinks a sip.
    ``keys`` hold the ranking keys at the move's start (they are brought up to date);
    ``log`` is the overtake log. The other cars did not move, but their distances may
    have changed with a fork chosen in the move."""
    was, now = keys[seat], rank_key(cars, dist, k, seat)
    overtaken = ZERO
    for other in range(keys.shape[0]):
        key = rank_key(cars, dist, k, other)
        passed = (keys[other] > was) & (key < now)  # never the mover: its key was ``was``
        stats[other, TAKEN] += passed
        stats[other, SIPS] += passed
        overtaken += passed
        keys[other] = key
    stats[seat, GIVEN] += overtaken
    stats[seat, CAUSED] += overtaken
    if overtaken and cars[LAST_END, seat] >= 0:
        for _ in range(overtaken):
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
