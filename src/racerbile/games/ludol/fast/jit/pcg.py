# mypy: disallow-untyped-defs=False
"""NumPy's seeding and PCG64 generator, compiled, so the kernel draws its own numbers.

The reference runner throws game ``i``'s dice from ``default_rng(game_seed(s, i))``
(one double per throw) and a bot draws ``integers(n)`` from ``default_rng([s, i,
seat])`` (:mod:`racerbile.sim.runner`). Seeding and drawing in Python would cost more
than playing the game, so the kernel does both itself, bit for bit: NumPy's
``SeedSequence`` (O'Neill's seed_seq hash over 32-bit words, pool of four), ``PCG64``
(128-bit LCG, XSL-RR output), its doubles ``(next >> 11) * 2**-53``, its buffered
32-bit draws (the high half of a 64-bit output is kept for the next call) and
``integers``' Lemire rejection on them. A test compares every stream with NumPy's.

A generator is a ``uint64[6]``: state (high, low), increment (high, low), whether a
32-bit half is kept, and that half.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_U = np.uint64
M32 = _U(0xFFFFFFFF)
INIT_A, MULT_A = _U(0x43B0D7E5), _U(0x931E8875)
INIT_B, MULT_B = _U(0x8B51F9DD), _U(0x58F38DED)
MIX_MULT_L, MIX_MULT_R = _U(0xCA01F9DD), _U(0x4973F715)
XSHIFT = _U(16)
POOL = 4
PCG_MULT_HIGH, PCG_MULT_LOW = _U(2549297995355413924), _U(4865540595714422341)
GEN_SIZE = 6
MAX_WORDS = 8  # 32-bit words of entropy: up to four 64-bit integers
_HIGH, _LOW, _INC_HIGH, _INC_LOW, _HAS32, _HALF = 0, 1, 2, 3, 4, 5


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


@njit(cache=True)
def entropy_words(values, n_values, words):
    """Writes the 32-bit words of the integers ``values[:n_values]`` (uint64) into
    ``words`` as ``SeedSequence`` reads a list of them (0 is one word); returns how many."""
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


@njit(cache=True)
def seed_state(words, n_words, out):
    """Fills ``out`` (uint64) with ``SeedSequence(entropy).generate_state(len(out),
    np.uint64)`` for the entropy given as 32-bit ``words[:n_words]``."""
    pool = np.zeros(POOL, np.uint64)
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


@njit(cache=True, inline="always")
def _step(gen):
    """One LCG step of ``gen``'s state modulo 2**128."""
    high, low = _mul64(gen[_LOW], PCG_MULT_LOW)
    high += gen[_HIGH] * PCG_MULT_LOW + gen[_LOW] * PCG_MULT_HIGH
    new_low = low + gen[_INC_LOW]
    carry = _U(1) if new_low < low else _U(0)
    gen[_HIGH] = high + gen[_INC_HIGH] + carry
    gen[_LOW] = new_low


@njit(cache=True)
def seed_generator(key, words, gen):
    """Sets ``gen`` to ``np.random.default_rng(list(key))`` (``words``: room for the
    entropy)."""
    val = np.zeros(4, np.uint64)
    seed_state(words, entropy_words(key, key.shape[0], words), val)
    gen[_HIGH], gen[_LOW] = _U(0), _U(0)
    gen[_INC_HIGH] = (val[2] << _U(1)) | (val[3] >> _U(63))
    gen[_INC_LOW] = (val[3] << _U(1)) | _U(1)
    _step(gen)
    low = gen[_LOW] + val[1]
    gen[_HIGH] = gen[_HIGH] + val[0] + (_U(1) if low < gen[_LOW] else _U(0))
    gen[_LOW] = low
    _step(gen)
    gen[_HAS32], gen[_HALF] = _U(0), _U(0)


@njit(cache=True, inline="always")
def next64(gen):
    """The generator's next 64-bit output."""
    _step(gen)
    high = gen[_HIGH]
    xored = high ^ gen[_LOW]
    rot = high >> _U(58)
    return (xored >> rot) | (xored << ((_U(64) - rot) & _U(63)))


@njit(cache=True, inline="always")
def next_double(gen):
    """``Generator.random()``: a double in [0, 1)."""
    return float(next64(gen) >> _U(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True, inline="always")
def _next32(gen):
    """PCG64's 32-bit draw: the low half of a fresh output, its high half next time."""
    if gen[_HAS32]:
        gen[_HAS32] = _U(0)
        return gen[_HALF]
    value = next64(gen)
    gen[_HAS32], gen[_HALF] = _U(1), value >> _U(32)
    return value & M32


@njit(cache=True)
def integers(gen, n):
    """``Generator.integers(n)`` for 1 <= n < 2**32 (n = 1 draws nothing)."""
    if n <= 1:
        return np.int64(0)
    span = _U(n)
    m = _next32(gen) * span
    leftover = m & M32
    if leftover < span:
        threshold = ((M32 + _U(1)) - span) % span
        while leftover < threshold:
            m = _next32(gen) * span
            leftover = m & M32
    return np.int64(m >> _U(32))


@njit(cache=True)
def game_seed(key, words):
    """``runner.game_seed``: ``SeedSequence(list(key)).generate_state(1)[0]`` for the
    key (master seed, game index)."""
    out = np.zeros(1, np.uint64)
    seed_state(words, entropy_words(key, key.shape[0], words), out)
    return out[0]
