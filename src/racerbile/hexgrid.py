"""Hexagon geometry in axial coordinates (shared by Racerbile and Rallyman).

Directions are indexed 0-5 as (+1,0), (+1,-1), (0,-1), (-1,0), (-1,+1), (0,+1). With
screen y pointing down they run counter-clockwise in both pointy-top and flat-top
drawings, so index ±1 is always a 60° turn and ``(d + 3) % 6`` is the opposite.
"""

from __future__ import annotations

import math
from typing import Literal, NamedTuple

Orientation = Literal["pointy", "flat"]


class Hex(NamedTuple):
    """An axial hexagon coordinate."""

    q: int
    r: int

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    @property
    def s(self) -> int:
        """Returns the third cube coordinate (q + r + s = 0)."""
        return -self.q - self.r

    def neighbor(self, direction: int) -> Hex:
        """Returns the adjacent hex in ``direction`` (0-5)."""
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    @classmethod
    def parse(cls, text: str) -> Hex:
        """Parses ``"q,r"``; raises ValueError on anything else."""
        q, r = (int(part) for part in text.split(","))
        return cls(q, r)


DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
POINTY_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
FLAT_NAMES = ("SE", "NE", "N", "NW", "SW", "S")


def direction_names(orientation: Orientation) -> tuple[str, ...]:
    """Returns the compass names of directions 0-5 for a drawing orientation."""
    return POINTY_NAMES if orientation == "pointy" else FLAT_NAMES


def opposite(direction: int) -> int:
    """Returns the direction pointing the other way."""
    return (direction + 3) % 6


def turn(a: int, b: int) -> int:
    """Returns the signed turn from heading ``a`` to ``b`` in 60° steps, in -3..2."""
    return ((b - a + 3) % 6) - 3


def within_60(a: int, b: int) -> bool:
    """Tells whether heading ``b`` is at most a 60° turn from ``a`` (RB-TURN-4)."""
    return abs(turn(a, b)) <= 1


def direction_between(a: Hex, b: Hex) -> int | None:
    """Returns the direction from ``a`` to its neighbour ``b``, or None if not adjacent."""
    delta = (b.q - a.q, b.r - a.r)
    return DIRECTIONS.index(delta) if delta in DIRECTIONS else None


def distance(a: Hex, b: Hex) -> int:
    """Returns the number of steps between two hexes on an empty lattice."""
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def to_pixel(h: Hex, size: float, orientation: Orientation = "pointy") -> tuple[float, float]:
    """Returns the centre of ``h`` in pixels (y down) for hexes of circumradius ``size``."""
    if orientation == "pointy":
        x = size * math.sqrt(3) * (h.q + h.r / 2)
        y = size * 1.5 * h.r
    else:
        x = size * 1.5 * h.q
        y = size * math.sqrt(3) * (h.r + h.q / 2)
    return x, y


def from_pixel(x: float, y: float, size: float, orientation: Orientation = "pointy") -> Hex:
    """Returns the hex containing pixel ``(x, y)`` (the inverse of :func:`to_pixel`)."""
    if orientation == "pointy":
        q = (math.sqrt(3) / 3 * x - y / 3) / size
        r = (2 / 3 * y) / size
    else:
        q = (2 / 3 * x) / size
        r = (-x / 3 + math.sqrt(3) / 3 * y) / size
    return cube_round(q, r)


def cube_round(q: float, r: float) -> Hex:
    """Returns the hex nearest to fractional axial coordinates."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def corners(h: Hex, size: float, orientation: Orientation = "pointy") -> list[tuple[float, float]]:
    """Returns the six corner points of ``h`` in pixels."""
    cx, cy = to_pixel(h, size, orientation)
    start = 30 if orientation == "pointy" else 0
    return [
        (
            cx + size * math.cos(math.radians(start + 60 * i)),
            cy + size * math.sin(math.radians(start + 60 * i)),
        )
        for i in range(6)
    ]


def edge_corners(
    h: Hex, direction: int, size: float, orientation: Orientation = "pointy"
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Returns the two corners of the edge that ``h`` shares with its neighbour in ``direction``."""
    cx, cy = to_pixel(h, size, orientation)
    nx, ny = to_pixel(h.neighbor(direction), size, orientation)
    angle = math.atan2(ny - cy, nx - cx)
    mid = ((cx + nx) / 2, (cy + ny) / 2)
    half = size / 2
    dx, dy = -math.sin(angle) * half, math.cos(angle) * half
    return (mid[0] + dx, mid[1] + dy), (mid[0] - dx, mid[1] - dy)
