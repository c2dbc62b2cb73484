"""Vectrace pictures: the track on grid paper, with the cars' trails (pure, no I/O).

Every lattice point's square is one ``<rect data-cell="x,y">`` (VT-TRACK-2: the
track region is the union of these squares); the paper's lines run through the
points, which is where the cars stand. Each car's trail is a ``<polyline
data-seat="n">`` and its car a ``<circle data-seat="n">``.
"""

from __future__ import annotations

from html import escape

from .state import State
from .track import Track

PALETTE = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
FILLS = {"#": "#6b8e23", ".": "#ffffff", "S": "#c8f0c8", "F": "#f0c8c8"}
CHECKPOINT_FILL = "#fff3b0"


def render_svg(
    track: Track,
    state: State | None = None,
    *,
    cell: int = 12,
    coords: bool = False,
    title: bool = False,
) -> str:
    """Returns an SVG document of ``track`` and, if given, the cars of ``state``.

    ``title`` puts the track's name in a band above the paper (for pictures that
    stand alone; the board in the browser has its own heading).
    """
    band = max(24, cell * 2) if title else 0
    width, height = track.width * cell, track.height * cell + band
    name = escape(track.name or track.id)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" data-track="{escape(track.id)}">',
        f"<title>{name}</title>",
    ]
    if title:
        parts += [
            f'<rect x="0" y="0" width="{width}" height="{band}" fill="#ffffff"/>',
            f'<text x="{cell / 2}" y="{band * 0.72}" font-size="{band * 0.6}" '
            f'font-family="sans-serif" font-weight="bold" fill="#222">{name}</text>',
            f'<g transform="translate(0 {band})">',
        ]
    parts += ['<g class="cells" stroke="none">', *_cells(track, cell), "</g>", _paper(track, cell)]
    if coords:
        parts.append(_coords(track, cell))
    if state is not None:
        parts.extend(_cars(state, cell))
    if title:
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts)


def _cells(track: Track, cell: int) -> list[str]:
    out = []
    for y, row in enumerate(track.rows):
        for x, c in enumerate(row):
            fill = FILLS.get(c, CHECKPOINT_FILL)
            kind = {"#": "off", ".": "track", "S": "start", "F": "finish"}.get(c, "checkpoint")
            out.append(
                f'<rect data-cell="{x},{y}" class="{kind}" x="{x * cell}" y="{y * cell}" '
                f'width="{cell}" height="{cell}" fill="{fill}"/>'
            )
    return out


def _paper(track: Track, cell: int) -> str:
    """Returns the grid-paper lines through the lattice points."""
    half = cell / 2
    w, h = track.width * cell, track.height * cell
    lines = [f"M{x * cell + half} 0V{h}" for x in range(track.width)]
    lines += [f"M0 {y * cell + half}H{w}" for y in range(track.height)]
    return f'<path class="paper" d="{"".join(lines)}" stroke="#9ab" stroke-width="0.5"/>'


def _coords(track: Track, cell: int) -> str:
    size = max(4, cell // 2)
    labels = [
        f'<text x="{x * cell + cell / 2}" y="{size}" font-size="{size}">{x}</text>'
        for x in range(0, track.width, 5)
    ]
    labels += [
        f'<text x="0" y="{y * cell + cell / 2}" font-size="{size}">{y}</text>'
        for y in range(0, track.height, 5)
    ]
    return '<g class="coords" fill="#333">' + "".join(labels) + "</g>"


def _centre(point: tuple[int, int], cell: int) -> str:
    return f"{point[0] * cell + cell / 2},{point[1] * cell + cell / 2}"


def _cars(state: State, cell: int) -> list[str]:
    out = []
    for seat, car in enumerate(state.cars):
        colour = PALETTE[seat % len(PALETTE)]
        if len(car.trail) > 1:
            points = " ".join(_centre(p, cell) for p in car.trail)
            out.append(
                f'<polyline data-seat="{seat}" class="trail" points="{points}" fill="none" '
                f'stroke="{colour}" stroke-width="{max(1, cell // 6)}"/>'
            )
        if car.pos is not None and car.status != "waiting":
            cx, cy = _centre(car.pos, cell).split(",")
            out.append(
                f'<circle data-seat="{seat}" class="car {car.status}" cx="{cx}" cy="{cy}" '
                f'r="{cell / 3}" fill="{colour}"><title>{escape(state.names[seat])}</title>'
                "</circle>"
            )
    return out
