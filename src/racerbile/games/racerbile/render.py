"""Drawing a Racerbile track (and caps on it) as SVG, in the colours of racerbile-tracks.md §4.3.

Pure: :func:`render_svg` returns text and does no I/O. Every track cell is exactly one
element carrying ``data-cell="q,r"`` and ``data-kind``, so a web page can find a cell
with ``[data-cell="3,-2"]``; symbols, lines and labels are separate elements without
``data-cell``. Coordinates are rounded to two decimals so the output is stable.
The rules never read anything drawn here (orientation, size, colours).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import Any, TypeAlias

from ...hexgrid import DIRECTIONS, Hex, corners, edge_corners, to_pixel
from .track import CellKind, Track

Cap: TypeAlias = tuple[Hex, int, str, str, bool]
"""A cap to draw: ``(cell, seat, label, colour, flipped)``.

Caps on one cell are drawn in list order as a stack: the first one listed for a cell
is the top cap (the first to arrive, RB-CELL-6), drawn last and centred; each later
one is offset diagonally below it. ``flipped`` draws a blocking cap's underside.
"""

Point: TypeAlias = tuple[float, float]

OVERLAYS = frozenset({"distance", "coords"})

DEFAULT_STYLE: Mapping[str, str] = {
    "normal": "#F2C230",
    "downshift": "#1B2F6E",
    "block": "#C62828",
    "midway": "#F2C230",
    "pit": "#D9C27A",
    "outline": "#3B3B3B",
    "grass": "#2E6B3A",
    "kerb": "#ECE6D6",
    "wall": "#1A1A1A",
    "ink": "#1E1E1E",
    "symbol": "#FFFFFF",
    "flipped": "#9E9E9E",
}

_FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"


def _n(value: float) -> str:
    """Formats a coordinate with at most two decimals and no ``-0``."""
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _pts(points: Iterable[Point]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def render_svg(
    track: Track,
    state: Any = None,
    *,
    show: frozenset[str] = frozenset(),
    size: float = 30.0,
    caps: Sequence[Cap] | None = None,
    title: bool = True,
) -> str:
    """Returns an SVG picture of ``track``.

    ``show`` adds debug overlays: ``"distance"`` (each cell's distance to the line,
    RB-TRACK-6) and ``"coords"`` (axial ``q,r``). ``caps`` are drawn on top (see
    :data:`Cap`). ``state`` is optional: when ``caps`` is None and the state has a
    ``render_caps()`` method returning a list of :data:`Cap`, those caps are drawn,
    so the rules can pass a state without this module depending on them.
    Raises ValueError for an unknown overlay name.
    """
    unknown = set(show) - OVERLAYS
    if unknown:
        raise ValueError(
            f"unknown overlay {sorted(unknown)[0]!r}; choose from {', '.join(sorted(OVERLAYS))}"
        )
    if caps is None and state is not None and callable(getattr(state, "render_caps", None)):
        caps = state.render_caps()
    return _Renderer(track, size, title).svg(show, caps or ())


class _Renderer:
    """Holds the geometry of one drawing; each method returns SVG element strings."""

    def __init__(self, track: Track, size: float, title: bool):
        self.track = track
        self.size = size
        self.style = {**DEFAULT_STYLE, **track.style}
        self.title = title
        self.marks_aside = False
        xs, ys = [], []
        for cell in track.cells:
            for x, y in corners(cell, size, track.orientation):
                xs.append(x)
                ys.append(y)
        margin = size * 1.4
        top = size * 1.6 if title else 0.0
        self.ox = margin - min(xs)
        self.oy = margin + top - min(ys)
        self.width = max(xs) - min(xs) + 2 * margin
        self.height = max(ys) - min(ys) + 2 * margin + top

    # -- geometry -------------------------------------------------------------------

    def centre(self, h: Hex) -> Point:
        x, y = to_pixel(h, self.size, self.track.orientation)
        return x + self.ox, y + self.oy

    def corners(self, h: Hex) -> list[Point]:
        return [
            (x + self.ox, y + self.oy) for x, y in corners(h, self.size, self.track.orientation)
        ]

    def edge(self, h: Hex, d: int) -> tuple[Point, Point]:
        a, b = edge_corners(h, d, self.size, self.track.orientation)
        return (a[0] + self.ox, a[1] + self.oy), (b[0] + self.ox, b[1] + self.oy)

    def unit(self, d: int) -> Point:
        """Returns the screen unit vector of direction ``d``."""
        x, y = to_pixel(Hex(*DIRECTIONS[d % 6]), 1.0, self.track.orientation)
        length = math.hypot(x, y)
        return x / length, y / length

    # -- the picture ----------------------------------------------------------------

    def svg(self, show: frozenset[str], caps: Sequence[Cap]) -> str:
        layers: list[Callable[[], list[str]]] = [
            self.background,
            self.cells,
            self.symbols,
            self.grid_slots,
            self.finish_line,
            self.walls,
            self.arrows,
            self.decorations,
        ]
        # With overlays the cell's own markings move to its top edge, small, so the
        # overlay labels in the middle never cover them.
        self.marks_aside = bool(show)
        body = [line for layer in layers for line in layer()]
        body += self.overlays(show)
        body += self.caps(caps)
        if self.title:
            body += self.heading()
        name = escape(self.track.name)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(self.width)}" '
            f'height="{_n(self.height)}" viewBox="0 0 {_n(self.width)} {_n(self.height)}" '
            f'data-track="{escape(self.track.id)}" font-family="{_FONT}">'
        )
        return "\n".join([head, f"<title>{name}</title>", *body, "</svg>"]) + "\n"

    def background(self) -> list[str]:
        """The grass, and a light kerb round the whole track (every cell drawn fat)."""
        out = [
            f'<rect x="0" y="0" width="{_n(self.width)}" height="{_n(self.height)}" '
            f'fill="{self.style["grass"]}"/>',
            f'<g fill="{self.style["kerb"]}" stroke="{self.style["kerb"]}" '
            f'stroke-width="{_n(self.size * 0.45)}" stroke-linejoin="round">',
        ]
        out += [f'<polygon points="{_pts(self.corners(c))}"/>' for c in self.sorted_cells()]
        out.append("</g>")
        return out

    def sorted_cells(self) -> list[Hex]:
        return sorted(self.track.cells, key=lambda h: (h.r, h.q))

    def fill(self, cell: Hex) -> str:
        kind = self.track.cells[cell]
        pit = self.track.pit
        if pit is not None and cell in pit.cells and kind in (CellKind.normal, CellKind.midway):
            return self.style["pit"]
        return self.style[kind.value]

    def cells(self) -> list[str]:
        """One polygon per cell, with ``data-cell`` and ``data-kind``."""
        out = [
            f'<g stroke="{self.style["outline"]}" stroke-width="{_n(self.size * 0.06)}" '
            'stroke-linejoin="round">'
        ]
        pit = self.track.pit.cells if self.track.pit else frozenset()
        for cell in self.sorted_cells():
            extra = ""
            tags = sorted(self.track.tags.get(cell, frozenset()))
            if tags:
                extra += f' data-tags="{escape(" ".join(tags))}"'
            if cell in pit:
                extra += ' data-pit="true"'
            out.append(
                f'<polygon data-cell="{cell}" data-kind="{self.track.cells[cell].value}"{extra} '
                f'points="{_pts(self.corners(cell))}" fill="{self.fill(cell)}"/>'
            )
        out.append("</g>")
        return out

    def text(self, at: Point, label: str, font: float, fill: str, *, halo: str = "") -> list[str]:
        """A centred label; ``halo`` draws a contrasting outline under it first."""
        x, y = at[0], at[1] + font * 0.36
        common = (
            f'x="{_n(x)}" y="{_n(y)}" font-size="{_n(font)}" font-weight="bold" '
            'text-anchor="middle"'
        )
        out = []
        if halo:
            out.append(
                f'<text {common} fill="{halo}" stroke="{halo}" '
                f'stroke-width="{_n(font * 0.22)}" stroke-linejoin="round">{escape(label)}</text>'
            )
        out.append(f'<text {common} fill="{fill}">{escape(label)}</text>')
        return out

    @staticmethod
    def mark(name: str, elements: list[str]) -> list[str]:
        """Groups a cell marking's elements under ``data-mark`` (pictures and tests find it)."""
        return [f'<g data-mark="{name}">', *elements, "</g>"]

    def symbols(self) -> list[str]:
        """RB-TRACK-2 markings: "1" on downshift, a star on block, midway stripe, "42"."""
        out: list[str] = []
        s = self.size
        scale = 0.4 if self.marks_aside else 1.0
        for cell in self.sorted_cells():
            kind = self.track.cells[cell]
            cx, cy = self.centre(cell)
            c = (cx, cy - s * 0.58) if self.marks_aside else (cx, cy)
            if kind == CellKind.downshift:
                one = self.text(c, "1", s * 0.95 * scale, self.style["symbol"])
                out += self.mark("downshift", one)
            elif kind == CellKind.block:
                out.append(
                    f'<polygon points="{_pts(_star(c, s * 0.55 * scale, s * 0.23 * scale))}" '
                    f'fill="{self.style["symbol"]}"/>'
                )
            elif kind == CellKind.midway:
                out.append(self.stripe(cell))
            if self.track.has_tag(cell, "fortytwo"):
                label = self.text(c, "42", s * 0.72 * scale, self.style["ink"])
                out += self.mark("fortytwo", label)
        return out

    def travel(self, cells: Iterable[Hex]) -> Point | None:
        """Returns the racing direction over ``cells`` as a screen unit vector, if known.

        The midway edges among them give it; otherwise the steps that bring each cell
        closer to the line (RB-TRACK-6).
        """
        cells = set(cells)
        dirs = [d for c, d in sorted(self.track.midway) if c in cells]
        if not dirs:
            dist = self.track.distances()
            for cell in sorted(cells):
                here = dist.get(cell)
                dirs += [d for d, n in self.track.steps(cell) if here and dist.get(n) == here - 1]
        vx = sum(self.unit(d)[0] for d in dirs)
        vy = sum(self.unit(d)[1] for d in dirs)
        length = math.hypot(vx, vy)
        return (vx / length, vy / length) if length > 1e-9 else None

    def stripe(self, cell: Hex) -> str:
        """RB-CELL-4: a black stripe through the cell, across the racing direction."""
        cx, cy = self.centre(cell)
        midway = {c for c, k in self.track.cells.items() if k == CellKind.midway}
        vx, vy = self.travel({c for c, _ in self.track.midway} or midway) or (1.0, 0.0)
        half = self.size * 0.8
        a = (cx - vy * half, cy + vx * half)
        b = (cx + vy * half, cy - vx * half)
        return (
            f'<line x1="{_n(a[0])}" y1="{_n(a[1])}" x2="{_n(b[0])}" y2="{_n(b[1])}" '
            f'stroke="{self.style["ink"]}" stroke-width="{_n(self.size * 0.2)}"/>'
        )

    def grid_slots(self) -> list[str]:
        """RB-START-2: slot numbers in small white discs, nudged back from the facing."""
        out: list[str] = []
        back, radius = (0.62, 0.2) if self.marks_aside else (0.38, 0.3)
        for i, slot in enumerate(self.track.grid, start=1):
            cx, cy = self.centre(slot.at)
            if slot.facing is not None:
                ux, uy = self.unit(slot.facing)
                cx, cy = cx - ux * self.size * back, cy - uy * self.size * back
            disc = (
                f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(self.size * radius)}" '
                f'fill="#FFFFFF" stroke="{self.style["ink"]}" '
                f'stroke-width="{_n(self.size * 0.04)}"/>'
            )
            label = self.text((cx, cy), str(i), self.size * radius * 1.2, self.style["ink"])
            out += self.mark("slot", [disc, *label])
        return out

    def finish_line(self) -> list[str]:
        """RB-TRACK-5: a two-row chequered line on every finish edge."""
        w = self.size * 0.24
        out = [f'<g data-line="finish" stroke-width="{_n(w / 2)}">']
        for cell, d in sorted(self.track.finish):
            (ax, ay), (bx, by) = self.edge(cell, d)
            ux, uy = self.unit(d)
            for side, offset in ((-1, 0.0), (1, w / 2)):
                px, py = ux * side * w / 4, uy * side * w / 4
                coords = (
                    f'x1="{_n(ax + px)}" y1="{_n(ay + py)}" x2="{_n(bx + px)}" y2="{_n(by + py)}"'
                )
                out.append(f'<line {coords} stroke="#111111"/>')
                out.append(
                    f'<line {coords} stroke="#FFFFFF" stroke-dasharray="{_n(w / 2)}" '
                    f'stroke-dashoffset="{_n(offset)}"/>'
                )
        out.append("</g>")
        return out

    def walls(self) -> list[str]:
        """RB-TRACK-8: a thick dark line along every wall."""
        out = [
            f'<g data-line="walls" stroke="{self.style["wall"]}" '
            f'stroke-width="{_n(self.size * 0.2)}" stroke-linecap="round">'
        ]
        for cell, d in sorted(self.track.walls):
            (ax, ay), (bx, by) = self.edge(cell, d)
            out.append(f'<line x1="{_n(ax)}" y1="{_n(ay)}" x2="{_n(bx)}" y2="{_n(by)}"/>')
        out.append("</g>")
        return out

    def arrows(self) -> list[str]:
        """RB-TRACK-4: a white triangle on each one-way edge, pointing the allowed way."""
        out = [
            f'<g data-line="one-way" fill="#FFFFFF" stroke="{self.style["ink"]}" '
            f'stroke-width="{_n(self.size * 0.05)}" stroke-linejoin="round">'
        ]
        s = self.size
        for cell, d in sorted(self.track.one_way):
            (ax, ay), (bx, by) = self.edge(cell, d)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            ux, uy = self.unit(d)
            tip = (mx + ux * s * 0.36, my + uy * s * 0.36)
            base = (mx - ux * s * 0.2, my - uy * s * 0.2)
            left = (base[0] - uy * s * 0.27, base[1] + ux * s * 0.27)
            right = (base[0] + uy * s * 0.27, base[1] - ux * s * 0.27)
            out.append(f'<polygon points="{_pts([tip, left, right])}"/>')
        out.append("</g>")
        return out

    def decorations(self) -> list[str]:
        """RB-LM-6: the Dunlop bridge as a translucent labelled band over its cells."""
        out: list[str] = []
        for deco in self.track.decorations:
            if deco.kind == "dunlop_bridge" and deco.over:
                out += self.bridge(deco.over)
        return out

    def bridge(self, over: Sequence[Hex]) -> list[str]:
        """A band across the track through ``over``, its pillars on the grass either side."""
        centres = [self.centre(h) for h in over]
        mx = sum(x for x, _ in centres) / len(centres)
        my = sum(y for _, y in centres) / len(centres)
        forward = self.travel(over)
        if forward is None:
            a, b = _ends(centres)
            length = math.dist(a, b) or 1.0
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        else:
            ux, uy = -forward[1], forward[0]
        reach = [(x - mx) * ux + (y - my) * uy for x, y in centres]
        ext = self.size * 2.1
        a = (mx + ux * (min(reach) - ext), my + uy * (min(reach) - ext))
        b = (mx + ux * (max(reach) + ext), my + uy * (max(reach) + ext))
        angle = math.degrees(math.atan2(uy, ux))
        if angle > 90 or angle <= -90:
            angle -= 180 if angle > 90 else -180
        w = self.size * 0.9
        out = [
            f'<g data-decoration="dunlop_bridge"><line x1="{_n(a[0])}" y1="{_n(a[1])}" '
            f'x2="{_n(b[0])}" y2="{_n(b[1])}" stroke="#FFFFFF" stroke-opacity="0.72" '
            f'stroke-width="{_n(w)}"/>'
        ]
        for end in (a, b):
            out.append(
                f'<rect x="{_n(end[0] - w * 0.35)}" y="{_n(end[1] - w * 0.35)}" '
                f'width="{_n(w * 0.7)}" height="{_n(w * 0.7)}" fill="{self.style["wall"]}"/>'
            )
        font = self.size * 0.5
        out.append(
            f'<text x="{_n(mx)}" y="{_n(my + font * 0.36)}" font-size="{_n(font)}" '
            f'font-weight="bold" text-anchor="middle" fill="{self.style["block"]}" '
            f'letter-spacing="{_n(font * 0.12)}" '
            f'transform="rotate({_n(angle)} {_n(mx)} {_n(my)})">DUNLOP</text></g>'
        )
        return out

    def overlays(self, show: frozenset[str]) -> list[str]:
        """Debug overlays: distance to the line (§3.3) and axial coordinates."""
        out: list[str] = []
        dist = self.track.distances() if "distance" in show else {}
        for cell in self.sorted_cells():
            cx, cy = self.centre(cell)
            if "distance" in show:
                label = str(dist[cell]) if cell in dist else "-"
                dy = -self.size * 0.2 if "coords" in show else 0.0
                out += self.mark(
                    "distance",
                    self.text((cx, cy + dy), label, self.size * 0.5, "#B00020", halo="#FFFFFF"),
                )
            if "coords" in show:
                dy = self.size * 0.42 if "distance" in show else 0.0
                out += self.mark(
                    "coords",
                    self.text(
                        (cx, cy + dy), str(cell), self.size * 0.3, self.style["ink"], halo="#FFFFFF"
                    ),
                )
        return out

    def caps(self, caps: Sequence[Cap]) -> list[str]:
        """Caps as discs in the player's colour; the top cap of a stack is drawn last."""
        depth: dict[Hex, int] = {}
        placed = []
        for cell, seat, label, colour, flipped in caps:
            index = depth.get(cell, 0)
            depth[cell] = index + 1
            placed.append((index, cell, seat, label, colour, flipped))
        out: list[str] = []
        r = self.size * 0.42
        for index, cell, seat, label, colour, flipped in sorted(placed, key=lambda p: -p[0]):
            cx, cy = self.centre(cell)
            cx, cy = cx + index * r * 0.5, cy + index * r * 0.5
            fill = self.style["flipped"] if flipped else colour
            dash = f' stroke-dasharray="{_n(r * 0.3)}"' if flipped else ""
            out.append(
                f'<g data-seat="{seat}" data-at="{cell}"><circle cx="{_n(cx)}" cy="{_n(cy)}" '
                f'r="{_n(r)}" fill="{escape(fill)}" stroke="#FFFFFF" '
                f'stroke-width="{_n(self.size * 0.08)}"{dash}/>'
            )
            out += self.text((cx, cy), label, r * 0.8, _contrast(fill))
            out.append("</g>")
        return out

    def heading(self) -> list[str]:
        font = self.size * 0.75
        x, y = self.size * 0.6, self.size * 0.6 + font
        return [
            f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(font)}" font-weight="bold" '
            f'fill="#FFFFFF">{escape(self.track.name)}</text>'
        ]


def _star(centre: Point, outer: float, inner: float) -> list[Point]:
    """Returns the ten points of a five-pointed star pointing up."""
    cx, cy = centre
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(-90 + 36 * i)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _ends(points: Sequence[Point]) -> tuple[Point, Point]:
    """Returns the two points farthest apart (the ends of a band through ``points``)."""
    if len(points) == 1:
        (x, y) = points[0]
        return (x - 1e-6, y), (x + 1e-6, y)
    pairs = [(a, b) for i, a in enumerate(points) for b in points[i + 1 :]]
    a, b = max(pairs, key=lambda p: math.dist(p[0], p[1]))
    return (a, b) if a[0] <= b[0] else (b, a)


def _contrast(colour: str) -> str:
    """Returns black or white, whichever reads better on ``colour`` (``#RRGGBB``)."""
    try:
        red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return "#FFFFFF"
    return "#111111" if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else "#FFFFFF"
