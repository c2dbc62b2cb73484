"""Pictures of Ludøl's board: the cross-shaped board as SVG, empty or with a position.

The layout is the web board's (``web/geometry.js``): a 15×15 grid, colour k's yard in
the corner k quarter-turns clockwise from the top left, its start square on track
square 13·k (LD-BOARD-1), its home column from the edge towards the goal. Glasses
carry their colour's letter; a stack shows its count in a round badge, a block
(LD-BLOCK-1) a square badge and a dashed frame. ``racerbile ludol-board`` (:mod:`.cli`) writes one.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from pydantic import ValidationError

from ...engine.errors import InvalidAction
from .notation import parse_state
from .setup import LETTERS, PROFILES, LudolSetup, configure
from .state import GOAL, LAST_TRACK, REMOVED, STRIDE, YARD, State, track_square

SIZE = 15
U = 40  # pixels per cell
FILL = ("#D64541", "#2E9E5B", "#F2C230", "#2F6FD6")
SOFT = ("#F3C2C0", "#BFE6CD", "#FBEAB0", "#C3D6F5")
INK = ("#7A1A17", "#14532D", "#7A5A00", "#15346B")
UNUSED = "#D6D3CB"
QUARTER = (
    *((x, 6) for x in range(1, 6)),
    *((6, y) for y in range(5, -1, -1)),
    (7, 0),
    (8, 0),
)
"""Colour A's start square and the twelve track squares after it (cells x, y)."""

Point = tuple[float, float]


def turn_cell(cell: tuple[int, int], times: int) -> tuple[int, int]:
    """Returns a cell turned a quarter clockwise about the centre, ``times`` times."""
    x, y = cell
    for _ in range(times % 4):
        x, y = SIZE - 1 - y, x
    return x, y


def turn_point(point: Point, times: int) -> Point:
    """Returns a point (in cell units) turned a quarter clockwise, ``times`` times."""
    x, y = point
    for _ in range(times % 4):
        x, y = SIZE - y, x
    return x, y


LOOP = tuple(turn_cell(c, k) for k in range(4) for c in QUARTER)
"""The 52 shared-track cells by track square."""


def spot(colour: int, progress: int, glass: int = 0) -> Point:
    """Returns the centre (in cell units) of a glass of ``colour`` at ``progress``."""
    if progress == YARD:
        return turn_point(((2.25, 3.75)[glass % 2], (2.25, 3.75)[glass // 2 % 2]), colour)
    if progress == GOAL:
        return turn_point((6.6, 7.5), colour)
    if progress <= LAST_TRACK:
        x, y = LOOP[track_square(colour, progress)]
    else:
        x, y = turn_cell((progress - LAST_TRACK, 7), colour)
    return x + 0.5, y + 0.5


def _rect(x: float, y: float, w: float, h: float, fill: str, extra: str = "") -> str:
    size = f'width="{w * U:g}" height="{h * U:g}"'
    return f'<rect x="{x * U:g}" y="{y * U:g}" {size} fill="{fill}" {extra}/>'


def _ink(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#1C1917" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#FFFFFF"


def _board(colours: int) -> list[str]:
    out = [_rect(0, 0, SIZE, SIZE, "#F6F1E4", 'rx="16"')]
    line = 'stroke="#8D8372" stroke-width="1.2"'
    for k in range(4):
        x0, y0 = turn_point((0, 0), k)
        x1, y1 = turn_point((6, 6), k)
        x, y = min(x0, x1), min(y0, y1)
        yard = FILL[k] if k < colours else UNUSED
        out.append(_rect(x + 0.05, y + 0.05, 5.9, 5.9, yard, 'rx="20"'))
        out.append(_rect(x + 1, y + 1, 4, 4, "#FFFDF7", 'rx="16"'))
        ring = FILL[k] if k < colours else "#BBBBBB"
        for g in range(4):
            sx, sy = spot(k, YARD, g)
            out.append(
                f'<circle cx="{sx * U:g}" cy="{sy * U:g}" r="{U * 0.55:g}" fill="none" '
                f'stroke="{ring}" stroke-width="3" opacity="0.6"/>'
            )
        if k < colours:
            lx, ly = turn_point((0.55, 0.62), k)
            out.append(_text(lx, ly, LETTERS[k], 24, _ink(FILL[k])))
    for square, (x, y) in enumerate(LOOP):
        owner = square // STRIDE
        start = square % STRIDE == 0 and owner < colours
        out.append(_rect(x, y, 1, 1, FILL[owner] if start else "#FFFDF7", line))
        if start:
            out.append(_shield(x + 0.5, y + 0.5, _ink(FILL[owner])))
    for k in range(4):
        for p in range(LAST_TRACK + 1, GOAL):
            x, y = turn_cell((p - LAST_TRACK, 7), k)
            out.append(_rect(x, y, 1, 1, SOFT[k] if k < colours else "#FFFDF7", line))
    corners = ((6, 6), (9, 6), (9, 9), (6, 9))
    for k, (a, b) in enumerate(((3, 0), (0, 1), (1, 2), (2, 3))):
        pts = " ".join(f"{px * U:g},{py * U:g}" for px, py in (corners[a], corners[b], (7.5, 7.5)))
        fill = FILL[k] if k < colours else UNUSED
        out.append(f'<polygon points="{pts}" fill="{fill}" stroke="#FFFDF7" stroke-width="2"/>')
    return out


def _shield(cx: float, cy: float, ink: str) -> str:
    """The start square's mark: a shield, for its immunity (LD-HIT-2)."""
    s = 0.3
    pts = ((0, -s), (s, -s * 0.6), (s * 0.8, s * 0.5), (0, s), (-s * 0.8, s * 0.5), (-s, -s * 0.6))
    d = " ".join(f"{(cx + dx) * U:.1f},{(cy + dy) * U:.1f}" for dx, dy in pts)
    return f'<polygon points="{d}" fill="none" stroke="{ink}" stroke-width="2.4"/>'


def _text(x: float, y: float, text: str, size: float, fill: str) -> str:
    return (
        f'<text x="{x * U:g}" y="{y * U:g}" font-size="{size:g}" fill="{fill}" '
        f'font-family="sans-serif" font-weight="800" text-anchor="middle" '
        f'dominant-baseline="middle">{escape(text)}</text>'
    )


def _glass(colour: int, centre: Point, count: int, block: bool, scale: float) -> list[str]:
    cx, cy = centre[0] * U, centre[1] * U
    s = U * 0.36 * scale
    body = (
        f"M{cx - s * 0.78:.1f},{cy - s * 0.7:.1f} L{cx + s * 0.78:.1f},{cy - s * 0.7:.1f} "
        f"L{cx + s * 0.58:.1f},{cy + s:.1f} L{cx - s * 0.58:.1f},{cy + s:.1f} Z"
    )
    out = []
    if block:
        out.append(
            f'<rect x="{cx - U * 0.48:.1f}" y="{cy - U * 0.48:.1f}" width="{U * 0.96:g}" '
            f'height="{U * 0.96:g}" rx="5" fill="none" stroke="{INK[colour]}" '
            f'stroke-width="4" stroke-dasharray="7 3"/>'
        )
    out.append(f'<path d="{body}" fill="{FILL[colour]}" stroke="{INK[colour]}" stroke-width="2"/>')
    out.append(_text(cx / U, (cy + s * 0.2) / U, LETTERS[colour], s * 1.05, _ink(FILL[colour])))
    if count > 1:
        bx, by, r = cx + s * 0.95, cy - s * 0.95, s * 0.52
        badge = "#7F1D1D" if block else "#1C1917"
        if block:
            side = f'width="{2 * r:.1f}" height="{2 * r:.1f}"'
            shape = f'<rect x="{bx - r:.1f}" y="{by - r:.1f}" {side} rx="2"'
        else:
            shape = f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="{r:.1f}"'
        out.append(f'{shape} fill="{badge}" stroke="#FFFDF7" stroke-width="2"/>')
        out.append(_text(bx / U, by / U, str(count), r * 1.2, "#FFFFFF"))
    return out


def _glasses(glasses: Sequence[Sequence[int]], block_sizes: frozenset[int]) -> list[str]:
    groups: dict[tuple[str, int], dict[int, list[tuple[int, int]]]] = {}
    for k, own in enumerate(glasses):
        for i, p in enumerate(own):
            if p != REMOVED:  # every yard glass has a spot of its own
                key = ("y" + LETTERS[k], i) if p == YARD else _place(k, p)
                groups.setdefault(key, {}).setdefault(k, []).append((p, i))
    out: list[str] = []
    for by_colour in groups.values():
        n = len(by_colour)  # colours sharing a square (an immune start square)
        for j, (k, stack) in enumerate(sorted(by_colour.items())):
            p, first = stack[0]
            x, y = spot(k, p, first)
            centre = (x + (j - (n - 1) / 2) * 0.42, y)
            block = 0 <= p <= LAST_TRACK and len(stack) in block_sizes
            out += _glass(k, centre, len(stack), block, 0.72 if n > 1 else 1.0)
    return out


def _place(colour: int, p: int) -> tuple[str, int]:
    if p == GOAL:
        return ("g" + LETTERS[colour], 0)
    if p <= LAST_TRACK:
        return ("t", track_square(colour, p))
    return ("c" + LETTERS[colour], p)


def board_svg(
    glasses: Sequence[Sequence[int]] | None = None,
    colours: int = 4,
    block_sizes: frozenset[int] = frozenset({2, 4}),
    title: str = "Ludøl",
) -> str:
    """Returns the board as SVG: ``colours`` in play, with ``glasses`` (per colour, the
    progress of each glass) drawn on it when given."""
    body = _board(colours)
    if glasses is not None:
        body += _glasses(glasses, block_sizes)
    side = SIZE * U
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
        f'width="{side}" height="{side}"><title>{escape(title)}</title>{"".join(body)}</svg>'
    )


def position_svg(text: str) -> str:
    """Returns the picture of a position written in the state notation (the view's
    ``notation``, e.g. ``ludol play turn3 A c0 a1 t- | A0=10,y,y,y B1=15,15,y,g``);
    raises InvalidAction naming what does not read."""
    state = _parse_position(text)
    profile = state.config.profile
    return board_svg(state.glasses, state.colours, profile.block_sizes, title=text)


def _parse_position(text: str) -> State:
    words = text.split()
    profile = words[0] if words else ""
    if profile not in PROFILES:
        raise InvalidAction(f"position: starts with the rule profile ({', '.join(PROFILES)})")
    fields = [f.strip() for f in text.split("|")]
    if len(fields) < 2 or "=" not in fields[1]:
        raise InvalidAction("position: the glasses follow the first '|', e.g. 'A0=10,y,y,y'")
    owners = [item.partition("=")[0][1:] for item in fields[1].split()]
    if not all(o.isdigit() for o in owners):
        raise InvalidAction(f"position: cannot read the colours {fields[1]!r}")
    seats = [int(o) for o in owners]
    count = max(seats) + 1
    if sorted(set(seats)) != list(range(count)) or count < 2:
        raise InvalidAction("position: participants are numbered 0, 1, … and at least two play")
    players = [{"name": str(p + 1), "colours": seats.count(p)} for p in range(count)]
    try:
        setup = LudolSetup.model_validate({"players": players, "profile": profile})
    except ValidationError as exc:
        raise InvalidAction(f"position: {exc.errors()[0]['msg']}") from None
    return parse_state(text, configure(setup))


def png_from_svg(svg: str) -> bytes:
    """Returns a PNG picture of an SVG document (via cairosvg)."""
    import cairosvg

    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    return png
