# mypy: disallow-untyped-defs=False
"""A throw's legal options, compiled: :func:`racerbile.games.ludol.rules.board.options`.

The same candidates in the same order (glass squares ascending, then the values as
``candidate_values`` lists them), so a bot's index into the list means the same move
as in the reference. An option is a row of ``opts``: from, value, to, and the glasses
it knocks home as a bit mask (bit ``4 * colour + glass``).

Speed: the board is read once per throw into bit masks over the mover's progress
0…51 (bit q: the shared-track square its glass at progress q would stand on): where
an opposing block stands, where any opposing glass stands, where its own towers
stand. A move's way is then one mask test.

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
def _frame(glasses, n_colours, colour, cfg):
    """Returns the masks (blocks, opponents, towers) of the mover ``colour``: opposing
    blocks (LD-BLOCK-1), squares holding any other colour's glass, and its own squares
    of two or more glasses (a tower, which the norsk owner may not pass either)."""
    base, block_sizes = STRIDE * colour, cfg[K_BLOCK_MASK]
    blocks, opponents, towers = np.int64(0), np.int64(0), np.int64(0)
    for other in range(n_colours):
        for g in range(GLASSES):
            p = glasses[other, g]
            if p < START or p > LAST_TRACK:
                continue
            same = 0
            for h in range(GLASSES):
                same += glasses[other, h] == p
            if other == colour:
                if same >= 2:
                    towers |= np.int64(1) << p
                continue
            bit = np.int64(1) << ((STRIDE * other + p - base + TRACK) % TRACK)
            opponents |= bit
            if (block_sizes >> same) & 1:
                blocks |= bit
    return blocks, opponents, towers


@njit(cache=True)
def _captures(glasses, n_colours, colour, to, cfg):
    """Returns the glasses a move landing on progress ``to`` (≤ 50) knocks home
    (LD-HIT-1), or -1 when it may not land there (A2's alternative)."""
    square = (STRIDE * colour + to) % TRACK
    captures = np.int64(0)
    for other in range(n_colours):
        if other == colour:
            continue
        at = (square - STRIDE * other + TRACK) % TRACK
        if at > LAST_TRACK:  # the square before its start: never its glass's square
            continue
        for g in range(GLASSES):
            if glasses[other, g] != at:
                continue
            if cfg[K_IMMUNE_START] and at == START:  # LD-HIT-2: immune on its start square
                if not cfg[K_IMMUNE_LANDING]:
                    return np.int64(-1)
                break
            captures |= np.int64(1) << (GLASSES * other + g)
    return captures


@njit(cache=True, inline="always")
def _span(lo, hi):
    """The mask of bits lo…hi (empty when hi < lo)."""
    if hi < lo:
        return np.int64(0)
    return ((np.int64(1) << (hi + 1)) - 1) & ~((np.int64(1) << lo) - 1)


@njit(cache=True, inline="always")
def _option(glasses, n_colours, colour, p, value, cfg, blocks, opponents, towers):
    """Returns (to, captures) of moving the glass on ``p`` by ``value``; to is ILLEGAL
    when the move is not allowed."""
    if p == YARD:  # LD-ENTER-1
        if value != 6:
            return ILLEGAL, np.int64(0)
        to = START
    else:
        to = p + value
        if to > GOAL:  # LD-MOVE-1: exact finish
            return ILLEGAL, np.int64(0)
    way = _span(p + 1, min(to, LAST_TRACK))
    if blocks & way:  # LD-BLOCK-1: an opposing block passed or landed on
        return ILLEGAL, np.int64(0)
    if not cfg[K_OWNER_PASSES] and towers & way & ~(np.int64(1) << to):
        return ILLEGAL, np.int64(0)  # §1.2: nobody passes a tower, its owner neither
    if to > LAST_TRACK or not (opponents >> to) & 1:
        return to, np.int64(0)
    captures = _captures(glasses, n_colours, colour, to, cfg)
    return (ILLEGAL, np.int64(0)) if captures < 0 else (to, captures)


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


@njit(cache=True, inline="always")
def find_options(glasses, n_colours, colour, top, forced, cfg, opts):
    """Writes the legal options of ``colour`` for top face ``top`` into ``opts``
    (``forced``, LD-SIX-2: the value 6 only); returns how many (spec §2.4)."""
    blocks, opponents, towers = _frame(glasses, n_colours, colour, cfg)
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
            to, captures = _option(
                glasses, n_colours, colour, p, value, cfg, blocks, opponents, towers
            )
            if to != ILLEGAL:
                opts[n, O_FROM], opts[n, O_VALUE] = p, value
                opts[n, O_TO], opts[n, O_CAPTURES] = to, captures
                n += 1
