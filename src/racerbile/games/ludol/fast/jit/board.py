# mypy: disallow-untyped-defs=False
"""A throw's legal options, compiled: :func:`racerbile.games.ludol.rules.board.options`.

The same candidates in the same order (glass squares ascending, then the values as
``candidate_values`` lists them), so a bot's index into the list means the same move
as in the reference. An option is a row of ``opts``: from, value, to, and the glasses
it knocks home as a bit mask (bit ``4 * colour + glass``).

The profile is a row of integers (the ``K_*`` fields, filled by the engine).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...state import GLASSES, GOAL, LAST_TRACK, START, STRIDE, TRACK, YARD

MAX_OPTIONS = 2 * GLASSES  # at most two values for each square a glass stands on
O_FROM, O_VALUE, O_TO, O_CAPTURES = 0, 1, 2, 3
N_OPTION_FIELDS = 4
ILLEGAL = -100

# The profile and setup, as the kernel reads them.
K_ROROS, K_SIX_RULE, K_FORCED_FROM, K_BLOCK_MASK, K_OWNER_PASSES = 0, 1, 2, 3, 4
K_IMMUNE_START, K_FLAGS, K_IMMUNE_LANDING, K_ROROS_PER_THROW = 5, 6, 7, 8
K_CHAIN_RESETS, K_FINISH_ANY, K_FIRST, K_MAX_ACTIONS = 9, 10, 11, 12
N_CONFIG = 13


@njit(cache=True, inline="always")
def square_of(colour, progress):
    """LD-BOARD-1: the shared-track square of ``colour``'s glass at ``progress`` 0…50."""
    return (STRIDE * colour + progress) % TRACK


@njit(cache=True)
def occupancy(glasses, n_colours, cnt):
    """Fills ``cnt[square, colour]`` with the glasses of each colour on each track square."""
    cnt[:, :] = 0
    for k in range(n_colours):
        for g in range(GLASSES):
            p = glasses[k, g]
            if START <= p <= LAST_TRACK:
                cnt[square_of(k, p), k] += 1


@njit(cache=True, inline="always")
def _blocked(cnt, n_colours, colour, square, block_mask):
    """LD-BLOCK-1: whether an opposing block stands on ``square``."""
    for other in range(n_colours):
        if other != colour and (block_mask >> cnt[square, other]) & 1:
            return True
    return False


@njit(cache=True)
def _option(glasses, cnt, n_colours, colour, p, value, cfg):
    """Returns (to, captures) of moving the glass on ``p`` by ``value``; to is ILLEGAL
    when the move is not allowed."""
    if p == YARD:  # LD-ENTER-1
        if value != 6:
            return ILLEGAL, 0
        to = START
    else:
        to = p + value
        if to > GOAL:  # LD-MOVE-1: exact finish
            return ILLEGAL, 0
    mask = cfg[K_BLOCK_MASK]
    for q in range(p + 1, min(to, LAST_TRACK) + 1):
        square = square_of(colour, q)
        if _blocked(cnt, n_colours, colour, square, mask):
            return ILLEGAL, 0
        if not cfg[K_OWNER_PASSES] and q < to and cnt[square, colour] >= 2:
            return ILLEGAL, 0  # §1.2: nobody passes a tower
    captures = 0
    if to <= LAST_TRACK:
        square = square_of(colour, to)
        for other in range(n_colours):
            if other == colour or cnt[square, other] == 0:
                continue
            if cfg[K_IMMUNE_START] and square == STRIDE * other:
                if not cfg[K_IMMUNE_LANDING]:
                    return ILLEGAL, 0  # A2 alternative
                continue  # LD-HIT-2
            at = (square - STRIDE * other + TRACK) % TRACK
            for g in range(GLASSES):
                if glasses[other, g] == at:
                    captures |= 1 << (GLASSES * other + g)
    return to, captures


@njit(cache=True, inline="always")
def _values(cfg, top, p, column, forced):
    """``candidate_values`` (LD-SIX-1, LD-ROROS-1/2) less what a forced six (LD-SIX-2)
    excludes: (first, second, how many)."""
    if top == 1 or top == 6:
        if cfg[K_SIX_RULE] or cfg[K_ROROS]:
            return (np.int64(6), np.int64(6), 1) if forced else (np.int64(1), np.int64(6), 2)
        return top, top, 0 if forced and top != 6 else 1
    bottom = 7 - top  # only while the glass stays on the track
    on_track = p <= LAST_TRACK and p + bottom <= LAST_TRACK
    if cfg[K_ROROS] and on_track and not (cfg[K_ROROS_PER_THROW] and column):
        return top, bottom, 2
    return top, top, 1


@njit(cache=True)
def find_options(glasses, n_colours, colour, top, forced, cfg, cnt, opts):
    """Writes the legal options of ``colour`` for top face ``top`` into ``opts``
    (``forced``, LD-SIX-2: the value 6 only); returns how many (spec §2.4)."""
    occupancy(glasses, n_colours, cnt)
    column = False
    for g in range(GLASSES):
        if LAST_TRACK < glasses[colour, g] < GOAL:
            column = True
    n, previous = 0, np.int64(YARD - 1)
    while True:  # the squares of its glasses ascending, each once (a removed glass: -2)
        p = np.int64(GOAL)
        for g in range(GLASSES):
            q = glasses[colour, g]
            if previous < q < p:
                p = q
        if p == GOAL:
            return n
        previous = p
        first, second, count = _values(cfg, top, p, column, forced)
        for j in range(count):
            value = first if j == 0 else second
            to, captures = _option(glasses, cnt, n_colours, colour, p, value, cfg)
            if to != ILLEGAL:
                opts[n, O_FROM], opts[n, O_VALUE] = p, value
                opts[n, O_TO], opts[n, O_CAPTURES] = to, captures
                n += 1
