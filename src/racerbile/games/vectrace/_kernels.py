"""Numba kernels of the Vectrace solver: move classification and the forward BFS.

Both work on the flat arrays of :class:`~.solver.Tables`; the square walks come in
precomputed (``offx``/``offy``/``tnum``/``tden`` per displacement row) from the exact
:func:`~.geometry.walk_offsets`, so the kernels do integer work only.
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


@njit(cache=True)
def bfs(result, fstep, cells, compact, wp, kx, ky, dxm, dym, n_q, npos, starts, tnum, tden):  # type: ignore[no-untyped-def]
    """Runs the level-synchronous BFS from ``starts`` (flat state indices).

    Returns ``(level, src, dx, dy, num, den, parent)``: the first level with a finish,
    the state it leaves from, the finishing displacement and the smallest entry
    ``t = num/den`` at that level; ``level`` is -1 when no finish is reachable.
    """
    nvx = 2 * kx + 1
    nvy = 2 * ky + 1
    ndx = 2 * dxm + 1
    size = n_q * npos * nvy * nvx
    visited = np.zeros(size, dtype=np.bool_)
    parent = np.full(size, -1, dtype=np.int64)
    frontier = np.empty(size, dtype=np.int64)
    nxt = np.empty(size, dtype=np.int64)
    n = 0
    for s in starts:
        if not visited[s]:
            visited[s] = True
            frontier[n] = s
            n += 1
    level = 0
    while n > 0:
        level += 1
        m = 0
        best_src = -1
        best_num, best_den, best_dx, best_dy = 0, 1, 0, 0
        for i in range(n):
            s = frontier[i]
            vxi = s % nvx
            rest = s // nvx
            vyi = rest % nvy
            rest = rest // nvy
            k = rest % npos
            q = rest // npos
            vx = vxi - kx
            vy = vyi - ky
            for ay in range(-1, 2):
                for ax in range(-1, 2):
                    dx = vx + ax
                    dy = vy + ay
                    di = (dy + dym) * ndx + (dx + dxm)
                    r = result[q, di, k]
                    if r == n_q:
                        st = fstep[q, di, k]
                        num = tnum[di, st]
                        den = tden[di, st]
                        if best_src < 0 or num * best_den < best_num * den:
                            best_src, best_num, best_den, best_dx, best_dy = s, num, den, dx, dy
                    elif r >= 0 and abs(dx) <= kx and abs(dy) <= ky:
                        dest = compact[cells[k] + dx + dy * wp]
                        ns = ((r * npos + dest) * nvy + (dy + ky)) * nvx + (dx + kx)
                        if not visited[ns]:
                            visited[ns] = True
                            parent[ns] = s
                            nxt[m] = ns
                            m += 1
        if best_src >= 0:
            return level, best_src, best_dx, best_dy, best_num, best_den, parent
        frontier, nxt = nxt, frontier
        n = m
    return -1, -1, 0, 0, 0, 1, parent
