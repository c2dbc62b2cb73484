# mypy: disallow-untyped-defs=False
"""Whole Ludøl games, compiled: the reference rules and the §4.3 bots, seeded alike.

Each piece mirrors the reference so the two read side by side: the start-order
roll-off and the seating (``rules/turn.py``: ``roll_for_start``, ``seating``), the
throw and its settling (``throw``, ``flow.settle``), the move with its knock-homes and
flags (``move``), the end of a throw (``flow.end_of_throw``, ``next_turn``), the end
and the places (``flow.finish``, ``LudolGame.result``), and the bots' choices
(``bots.py``). A game consumes the same draws as the reference runner: one double of
the game's dice generator per throw, and a bot's ``integers(n)`` per choice (see
:mod:`.pcg`), so both play the same game.

The sim has no referee: nothing is poured, nobody is disqualified, no flag is
confirmed; penalty beers are the automatic ones (LD-SIX-2).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...setup import COLOURS
from ...state import GLASSES, GOAL, START, YARD
from .board import (
    K_CHAIN_RESETS,
    K_FINISH_ANY,
    K_FIRST,
    K_FLAGS,
    K_FORCED_FROM,
    K_MAX_ACTIONS,
    K_SIX_RULE,
    MAX_OPTIONS,
    N_OPTION_FIELDS,
    O_CAPTURES,
    O_FROM,
    O_TO,
    O_VALUE,
    find_options,
)
from .pcg import GEN_SIZE, MAX_WORDS, game_seed, integers, next_double, seed_generator

RANDOM, FAST, AGGRESSIVE, RANDOM_LARGER = 0, 1, 2, 3
DRAWING = (RANDOM, RANDOM_LARGER)  # the bots that draw from their generator

# Per participant: place, turns (runs of decisions, as the runner counts them), colour
# turns begun, throws, glasses knocked home and knock-home events (as the mover; as
# the owner: chugs and glasses to drink), automatic penalty beers, flags (c) and (h),
# glass score sum (LD-END-2) and decisions.
S_PLACE, S_TURNS, S_COLOUR_TURNS, S_THROWS, S_HITS, S_HIT_EVENTS = 0, 1, 2, 3, 4, 5
S_CHUGS, S_DRUNK, S_PENALTY, S_MISSED, S_PASSIVE, S_SCORE, S_DECISIONS = 6, 7, 8, 9, 10, 11, 12
N_STATS = 13
# Per game: status, decisions, colour turns, throws, how it ended, the last seat to decide.
C_STATUS, C_ACTIONS, C_TURNS, C_THROWS, C_REASON, C_LAST = 0, 1, 2, 3, 4, 5
N_COUNTERS = 6
OK, TOO_LONG = 0, 1
HOME, STALLED = 0, 1
YARD_SCORE, GOAL_SCORE = -10, GOAL + 10


@njit(cache=True, inline="always")
def _die(gen):
    """One throw of the fair die: ``chance.pick`` over six equal faces."""
    return min(int(next_double(gen) * 6.0), 5) + 1


@njit(cache=True, inline="always")
def _bits(mask):
    n = 0
    while mask:
        n += mask & 1
        mask >>= 1
    return n


@njit(cache=True)
def _largest(opts, n, frm):
    """The option from ``frm`` with the largest value."""
    best = -1
    for i in range(n):
        if opts[i, O_FROM] == frm and (best < 0 or opts[i, O_VALUE] > opts[best, O_VALUE]):
            best = i
    return best


@njit(cache=True, inline="always")
def _capture_key(opts, i):
    """``aggressive``'s order of captures, (glasses, from, value), as one number (0: none)."""
    if opts[i, O_CAPTURES] == 0:
        return 0
    return (_bits(opts[i, O_CAPTURES]) * 64 + opts[i, O_FROM] + 1) * 8 + opts[i, O_VALUE]


@njit(cache=True, inline="always")
def choose(bot, gen, opts, n):
    """The index of the option ``bot`` picks among ``opts[:n]`` (``bots.py``)."""
    if bot == RANDOM:
        return integers(gen, n)
    if bot == RANDOM_LARGER:  # a random square (its glasses count once)
        squares = np.int64(1)
        for i in range(1, n):
            squares += opts[i, O_FROM] != opts[i - 1, O_FROM]
        k = integers(gen, squares)
        i = 0
        while k > 0:
            i += 1
            k -= opts[i, O_FROM] != opts[i - 1, O_FROM]
        return _largest(opts, n, opts[i, O_FROM])
    if bot == AGGRESSIVE:  # the most glasses, then the most advanced, then the value
        best, best_key = -1, 0
        for i in range(n):
            key = _capture_key(opts, i)
            if key > best_key:
                best, best_key = i, key
        if best >= 0:
            return best
        if opts[0, O_FROM] == YARD:
            return _largest(opts, n, opts[0, O_FROM])
    return _largest(opts, n, opts[n - 1, O_FROM])  # fast: the most advanced glass


@njit(cache=True, inline="always")
def _decided(seat, cfg, stats, counters):
    """Counts a decision of ``seat``; False when the game is too long (MAX_ACTIONS)."""
    if counters[C_ACTIONS] >= cfg[K_MAX_ACTIONS]:
        counters[C_STATUS] = TOO_LONG
        return False
    counters[C_ACTIONS] += 1
    stats[seat, S_DECISIONS] += 1
    if seat != counters[C_LAST]:
        stats[seat, S_TURNS] += 1
        counters[C_LAST] = seat
    return True


@njit(cache=True)
def _in_play(glasses, colour):
    for g in range(GLASSES):  # noqa: SIM110 (Numba compiles the loop, not a generator)
        if START <= glasses[colour, g] < GOAL:
            return True
    return False


@njit(cache=True)
def _active(glasses, colour):
    for g in range(GLASSES):  # noqa: SIM110 (Numba compiles the loop, not a generator)
        if YARD <= glasses[colour, g] < GOAL:
            return True
    return False


@njit(cache=True, inline="always")
def _home(glasses, owner, n_colours, participant, any_colour):
    """LD-END-1 (A15): the participant's colours all home (or one, ``any_colour``)."""
    for k in range(n_colours):
        if owner[k] != participant:
            continue
        done = True
        for g in range(GLASSES):
            done = done and glasses[k, g] == GOAL
        if done and any_colour:
            return True
        if not done and not any_colour:
            return False
    return not any_colour


@njit(cache=True)
def _roll_off(dice, n, scratch):
    """LD-START-1: everyone throws, the tied throw again; returns the winner."""
    contenders, thrown = scratch[:4], scratch[4:]
    for j in range(n):
        contenders[j] = j
    while True:
        best = 0
        for j in range(n):
            thrown[j] = _die(dice)
            best = max(best, thrown[j])
        tied = 0
        for j in range(n):
            if thrown[j] == best:
                contenders[tied] = contenders[j]
                tied += 1
        if tied == 1:
            return contenders[0]
        n = tied


@njit(cache=True)
def _seat(colours_of, winner, owner, scratch):
    """LD-START-1 / LD-SEAT-1: the participant of each colour, clockwise from the
    winner (several colours sit side by side); returns the number of colours."""
    n, first = 0, -1
    for p in range(colours_of.shape[0]):
        for _ in range(colours_of[p]):
            if p == winner and first < 0:
                first = n
            scratch[n] = p
            n += 1
    for k in range(n):
        owner[k] = scratch[(first + k) % n]
    return n


@njit(cache=True, inline="always")
def _move(glasses, owner, opts, i, colour, stats):
    """Moves the chosen glass, sends the captured home (one chug per colour hit,
    LD-HIT-1) and counts flags (c) and (h) (LD-REF-3)."""
    frm, to, captures = opts[i, O_FROM], opts[i, O_TO], opts[i, O_CAPTURES]
    mover = owner[colour]
    for g in range(GLASSES):
        if glasses[colour, g] == frm:
            glasses[colour, g] = to
            break
    for other in range(owner.shape[0]):
        hit = (captures >> (GLASSES * other)) & 0xF
        if hit == 0:
            continue
        glasses_hit = _bits(hit)
        for g in range(GLASSES):
            if (hit >> g) & 1:
                glasses[other, g] = YARD
        stats[owner[other], S_CHUGS] += 1
        stats[owner[other], S_DRUNK] += glasses_hit
        stats[mover, S_HIT_EVENTS] += 1
        stats[mover, S_HITS] += glasses_hit


@njit(cache=True, inline="always")
def _flags(opts, n, i, top, stats, participant):
    """LD-REF-3 (c) a capture left out, (h) a 1 taken while a 6 was legal."""
    missed, passive = False, False
    for j in range(n):
        missed = missed or opts[j, O_CAPTURES] != 0
        passive = passive or opts[j, O_VALUE] == 6
    if missed and opts[i, O_CAPTURES] == 0:
        stats[participant, S_MISSED] += 1
    if passive and (top == 1 or top == 6) and opts[i, O_VALUE] == 1:
        stats[participant, S_PASSIVE] += 1


@njit(cache=True)
def _glass_score(p):
    if p == YARD:
        return YARD_SCORE
    return GOAL_SCORE if p == GOAL else p


@njit(cache=True)
def _finish(glasses, owner, n_colours, colours_of, winner, stats):
    """LD-END-1/2: the winner (stalled, ``winner`` < 0: the best distance scores) first,
    the rest by distance score: a participant's glass sum per colour, compared exactly."""
    players = colours_of.shape[0]
    for p in range(players):
        stats[p, S_SCORE] = 0
    for k in range(n_colours):
        for g in range(GLASSES):
            stats[owner[k], S_SCORE] += _glass_score(glasses[k, g])
    winners = 0
    if winner >= 0:
        winners = 1 << winner
    else:  # A19: a shared win
        best = 0
        for p in range(1, players):
            if _above(stats, colours_of, p, best):
                best = p
        for p in range(players):
            if not _above(stats, colours_of, best, p):
                winners |= 1 << p
    for p in range(players):
        place = 1
        for q in range(players):
            q_wins, p_wins = (winners >> q) & 1, (winners >> p) & 1
            if q_wins > p_wins or (q_wins == p_wins and _above(stats, colours_of, q, p)):
                place += 1
        stats[p, S_PLACE] = place


@njit(cache=True, inline="always")
def _above(stats, colours_of, p, q):
    """Whether p's distance score is above q's (cross-multiplied, so exact)."""
    return stats[p, S_SCORE] * colours_of[q] > stats[q, S_SCORE] * colours_of[p]


@njit(cache=True)
def _next_colour(glasses, colour, n_colours):
    """``flow.next_turn``: the next colour that still plays, or -1 (stalled)."""
    for step in range(1, n_colours + 1):
        other = (colour + step) % n_colours
        if _active(glasses, other):
            return other
    return -1


@njit(cache=True)
def _seed(bots, master, index, words, keys, gens):
    """Seeds the dice (``gens[-1]``) and each drawing bot's generator as the runner
    does; returns the game's dice seed. ``keys`` holds room for the seeds' entropy:
    (master, index), the dice seed, (master, index, seat)."""
    pair, single, triple = keys[:2], keys[2:3], keys[3:]
    pair[0], pair[1] = master, index
    seed = game_seed(pair, words)
    single[0] = seed
    seed_generator(single, words, gens[bots.shape[0]])
    for seat in range(bots.shape[0]):
        if bots[seat] == RANDOM or bots[seat] == RANDOM_LARGER:
            triple[0], triple[1], triple[2] = master, index, seat
            seed_generator(triple, words, gens[seat])
    return seed


@njit(cache=True)
def play_game(cfg, colours_of, bots, glasses, owner, gens, opts, scratch, stats, counters):
    """Plays one seeded game (generators set by :func:`_seed`) to its end, writing the
    participants' ``stats`` and the game's ``counters``."""
    dice = gens[bots.shape[0]]
    stats[:, :] = 0
    counters[:] = 0
    counters[C_LAST] = -1
    first = cfg[K_FIRST]
    winner = first if first >= 0 else _roll_off(dice, colours_of.shape[0], scratch)
    n_colours = _seat(colours_of, winner, owner, scratch)
    glasses[:, :] = YARD
    colour, attempts, chain, throws = np.int64(0), 3, 0, 0  # flow.new_turn of colour A
    counters[C_TURNS] = 1
    stats[owner[0], S_COLOUR_TURNS] += 1
    while True:
        top = _die(dice)  # turn.throw
        chain, throws = chain + 1, throws + 1
        participant = owner[colour]
        counters[C_THROWS] += 1
        stats[participant, S_THROWS] += 1
        at = chain if cfg[K_CHAIN_RESETS] else throws
        six = top == 1 or top == 6
        forced = cfg[K_FORCED_FROM] > 0 and at >= cfg[K_FORCED_FROM] and six
        stats[participant, S_PENALTY] += forced  # LD-SIX-2, charged at once (A10)
        n = find_options(glasses, n_colours, colour, top, forced, cfg, opts)
        if n > 0:  # the player's choice, then turn.move
            if not _decided(participant, cfg, stats, counters):
                return
            i = choose(bots[participant], gens[participant], opts, n)
            _move(glasses, owner, opts, i, colour, stats)
            if cfg[K_FLAGS]:
                _flags(opts, n, i, top, stats, participant)
            if _home(glasses, owner, n_colours, participant, cfg[K_FINISH_ANY]):
                counters[C_REASON] = HOME
                break
            bonus = opts[i, O_VALUE] == 6
        elif cfg[K_SIX_RULE] and six and not forced:  # A9: declare a six (or a one)
            if not _decided(participant, cfg, stats, counters):
                return
            bot = bots[participant]
            bonus = bot != RANDOM or integers(gens[participant], np.int64(2)) == 0
        else:  # no move (flow.settle)
            bonus = forced or (top == 6 and not cfg[K_SIX_RULE])
        active = _active(glasses, colour)  # flow.end_of_throw
        if active and bonus:
            attempts = 1
            continue
        if active and attempts > 1 and not _in_play(glasses, colour):
            attempts -= 1
            chain = 0 if cfg[K_CHAIN_RESETS] else chain
            continue
        colour = _next_colour(glasses, colour, n_colours)
        if colour < 0:
            counters[C_REASON] = STALLED
            break
        attempts, chain, throws = (1 if _in_play(glasses, colour) else 3), 0, 0
        counters[C_TURNS] += 1
        stats[owner[colour], S_COLOUR_TURNS] += 1
    winner = participant if counters[C_REASON] == HOME else -1
    _finish(glasses, owner, n_colours, colours_of, winner, stats)


@njit(cache=True, nogil=True)
def play_batch(cfg, colours_of, bots, master, indices, seeds, stats, counters, lo, hi):
    """Plays games ``indices[lo:hi]`` of a run seeded ``master``: their dice seeds,
    per-participant ``stats`` and ``counters``."""
    players = colours_of.shape[0]
    words, keys = np.zeros(MAX_WORDS, np.uint64), np.zeros(6, np.uint64)
    gens = np.zeros((players + 1, GEN_SIZE), np.uint64)
    glasses = np.zeros((COLOURS, GLASSES), np.int64)
    owner, scratch = np.zeros(COLOURS, np.int64), np.zeros(2 * COLOURS, np.int64)
    opts = np.zeros((MAX_OPTIONS, N_OPTION_FIELDS), np.int64)
    for g in range(lo, hi):
        seeds[g] = _seed(bots, master, indices[g], words, keys, gens)
        play_game(cfg, colours_of, bots, glasses, owner, gens, opts, scratch,
                  stats[g], counters[g])  # fmt: skip
