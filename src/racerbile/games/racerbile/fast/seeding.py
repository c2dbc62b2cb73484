# mypy: disallow-untyped-defs=False
"""NumPy's seeding and PCG64 doubles, compiled, so a race draws its own dice.

The reference engine draws game ``i``'s dice from ``default_rng(game_seed(s, i))``
and a random bot's choices from ``default_rng([s, i, seat])`` (:mod:`..runner`).
Doing that in Python costs about as much as playing the game in the kernel, and it
holds the GIL, so the kernel draws the same doubles itself, each when it is needed:
NumPy's ``SeedSequence`` (O'Neill's seed_seq hash over 32-bit words, pool of four)
and ``PCG64`` (128-bit LCG, XSL-RR output, ``(next >> 11) * 2**-53`` per double),
bit for bit; a test compares them with NumPy's own generators.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .entrypoints import entry

_U = np.uint64
M32 = _U(0xFFFFFFFF)
INIT_A, MULT_A = _U(0x43B0D7E5), _U(0x931E8875)
INIT_B, MULT_B = _U(0x8B51F9DD), _U(0x58F38DED)
MIX_MULT_L, MIX_MULT_R = _U(0xCA01F9DD), _U(0x4973F715)
XSHIFT = _U(16)
POOL = 4
PCG_MULT_HIGH, PCG_MULT_LOW = _U(2549297995355413924), _U(4865540595714422341)
MAX_WORDS = 16  # 32-bit words of entropy (up to eight 64-bit integers)
# Seeding allocates nothing (the race runs without reference counting): its callers
# pass ``words`` uint64[MAX_WORDS] and ``room`` uint64[ROOM], a game's key and seed
# (0-3), a generator's state words (4-7) and the hash pool (8-11).
ROOM = 12


@njit(cache=True, inline="always")
def _hashmix(value, hash_const):
    """``SeedSequence``'s hashmix on 32-bit words; returns (value, next hash constant)."""
    value = (value ^ hash_const) & M32
    hash_const = (hash_const * MULT_A) & M32
    value = (value * hash_const) & M32
    value ^= value >> XSHIFT
    return value, hash_const


@njit(cache=True, inline="always")
def _mix(x, y):
    """``SeedSequence``'s mix of two 32-bit words (wrapping arithmetic)."""
    result = (MIX_MULT_L * x - MIX_MULT_R * y) & M32
    return result ^ (result >> XSHIFT)


@entry
def entropy_words(values, n_values, words) -> int:
    """Writes the 32-bit words of the integers ``values[:n_values]`` (uint64) into
    ``words`` as ``SeedSequence`` reads them (0 is one word); returns how many."""
    n = 0
    for i in range(n_values):
        v = values[i]
        if v == 0:
            words[n] = _U(0)
            n += 1
        while v > 0:
            words[n] = v & M32
            v >>= _U(32)
            n += 1
    return n


@entry
def seed_state(words, n_words, out, pool) -> None:
    """Fills ``out`` (uint64) with ``SeedSequence(entropy).generate_state(len(out),
    np.uint64)`` for the entropy given as 32-bit ``words[:n_words]`` (``pool`` is room
    for POOL words)."""
    hash_const = INIT_A
    for i in range(POOL):
        value = words[i] if i < n_words else _U(0)
        pool[i], hash_const = _hashmix(value, hash_const)
    for i_src in range(POOL):
        for i_dst in range(POOL):
            if i_src != i_dst:
                mixed, hash_const = _hashmix(pool[i_src], hash_const)
                pool[i_dst] = _mix(pool[i_dst], mixed)
    for i_src in range(POOL, n_words):
        for i_dst in range(POOL):
            mixed, hash_const = _hashmix(words[i_src], hash_const)
            pool[i_dst] = _mix(pool[i_dst], mixed)
    hash_const = INIT_B
    for i in range(2 * out.shape[0]):  # 32-bit words, little-endian pairs per uint64
        value = (pool[i % POOL] ^ hash_const) & M32
        hash_const = (hash_const * MULT_B) & M32
        value = (value * hash_const) & M32
        value ^= value >> XSHIFT
        if i % 2 == 0:
            out[i // 2] = value
        else:
            out[i // 2] |= value << _U(32)


@njit(cache=True, inline="always")
def _mul64(a, b):
    """The 128-bit product of two 64-bit words as (high, low)."""
    a0, a1, b0, b1 = a & M32, a >> _U(32), b & M32, b >> _U(32)
    p00, p01, p10, p11 = a0 * b0, a0 * b1, a1 * b0, a1 * b1
    mid = (p00 >> _U(32)) + (p01 & M32) + (p10 & M32)
    low = (p00 & M32) | (mid << _U(32))
    high = p11 + (p01 >> _U(32)) + (p10 >> _U(32)) + (mid >> _U(32))
    return high, low


_TO_DOUBLE = 1.0 / 9007199254740992.0  # 2**-53


@njit(cache=True, inline="always")
def _advance(high, low, inc_high, inc_low):
    """One step of PCG64's 128-bit LCG on (high, low) words."""
    mul_high, mul_low = _mul64(low, PCG_MULT_LOW)
    mul_high += high * PCG_MULT_LOW + low * PCG_MULT_HIGH
    new_low = mul_low + inc_low
    carry = _U(1) if new_low < mul_low else _U(0)
    return mul_high + inc_high + carry, new_low


@njit(cache=True, inline="always")
def _output(high, low) -> float:
    """PCG64's XSL-RR output of a state as NumPy's double in [0, 1)."""
    xored = high ^ low
    rot = high >> _U(58)
    value = (xored >> rot) | (xored << ((_U(64) - rot) & _U(63)))
    return float(value >> _U(11)) * _TO_DOUBLE


@entry
def pcg64_start(words, n_words, states, row, room) -> None:
    """Seeds generator ``states[row]`` (uint64: high, low, increment high, increment
    low) as ``np.random.default_rng(entropy)`` for the entropy in 32-bit
    ``words[:n_words]`` (``room``: see ROOM)."""
    val = room[4:8]
    seed_state(words, n_words, val, room[8:12])
    inc_high = (val[2] << _U(1)) | (val[3] >> _U(63))
    inc_low = (val[3] << _U(1)) | _U(1)
    high, low = _advance(_U(0), _U(0), inc_high, inc_low)
    new_low = low + val[1]
    high = high + val[0] + (_U(1) if new_low < low else _U(0))
    high, low = _advance(high, new_low, inc_high, inc_low)
    states[row, 0], states[row, 1] = high, low
    states[row, 2], states[row, 3] = inc_high, inc_low


@njit(cache=True, inline="always")
def pcg64_next(states, row) -> float:
    """Generator ``states[row]``'s next double (``Generator.random()``), read and
    written in place (a row view would count a reference)."""
    high, low = _advance(states[row, 0], states[row, 1], states[row, 2], states[row, 3])
    states[row, 0], states[row, 1] = high, low
    return _output(high, low)


@entry
def seed_game(master, index, bots, random_code, words, rngs, room) -> np.uint64:
    """Seeds game ``index``'s generators as the reference runner seeds them: the
    random bots' in ``rngs[seat]``, the dice's in the last row (``words`` and ``room``:
    see ROOM); returns the game's dice seed. The counts are int64 values, not
    literals: one compiled ``entropy_words``."""
    key, seed = room[0:3], room[3:4]
    key[0], key[1] = master, index
    seed_state(words, entropy_words(key, np.int64(2), words), seed, room[8:12])  # game_seed
    pcg64_start(words, entropy_words(seed, np.int64(1), words), rngs, rngs.shape[0] - 1, room)
    for seat in range(bots.shape[0]):
        if bots[seat] == random_code:  # runner.bot_rng
            key[2] = seat
            pcg64_start(words, entropy_words(key, np.int64(3), words), rngs, seat, room)
    return seed[0]
