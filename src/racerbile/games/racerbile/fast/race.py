# mypy: disallow-untyped-defs=False
"""The compiled race's data and bookkeeping: codes, the race arrays, sips, dice, ranking.

The cars of a race are one int64 array ``cars[FIELD, seat]`` (the reference's ``Car``
fields); everything else that changes in a race is a :class:`Race` of arrays. The
helpers here are small and inlined into the turn (:mod:`.turn`) and the bots'
decisions (:mod:`.decide`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, cast

import numpy as np
from numba import njit

from .seeding import pcg64_next

if TYPE_CHECKING:
    from .livecache import LiveCache

RANDOM, CAUTIOUS, GREEDY, STALIN, OPTIMAL = 0, 1, 2, 3, 4
BOT_CODES = {"random": RANDOM, "cautious": CAUTIOUS, "greedy": GREEDY, "stalin": STALIN,
             "optimal": OPTIMAL}  # fmt: skip
OK, NEED_LOG, TOO_LONG = 0, 1, 2
STOP = -1
UNSET = -1_000_000  # "no value" for laps toasted (RB-CELL-4)
# Per-seat result columns, in the order the outcomes read them (BEERS: set at the end).
PLACE, TURNS, SIPS, CAUSED, OFF_TRACK, GIVEN, TAKEN, BEERS = range(8)
N_STATS = 8


class Rules(NamedTuple):
    """The race settings the kernel reads (all integers)."""

    laps: int
    facing: bool  # RB-RACE-4
    smashed: bool  # RB-RACE-2
    chug: bool  # RB-RACE-3
    time_trial: bool  # RB-RACE-1
    behind: bool  # the grid lies behind the line
    max_actions: int
    track: int  # this track's number in the process (keys :mod:`.livecache`'s runs)


# The cars of one race: ``cars[FIELD, seat]``.
CELL, HEADING, GEAR, LAPS, ARRIVED, OFF_FROM, FLIPPED, TOASTED = range(8)
CAR_TURNS, HOLD_FIRST, LAST_END = range(8, 11)  # LAST_END: the end cell of the last step
N_CAR_FIELDS = 11
# HEADING and OFF_FROM are -1 for none; FLIPPED and HOLD_FIRST are 0 or 1.


class Race(NamedTuple):
    """Everything that changes in one race besides the cars."""

    stats: np.ndarray  # int64[n, N_STATS]
    counters: np.ndarray  # int64[N_COUNTERS]: see the C_* indices
    forks: np.ndarray  # int64[F] chosen branch + 1 per fork (0: not chosen)
    order: np.ndarray  # int64[n] the turn order
    keys: np.ndarray  # int64[n] each seat's rank_key after the last move (the ranking)
    blocked: np.ndarray  # int64[n] cells blocked for the mover
    path: np.ndarray  # int64[16] cells of the move so far
    visited: np.ndarray  # int64[C + 1] each cell's last move on it, see .move.move
    gears: np.ndarray  # int64[3] the gears a bot may choose among
    sizes: np.ndarray  # int64[n] sips in a full drink (RB-DRINK-1)
    bots: np.ndarray  # int64[n] bot codes
    rngs: np.ndarray  # uint64[n + 1, 4] PCG64 states: each seat's random bot, then the dice
    off_log: np.ndarray  # int64[L] cells left from (RB-DICE-7)
    overtake_log: np.ndarray  # int64[L] where overtakers ended (RB-TURN-6)
    live: LiveCache  # the thread's remembered live move help (see :mod:`.livecache`)


# Race.counters: the step clock, bot decisions, the final round flag, rounds played,
# the status, log lengths, and the fork combination chosen so far.
C_CLOCK, C_ACTIONS, C_FINAL, C_ROUNDS, C_STATUS, C_OFFS, C_OVERTAKES, C_COMBO = range(8)
N_COUNTERS = 8


# A piece of the race compiled once, on its own: inlined by Numba (inline="always"), its
# whole call tree would be copied and run through Numba's front end again at each call
# site and each level (that was most of a cold compile). LLVM inlines it instead
# (forceinline: a call would cost the race a seventh of its speed). Without reference
# counting, which would cost an atomic operation per array bound: it allocates nothing,
# and every array it reaches is the batch's, alive for the whole call. Only compiled
# code calls it: no Python wrapper. Every piece has the same options: Numba's typing
# caches what it finds per set of options, and each further set slows every lookup
# (see :data:`.entrypoints.entry`).
apart = njit(  # type: ignore[call-overload]  # options Numba's stubs lack
    cache=True, _nrt=False, no_cpython_wrapper=True, no_cfunc_wrapper=True, forceinline=True
)
# The same for the two big pieces the race seldom runs (a live move help, the start of a
# race): called, not inlined, so their code is not copied into every caller at every
# level, and the turn loop's own machine code stays compact. (A small piece with one
# call site, LLVM inlines whatever its options say: those are :data:`apart`.)
apart_called = njit(  # type: ignore[call-overload]
    cache=True, _nrt=False, no_cpython_wrapper=True, no_cfunc_wrapper=True
)


# Starting values of counters and flags that a loop changes, as NumPy scalars (int64,
# bool): Numba types a literal (``0``, ``False``) as a type of its own, so a loop
# variable that starts as one changes type in the second round of typing, and a third
# round types the whole function again. (cast: Python's checker sees int and bool.)
ZERO, ONE, NO_INDEX = cast(int, np.int64(0)), cast(int, np.int64(1)), cast(int, np.int64(-1))
FALSE, TRUE = cast(bool, np.bool_(False)), cast(bool, np.bool_(True))


# An index that is never negative, as an unsigned number: Numba then skips the check
# that wraps a negative index around (a compare and a select for every index, which
# on the race's hot paths is about a tenth of its time). Only for indexing: arithmetic
# mixing unsigned and signed numbers gives floats.
u = np.uint32


# -- bookkeeping ---------------------------------------------------------------------------


@njit(cache=True, inline="always")
def drink(stats, seat, sips, by) -> None:
    """Records ``sips`` for ``seat``; ``by`` (>= 0) is the seat that caused them."""
    sips = max(sips, 0)  # no branch: how many sips is as good as random
    stats[seat, SIPS] += sips
    if by >= 0 and by != seat:
        stats[by, CAUSED] += sips


@njit(cache=True, inline="always")
def sips_left(stats, sizes, seat) -> int:
    """RB-DRINK-2: sips left in the current drink."""
    size = sizes[seat]
    return size - stats[seat, SIPS] % size


@njit(cache=True, inline="always")
def next_die(rngs) -> int:
    """One throw of one die (1-6) from the dice's generator (the last of ``rngs``)."""
    return int(_next_double(rngs, np.int64(rngs.shape[0] - 1)) * 6.0) + 1


@njit(cache=True, inline="always")
def pick_index(rngs, seat, n) -> int:
    """``gears.pick_index``: floor(u * n) from the seat's next double."""
    return min(int(_next_double(rngs, np.int64(seat)) * n), n - 1)


@apart
def _next_double(rngs, row) -> float:
    """:func:`.seeding.pcg64_next`, compiled once for its five callers in the race
    (inlined by Numba, each would be typed and lowered again); ``row`` is int64."""
    return pcg64_next(rngs, row)


@njit(cache=True, inline="always")
def combo(radix, forks) -> int:
    """The fork combination chosen so far (the row of the fork-dependent tables)."""
    k = ZERO
    for f in range(forks.shape[0]):
        k += forks[f] * radix[f]
    return k


# rank_key's digits: a distance is below FAR (10,000) or the cell count (at most
# 2,000); an arrival is a step clock below MAX_ACTIONS (200,000), or -n..-1 on the
# grid; a seat is below 8. tests/games/racerbile/test_fast_ranking.py checks them.
DIST_SPAN, CLOCK_SPAN, SEAT_SPAN = 1 << 16, 1 << 24, 1 << 4


@njit(cache=True, inline="always")
def rank_key(cars, dist, k, seat) -> int:
    """RB-TRACK-6 as one number, greater for the car ahead: more laps, then nearer the
    line (``dist[k]``, from the cell left when off the track), then arrived earlier,
    then the lower seat."""
    laps, arrived = cars[LAPS, seat], cars[ARRIVED, seat]
    off = cars[OFF_FROM, seat]
    near = laps * DIST_SPAN - dist[u(k), u(off if off >= 0 else cars[CELL, seat])]
    return ((near * CLOCK_SPAN) - arrived) * SEAT_SPAN - seat


@njit(cache=True, inline="always")
def rank_keys(dist, k, cars, keys) -> None:
    """RB-TRACK-6: every seat's :func:`rank_key` in ``keys``, which rank the seats (the
    keys are distinct: the seat is their last digit)."""
    for s in range(keys.shape[0]):
        keys[s] = rank_key(cars, dist, k, s)


@njit(cache=True, inline="always")
def place(keys, seat) -> int:
    """The seat's place by ``keys`` (1: the leader): one more than the keys greater than
    its own. Counted, not sorted: no comparison decides a branch (which of two cars
    leads is as good as random)."""
    ahead = ZERO
    for other in range(keys.shape[0]):
        ahead += keys[other] > keys[seat]
    return ahead + 1


@njit(cache=True, inline="always")
def first_or_last(keys, seat) -> bool:
    """Whether the seat leads the ranking or trails it (RB-TURN-1; a lone car is both)."""
    at = place(keys, seat)
    return (at == 1) | (at == keys.shape[0])
