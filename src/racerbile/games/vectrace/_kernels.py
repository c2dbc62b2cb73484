"""Numba kernels of the Vectrace solver: move classification, distance fields, A*.

All work on the flat arrays of :class:`~.solver.Tables`; the square walks come in
precomputed (``offx``/``offy``/``tnum``/``tden`` per displacement row) from the exact
:func:`~.geometry.walk_offsets`, so the kernels do integer work only.

:func:`astar` is the forward search. It classifies a move only when it expands it,
and skips the walk when the distance fields prove it safe and line-free: every square
of the walk of ``d`` lies within Chebyshev distance ``max(|dx|, |dy|)`` of the start.
Its bound ``h`` (fewest moves left, at least) reads ``hcap[D, speed]``, with ``D`` the
8-connected distance over the track to the next line. It is consistent: the walk
holds a king-move chain of ``max(|dx|, |dy|)`` on-track squares from start to end
(one square per column or row, along the long axis), and reaches a square it enters
in at most one more king move from that chain, so ``D`` falls by at most the speed
of a move, plus one on the move that reaches the line.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def classify(on, line, cells, wp, per_lap, n_q, offx, offy, offlen):  # type: ignore[no-untyped-def]
    """Returns ``result[q, d, k]`` (-1 crash, new progress, ``n_q`` finish) and the
    finishing walk step ``step[q, d, k]``."""
    nd = offx.shape[0]
    npos = cells.shape[0]
    result = np.full((n_q, nd, npos), -1, dtype=np.int16)
    step = np.full((n_q, nd, npos), -1, dtype=np.int8)
    for di in range(nd):
        for q0 in range(n_q):
            for kk in range(npos):
                q = q0
                c0 = cells[kk]
                alive = True
                fin = -1
                for i in range(offlen[di]):
                    c = c0 + offx[di, i] + offy[di, i] * wp
                    if not on[c]:
                        alive = False
                        break
                    if line[c] == q % per_lap:
                        q += 1
                        if q == n_q:
                            fin = i
                            break
                if fin >= 0:
                    result[q0, di, kk] = n_q
                    step[q0, di, kk] = fin
                elif alive:
                    result[q0, di, kk] = q
    return result, step


START = 255
"""Predecessor byte of a start state; others are ``1 + accel + 9 * lines crossed``."""


@njit(cache=True)
def grid_distance(passable, sources, wp):  # type: ignore[no-untyped-def]
    """Returns the 8-connected step distance from ``sources`` over ``passable`` squares
    of the flat grid of row width ``wp`` (-1: unreached)."""
    size = passable.shape[0]
    dist = np.full(size, -1, dtype=np.int32)
    queue = np.empty(size, dtype=np.int64)
    n = 0
    for c in range(size):
        if sources[c]:
            dist[c] = 0
            queue[n] = c
            n += 1
    head = 0
    while head < n:
        c = queue[head]
        head += 1
        x = c % wp
        for oy in range(-1, 2):
            for ox in range(-1, 2):
                nc = c + ox + oy * wp
                if 0 <= nc < size and 0 <= x + ox < wp and passable[nc] and dist[nc] < 0:
                    dist[nc] = dist[c] + 1
                    queue[n] = nc
                    n += 1
    return dist


@njit(cache=True)
def _classify(on, line, c0, q, di, walks, wp, per_lap, n_q):  # type: ignore[no-untyped-def]
    """Returns the memo byte of a move: 1 crash, ``2 + lines crossed``, ``128 + step``
    for a finish at walk step ``step``."""
    offx, offy, offlen, _, _ = walks
    q0 = q
    for i in range(offlen[di]):
        c = c0 + offx[di, i] + offy[di, i] * wp
        if not on[c]:
            return 1
        if line[c] == q % per_lap:
            q += 1
            if q == n_q:
                return 128 + i
    return 2 + q - q0


@njit(cache=True)
def _decode(code, q, n_q):  # type: ignore[no-untyped-def]
    """Returns ``(new progress, finishing step)`` of a memo byte: -1 crash, ``n_q`` finish."""
    if code == 1:
        return -1, -1
    if code >= 128:
        return n_q, code - 128
    return q + code - 2, -1


@njit(cache=True)
def _bound(dist, hcap, lap_line, k, vx, vy):  # type: ignore[no-untyped-def]
    """Returns the bound on moves left from square ``k`` at velocity ``(vx, vy)``, -1: never."""
    d = dist[lap_line, k]
    if d < 0:
        return -1
    return hcap[d, max(abs(vx), abs(vy))]


@njit(cache=True)
def _push(buckets, counts, b, entry):  # type: ignore[no-untyped-def]
    """Appends ``entry`` to bucket ``b``, doubling the bucket when it is full."""
    if counts[b] == buckets[b].shape[0]:
        grown = np.empty(2 * counts[b], dtype=np.int64)
        grown[: counts[b]] = buckets[b]
        buckets[b] = grown
    buckets[b][counts[b]] = entry
    counts[b] += 1


@njit(cache=True)
def astar(  # type: ignore[no-untyped-def]
    on, line, cells, compact, wp, kx, ky, dxm, dym, per_lap, n_q, starts, walks, fields, memo
):
    """Runs A* from ``starts`` (flat state indices) with buckets by ``f = g + h``.

    ``walks`` is ``(offx, offy, offlen, tnum, tden)``, ``fields`` ``(dist, clear, hcap)``.
    A move is classified once per ``(progress, d, square)``, in the byte
    ``memo[(q * nd + d) * npos + k]`` (0: not yet; kept across searches). A
    state is closed (its predecessor byte written) when first taken from a bucket,
    which with a consistent bound is at its fewest moves. Every state that can finish
    in one move at the optimum has ``f`` equal to the fewest moves, so the first bucket
    with a finish, searched whole, holds every best finish. Returns ``(level, src,
    dx, dy, num, den, pred, error)`` as the old BFS did; ``error`` 1: a move crosses
    too many lines for the byte, 2: the bound is not consistent.
    """
    offlen, tnum, tden = walks[2], walks[3], walks[4]
    dist, clear, hcap = fields
    nvx, nvy, ndx = 2 * kx + 1, 2 * ky + 1, 2 * dxm + 1
    npos = cells.shape[0]
    pred = np.zeros(n_q * npos * nvy * nvx, dtype=np.uint8)
    ring = hcap.max() + 3  # f rises by at most 1 + max h per move
    buckets = [np.empty(256, dtype=np.int64) for _ in range(ring)]
    counts = np.zeros(ring, dtype=np.int64)
    f, pending = -1, 0
    for s in starts:
        h = _bound(
            dist,
            hcap,
            (s // (nvx * nvy * npos)) % per_lap,
            s % npos,
            (s // npos) % nvx - kx,
            (s // (npos * nvx)) % nvy - ky,
        )
        if h >= 0:
            _push(buckets, counts, h, s * 256 + START)
            pending += 1
            f = h if f < 0 else min(f, h)
    while pending > 0:
        b = f % ring
        best_src, best_num, best_den, best_dx, best_dy = -1, 0, 1, 0, 0
        while counts[b] > 0:
            counts[b] -= 1
            pending -= 1
            entry = buckets[b][counts[b]]
            s = entry // 256
            if pred[s] != 0:
                continue
            pred[s] = entry % 256
            k = s % npos
            vx = (s // npos) % nvx - kx
            vy = (s // (npos * nvx)) % nvy - ky
            q = s // (nvx * nvy * npos)
            g = f - _bound(dist, hcap, q % per_lap, k, vx, vy)
            for a in range(9):
                dx, dy = vx + a % 3 - 1, vy + a // 3 - 1
                di = (dy + dym) * ndx + (dx + dxm)
                slot = (q * offlen.shape[0] + di) * npos + k
                code = memo[slot]
                if code == 0:
                    reach = max(abs(dx), abs(dy))
                    d = dist[q % per_lap, k]
                    if clear[k] > reach and (d < 0 or d > reach + 1):
                        code = 2  # proven safe and line-free: no walk needed
                    else:
                        code = _classify(on, line, cells[k], q, di, walks, wp, per_lap, n_q)
                    memo[slot] = code
                r, st = _decode(code, q, n_q)
                if r == n_q:
                    num, den = tnum[di, st], tden[di, st]
                    if best_src < 0 or num * best_den < best_num * den:
                        best_src, best_num, best_den, best_dx, best_dy = s, num, den, dx, dy
                    continue
                if r < 0 or abs(dx) > kx or abs(dy) > ky:
                    continue
                dest = compact[cells[k] + dx + dy * wp]
                ns = ((r * nvy + dy + ky) * nvx + dx + kx) * npos + dest
                if pred[ns] != 0:
                    continue
                h = _bound(dist, hcap, r % per_lap, dest, dx, dy)
                if h < 0:
                    continue
                if r - q > 26:
                    return -1, -1, 0, 0, 0, 1, pred, 1
                f2 = g + 1 + h
                if f2 < f:
                    return -1, -1, 0, 0, 0, 1, pred, 2
                _push(buckets, counts, f2 % ring, ns * 256 + 1 + a + 9 * (r - q))
                pending += 1
        if best_src >= 0:
            return f, best_src, best_dx, best_dy, best_num, best_den, pred, 0
        f += 1
    return -1, -1, 0, 0, 0, 1, pred, 0
