"""Exact segment geometry on the lattice (VT-TRACK-2, VT-MOVE-3).

Each lattice point owns the closed unit square centred on it. A move from ``p`` to
``p + d`` is the straight segment between the two centres (VT-MOVE-3); :func:`walk`
lists, in order, every square whose *interior* the segment passes through, with the
exact parameter ``t`` in (0, 1] at which it enters that square. Squares only touched
at an edge or a corner are not listed: passing exactly through a corner where two
squares meet diagonally steps straight to the diagonal square (touching the edge is
allowed, VT-MOVE-4).

The square boundaries are the half-integer lines, so the segment crosses the
vertical boundaries at ``t = (2k - 1) / (2|dx|)`` and the horizontal ones at
``t = (2m - 1) / (2|dy|)``; the two sequences are merged with integer comparisons.
No floats are involved.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

Point = tuple[int, int]


@lru_cache(maxsize=4096)
def walk_offsets(dx: int, dy: int) -> tuple[tuple[int, int, int, int], ...]:
    """Returns ``(ox, oy, num, den)`` for each square entered, relative to the start.

    ``num / den`` is the entry parameter ``t``; the last entry is ``(dx, dy, 1, 1)``
    when ``d`` is not zero (the segment ends at the centre of its last square, which it
    entered at ``t < 1``; that entry is listed with its true ``t``).
    """
    ax, ay = abs(dx), abs(dy)
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    k = m = 1
    x = y = 0
    out: list[tuple[int, int, int, int]] = []
    while k <= ax or m <= ay:
        if k <= ax and m <= ay:
            tx, ty = (2 * k - 1) * ay, (2 * m - 1) * ax
        else:
            tx, ty = (0, 1) if k <= ax else (1, 0)
        if tx <= ty:
            x += sx
            num, den = 2 * k - 1, 2 * ax
            k += 1
        if ty <= tx:
            y += sy
            num, den = 2 * m - 1, 2 * ay
            m += 1
        out.append((x, y, num, den))
    return tuple(out)


def walk(start: Point, d: Point) -> list[tuple[Point, Fraction]]:
    """Returns each square entered by the move from ``start`` by ``d``, with its exact ``t``."""
    x0, y0 = start
    return [((x0 + ox, y0 + oy), Fraction(n, q)) for ox, oy, n, q in walk_offsets(*d)]
