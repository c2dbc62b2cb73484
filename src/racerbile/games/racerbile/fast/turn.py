# mypy: disallow-untyped-defs=False
"""The compiled turn: ``turn_cycle.begin_turn`` to ``moving.end_move``.

Back onto the track, the first/last sip, the shift phase (the bot's gear), the roll,
then the move (:mod:`.move`). The turn is inlined by Numba into the race's turn loop
(:func:`.kernel.play_race`): compiled apart, it was one more level whose machine code
was all generated again by the race. Its shift phase and the move are each compiled
once, apart (:data:`.race.apart`: without reference counting, inlined by LLVM). Rows
of the fork-dependent tables are indexed in place: a row view would count a reference
in the rest of the fast path.
"""

from __future__ import annotations

from numba import njit

from .decide import choose_gear
from .move import force_first, move
from .race import (
    ARRIVED,
    C_ACTIONS,
    C_CLOCK,
    C_COMBO,
    C_ROUNDS,
    CAR_TURNS,
    CAUTIOUS,
    CELL,
    FALSE,
    GEAR,
    GREEDY,
    HEADING,
    HOLD_FIRST,
    LAPS,
    OFF_FROM,
    RANDOM,
    SIPS,
    STALIN,
    TURNS,
    ZERO,
    apart,
    drink,
    first_or_last,
    next_die,
    rank_keys,
    sips_left,
    u,
)
from .tables import DOWNSHIFT


@njit(cache=True, inline="always")
def take_turn(t, pol, gv, rules, cars, race, scratch, memo, seat) -> None:
    """``turn_cycle.begin_turn`` to the end of the move (the caller closes the turn)."""
    counters, stats = race.counters, race.stats
    stats[seat, TURNS] += 1
    counters[C_ROUNDS] = max(counters[C_ROUNDS], cars[CAR_TURNS, seat] + 1)
    back = cars[OFF_FROM, seat] >= 0
    if back and not _back_on_track(rules.chug, cars, stats, race.sizes, counters, seat):
        return
    # Nothing moves before the move starts: the ranking after the last move (the race
    # ranks its start) is the move's ranking before it too, unless the car came back
    # onto the track (it arrived anew).
    if back:
        rank_keys(t.dist, counters[C_COMBO], cars, race.keys)
    drink(stats, seat, int(first_or_last(race.keys, seat)), -1)  # RB-TURN-1
    first_turn, on_downshift = cars[CAR_TURNS, seat] == 0, t.kind[u(cars[CELL, seat])] == DOWNSHIFT
    barred = first_turn or on_downshift or cars[HOLD_FIRST, seat] != 0
    cars[HOLD_FIRST, seat] = 0
    _shift_phase(
        race.bots[seat], barred, cars, seat, pol, gv, t.straight, counters[C_COMBO], race.rngs,
        counters, stats, rules.laps, race.gears,
    )  # fmt: skip
    total = _roll(rules.smashed, cars, stats, race.sizes, race.rngs, seat)
    move(t, pol, rules, cars, race, scratch, memo, seat, total)


@apart
def _back_on_track(chug, cars, stats, sizes, counters, seat) -> bool:
    """RB-DICE-7, RB-RACE-3: back onto the cell left from, unless two caps are on it."""
    cell = cars[OFF_FROM, seat]
    caps = ZERO
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


@apart
def _shift_phase(
    bot, barred, cars, seat, pol, gv, straight, k, rngs, counters, stats, laps_to_race, gears,
) -> None:  # fmt: skip
    """RB-DICE-2/3: the bot shifts towards the gear it wants, then rolls (``gears`` is
    room for the gears to choose among).

    Every bot but ``random`` shifts by its gear, whether it may shift up and what it
    ranks the gears by (:func:`shift_key`) alone, so what its phase did is kept in
    ``pol.shifts`` and done again from there: the gear it ends in, the actions it
    took and the sips of its downshift."""
    key = shift_key(bot, cars, seat, pol.positions, pol.values, straight, k, laps_to_race)
    gear = cars[GEAR, seat]
    if key >= 0:
        kept = pol.shifts[u(bot - 1), u(key), u(gear - 1), u(barred)]
        if kept != 0:
            cars[GEAR, seat] = (kept >> 1) & 3
            counters[C_ACTIONS] += (kept >> 3) & 3
            drink(stats, seat, kept >> 5, -1)  # RB-DICE-3
            return
    actions, sips = counters[C_ACTIONS], stats[seat, SIPS]
    _shifts(bot, barred, cars, seat, pol, gv, straight, k, rngs, counters, stats, laps_to_race,
            gears)  # fmt: skip
    if key >= 0:
        done = counters[C_ACTIONS] - actions
        downshifts = stats[seat, SIPS] - sips
        pol.shifts[u(bot - 1), u(key), u(gear - 1), u(barred)] = (
            1 | (cars[GEAR, seat] << 1) | (done << 3) | (downshifts << 5)
        )


@njit(cache=True, inline="always")
def shift_key(bot, cars, seat, positions, values, straight, k, laps_to_race) -> int:
    """What the seat's bot ranks gears by, as a number (-1 for ``random``): nothing for
    ``stalin`` and ``cautious``, the straight run ahead for ``greedy``, the solved
    position and the crossings left for ``optimal``."""
    if bot == RANDOM:
        return -1
    if bot in (STALIN, CAUTIOUS):
        return 0
    place = cars[OFF_FROM, seat] if cars[OFF_FROM, seat] >= 0 else cars[CELL, seat]
    if bot == GREEDY:
        return straight[u(k), u(place), u(cars[HEADING, seat] + 1)]
    crossings = laps_to_race - cars[LAPS, seat]
    if crossings <= 0:
        return 0
    index = positions[u(place), u(max(cars[HEADING, seat], 0))]
    if index < 0:
        return 1
    rows, n_positions = values.shape[0], values.shape[1]
    return 2 + (min(crossings, rows) - 1) * n_positions + index


@njit(cache=True, inline="always")
def _shifts(
    bot, barred, cars, seat, pol, gv, straight, k, rngs, counters, stats, laps_to_race, gears,
) -> None:  # fmt: skip
    """The shift phase played: each shift the bot wants, one up and one down at most."""
    up_done, down_done = FALSE, FALSE
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
            bot, gears, n, cars, seat, pol, gv, straight, k, rngs, laps_to_race,
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
def _roll(smashed, cars, stats, sizes, rngs, seat) -> int:
    """RB-DICE-4/5, RB-RACE-2: throws until the gear's dice show 1-4; returns the total."""
    gear = cars[GEAR, seat]
    shown56, thrown, total, ones = ZERO, ZERO, ZERO, ZERO
    while thrown < gear:  # the loop's body without a branch: a 5 or 6 is a third
        value = next_die(rngs)
        counts = value < 5
        shown56 += not counts
        thrown += counts
        total += value if counts else 0
        ones += value == 1
    if ones == 3:
        drink(stats, seat, sips_left(stats, sizes, seat), -1)  # RB-DICE-4: chug the rest
        if smashed:
            force_first(cars, stats, seat)  # RB-RACE-2
    else:
        drink(stats, seat, ones, -1)
    drink(stats, seat, shown56 - 2, -1)  # RB-DICE-5
    return total
