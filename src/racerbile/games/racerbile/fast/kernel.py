# mypy: disallow-untyped-defs=False
"""The compiled Racerbile race: the reference rules and bots, one game at a time.

Each function mirrors a piece of the reference so the two can be read side by side:
the start (RB-START-1 order dice, or RB-RACE-1 time trials and RB-RACE-4 headings),
the turn of ``turn_cycle.py``, ``shift_roll.py`` and ``moving.py`` (back onto the
track, first/last, shifts, the roll, the steps, the end of the move, overtakes, the
end of the race) and the decisions of ``bots.py`` (gear, then an end cell chosen once
per move and walked step by step).
Only the defaults are covered: auto announcements, no special rule, per-race forks.

Randomness comes from the same generators as the reference's, seeded alike and drawn
as needed (one double per die, per random choice), so the games are the same. A game
that runs out of log room stops with a status code and is played again by the caller
with more.

The pieces: :mod:`.race` (codes, the race arrays, bookkeeping), :mod:`.turn` (a
turn), :mod:`.decide` (the bots) and :mod:`.movehelp` (move help); this module plays
the start and the race, and a batch of races (:func:`play_batch`).

Speed: compiled code counts a reference (an atomic operation) for every array it
binds, and a tuple of arrays bound as an argument counts one per member. A race is
therefore compiled without reference counting (:data:`.race.apart`): it allocates
nothing (the batch passes every work array) and every array it reaches is the
batch's for the whole call. The cars are one 2-D array and rows of 2-D tables are
indexed in place.

Compile time: a function inlined (``inline="always"``) has its whole call tree
copied and run through Numba's front end again at each call site and level (a copy
costs its blocks times its variables). So the turn's big pieces (the move, the bot's
choice, the end of the move, the shift phase, the move help) are compiled once each,
apart, and LLVM inlines them; the turn itself (one call site, little code of its own)
and small helpers are inlined by Numba. Each compiled level optimises and generates
machine code for all it inlines again, so the levels are kept few, and so is the code
of rare cases (no loop of theirs unrolled or vectorised). The race's start is called,
not inlined (:data:`.race.apart_called`): it runs once a race.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .decide import face
from .entrypoints import entry
from .race import (
    ARRIVED,
    BEERS,
    C_ACTIONS,
    C_COMBO,
    C_FINAL,
    C_STATUS,
    CAR_TURNS,
    CELL,
    FLIPPED,
    GEAR,
    HEADING,
    HOLD_FIRST,
    LAPS,
    LAST_END,
    N_CAR_FIELDS,
    OFF_FROM,
    OK,
    ONE,
    PLACE,
    RANDOM,
    SIPS,
    TOASTED,
    TOO_LONG,
    UNSET,
    ZERO,
    Race,
    apart_called,
    drink,
    next_die,
    place,
    rank_keys,
)
from .seeding import seed_game
from .turn import take_turn

# -- the start -------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def start_order(race, sizes, values, sorted_, split) -> None:
    """RB-START-1: order dice; ties throw again among themselves, in the order they stand
    (``sizes``, ``values`` and ``sorted_`` are room for ``n`` numbers, ``split`` for 6)."""
    order = race.order
    n = order.shape[0]
    sizes[0] = n
    groups = ONE
    if n == 1:
        next_die(race.rngs)  # a lone player still throws once
        return
    while True:
        g, first = -1, ZERO
        for i in range(groups):
            if sizes[i] > 1:
                g = i
                break
            first += sizes[i]
        if g < 0:
            return
        m = sizes[g]
        for i in range(m):
            values[i] = next_die(race.rngs)
        k, parts = ZERO, ZERO
        for v in range(6, 0, -1):
            count = ZERO
            for i in range(m):
                if values[i] == v:
                    sorted_[k] = order[first + i]
                    k += 1
                    count += 1
            if count:
                split[parts] = count
                parts += 1
        for i in range(m):
            order[first + i] = sorted_[i]
        for i in range(groups - 1, g, -1):  # the groups after g move up by parts - 1
            sizes[i + parts - 1] = sizes[i]
        for i in range(parts):
            sizes[g + i] = split[i]
        groups += parts - 1


@njit(cache=True, inline="always")
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


# -- the race --------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def play_race(t, pol, gv, rules, race, cars, scratch, memo, work) -> None:
    """Plays one race from the start to RB-END-1; results are left in ``race``
    (``work`` rows 6 to 9 are room for the start order)."""
    n = race.order.shape[0]
    counters = race.counters
    _start_race(t, rules, race, cars, work)
    # The turns, in the start order, until the final round is over (the loop is
    # written here: each level of inlining runs its callees' front end again).
    index = ZERO
    while counters[C_STATUS] == OK:
        seat = np.uint32(race.order[index])  # unsigned: see .race.apart
        take_turn(t, pol, gv, rules, cars, race, scratch, memo, seat)
        cars[CAR_TURNS, seat] += 1
        if counters[C_ACTIONS] > rules.max_actions:  # once a turn: a move's steps are few
            counters[C_STATUS] = TOO_LONG
            break
        if counters[C_FINAL] and index == n - 1:
            break
        index = index + 1 if index < n - 1 else 0  # not (index + 1) % n: a division
    rank_keys(t.dist, counters[C_COMBO], cars, race.keys)
    for s in range(n):
        race.stats[s, PLACE] = place(race.keys, s)
    for s in range(n):
        race.stats[s, BEERS] = race.stats[s, SIPS] // race.sizes[s]  # RB-DRINK-1


@apart_called
def _start_race(t, rules, race, cars, work) -> None:
    """The race up to its first turn: the cars reset, the start order (a time trial's
    whole beer instead, RB-RACE-1), the grid, the cars' facing and the first ranking."""
    n = race.order.shape[0]
    _reset(cars, race)
    counters = race.counters
    if rules.time_trial:
        for s in range(n):
            counters[C_ACTIONS] += 1
            drink(race.stats, s, race.sizes[s], -1)  # RB-RACE-1: a whole beer
    else:
        start_order(race, work[6], work[7], work[8], work[9])
    place_on_grid(t, rules, cars, race)
    if rules.facing:
        for i in range(n):
            counters[C_ACTIONS] += 1
            seat = race.order[i]
            cars[HEADING, seat] = face(t, cars, seat)
    rank_keys(t.dist, counters[C_COMBO], cars, race.keys)


@njit(cache=True, inline="always")
def _reset(cars, race) -> None:
    """Puts the cars and the race's work arrays back to the start of a race (loops, not
    slice assignments: each of those compiles a whole general array fill)."""
    for s in range(cars.shape[1]):
        cars[CELL, s], cars[HEADING, s], cars[GEAR, s], cars[LAPS, s] = 0, -1, 1, 0
        cars[ARRIVED, s], cars[OFF_FROM, s], cars[FLIPPED, s], cars[TOASTED, s] = 0, -1, 0, UNSET
        cars[CAR_TURNS, s], cars[HOLD_FIRST, s], cars[LAST_END, s] = 0, 0, -1
    for s in range(race.order.shape[0]):
        race.order[s] = s
    _zero(race.forks)
    _zero(race.blocked)
    _zero(race.path)


@njit(cache=True, inline="always")
def _zero(a) -> None:
    """Sets a row of the work arrays to zeros."""
    for i in range(a.shape[0]):
        a[i] = 0


def new_cars(n: int) -> np.ndarray:
    """Returns the car array of ``n`` seats (set by :func:`_reset` before each race)."""
    return np.zeros((N_CAR_FIELDS, n), np.int64)


@entry
def play_batch(
    t, pol, gv, memo, rules, bots, sizes, n_forks, master, indices, seeds, stats, counters,
    off_log, overtake_log, scratch, live, cars, rngs, work, words, room, visited, lo, hi,
):  # fmt: skip
    """Plays races ``lo`` to ``hi`` of the batch (releasing the GIL: callers run one
    share per thread, each with its own work arrays: ``scratch`` from
    :func:`.movehelp.new_scratch`, ``live`` from :func:`.livecache.new_live_cache`
    (kept from batch to batch), ``cars`` from :func:`new_cars`, ``rngs``
    uint64[n + 1, 4], ``work`` int64[10, W] with W >= max(16, n, forks), ``words``
    and ``room`` for seeding, see :data:`.seeding.ROOM`, and ``visited``, int64[C + 1],
    zeros at first, see :func:`.move.move`). It allocates nothing, so it runs without
    reference counting (which would cost every array the race binds an atomic
    operation).

    Race ``g`` is game ``indices[g]`` of the run seeded ``master``: its dice and random
    bots' generators are seeded here as the reference runner seeds them, and its dice
    seed is written to ``seeds[g]``.
    """
    n = bots.shape[0]
    for g in range(lo, hi):
        seeds[g] = seed_game(master, indices[g], bots, np.int64(RANDOM), words, rngs, room)
        race = Race(
            stats[g], counters[g], work[0, :n_forks], work[1, :n], work[2, :n], work[3, :n],
            work[4, :16], visited, work[5, :3],
            sizes, bots, rngs, off_log[g], overtake_log[g], live,
        )  # fmt: skip
        play_race(t, pol, gv, rules, race, cars, scratch, memo, work)
    return hi - lo
