"""Pictures of stages and tiles as SVG text: pure functions, no I/O.

A stage is drawn tile by tile (hexagons tinted by face: green country for asphalt, white
for snow), the road as a ribbon through its spaces, then each space: plain road (white),
inside line (red ring with the maximum gear), slide line (sideways orange bar with the
one gear allowed), shortcut (brown, ``K`` + maximum gear), jumps (a ramp with the gear
value; airborne spaces dashed), verges as coloured dots (terrain, left and right), the
start and finish lines and a legend with the damage of each terrain.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ....hexgrid import Hex, corners
from .model import Rally, Space, Stage

SCALE = 190.0
TERRAIN_COLOURS = {
    "grass": "#79b94a",
    "field": "#d8c06a",
    "forest": "#2e6a35",
    "water": "#3b82c4",
    "rock": "#8d8d8d",
    "building": "#b4533c",
    "shortcut": "#8b5a2b",
}
FACE_FILL = {"asphalt": "#dfe8cf", "snow": "#f4f8fc"}
ROAD_FILL = {"asphalt": "#5a5a5a", "snow": "#aab8c6"}
TERRAIN_DAMAGE = {"grass": 0, "field": 0, "forest": 1, "water": 1, "rock": 2, "building": 2}


@dataclass(frozen=True)
class CarMark:
    """A car to draw on a space: its index (``finish`` = past the line), colour and label."""

    space: int
    colour: str
    label: str
    off_road: str | None = None  # "left" / "right" when on a verge


def render_stage_svg(
    stage: Stage, cars: Sequence[CarMark] = (), *, ids: bool = False, title: bool = True
) -> str:
    """Returns the stage as a standalone SVG document."""
    body, (x0, y0, x1, y1) = _stage_body(stage, cars, ids)
    pad, top = 40, 50 if title else 24
    width = max(x1 - x0 + 2 * pad, 780.0)
    height = y1 - y0 + pad + top + 70
    head = (
        f'<text x="{pad}" y="30" font-size="22" font-weight="bold">{escape(stage.name)}'
        f'<tspan font-size="14" font-weight="normal"> — {len(stage.spaces)} spaces, '
        f"{stage.to_finish[stage.entry]} dice to the finish</tspan></text>"
        if title
        else ""
    )
    legend = _legend(pad, height - 56)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">'
        f'<rect width="100%" height="100%" fill="#ffffff"/>{head}'
        f'<g transform="translate({pad - x0:.1f},{top - y0:.1f})">{body}</g>{legend}</svg>'
    )


def render_rally_svg(rally: Rally, *, ids: bool = False) -> str:
    """Returns every stage of a rally stacked in one SVG document."""
    parts, y, width = [], 0.0, 0.0
    for number, stage in enumerate(rally.stages, start=1):
        svg = render_stage_svg(stage, ids=ids)
        w = float(svg.split('width="', 1)[1].split('"', 1)[0])
        h = float(svg.split('height="', 1)[1].split('"', 1)[0])
        mech = "mechanics after" if rally.mechanics_after[number - 1] else "no mechanics after"
        parts.append(
            f'<text x="10" y="{y + 24:.0f}" font-size="16">SS{number} · {mech}</text>'
            f'<g data-stage="{number}" transform="translate(0,{y + 30:.0f})">{_strip(svg)}</g>'
        )
        y += h + 40
        width = max(width, w)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y:.0f}" '
        f'font-family="sans-serif"><rect width="100%" height="100%" fill="#fff"/>'
        f'<text x="10" y="0" font-size="1">{escape(rally.name)}</text>{"".join(parts)}</svg>'
    )


def _strip(svg: str) -> str:
    return svg.split(">", 1)[1].rsplit("</svg>", 1)[0]


def _px(point: tuple[float, float]) -> tuple[float, float]:
    return point[0] * SCALE, point[1] * SCALE


def _stage_body(
    stage: Stage, cars: Sequence[CarMark], ids: bool
) -> tuple[str, tuple[float, float, float, float]]:
    out: list[str] = []
    xs: list[float] = []
    ys: list[float] = []
    for place in stage.placements:
        pts = [_px(c) for c in corners(Hex(*place.at), 1.0, "pointy")]
        xs += [p[0] for p in pts]
        ys += [p[1] for p in pts]
        poly = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
        out.append(
            f'<polygon points="{poly}" fill="{FACE_FILL[place.surface]}" '
            f'stroke="#9aa58a" stroke-width="2" data-tile="{place.instance}"/>'
        )
        cx, cy = _px(_centre(place.at))
        out.append(
            f'<text class="tile-label" x="{cx:.1f}" y="{cy - 0.78 * SCALE:.1f}" font-size="11" '
            f'text-anchor="middle" fill="#6b7561">{escape(place.tile)} '
            f"{place.face} · {escape(place.name)} · {place.surface}</text>"
        )
    out += _roads(stage)
    out += _line(stage.start_edge, "start")
    out += _line(stage.finish_edge, "finish")
    for i, space in enumerate(stage.spaces):
        out += _verges(stage, i, space)
    for i, space in enumerate(stage.spaces):
        out += _space(stage, i, space, ids)
    out += _cars(stage, cars)
    return "".join(out), (min(xs), min(ys), max(xs), max(ys))


def _centre(at: tuple[int, int]) -> tuple[float, float]:
    from ....hexgrid import to_pixel

    return to_pixel(Hex(*at), 1.0, "pointy")


def heading(stage: Stage, i: int) -> tuple[float, float]:
    """Returns the unit driving direction at space ``i`` (towards its first link)."""
    here = stage.spaces[i].xy
    nxt = [lk.to for lk in stage.links[i] if lk.to < stage.finish and not lk.bailout]
    if nxt:
        there = stage.spaces[nxt[0]].xy
        dx, dy = there[0] - here[0], there[1] - here[1]
    else:
        prev = [j for j, links in enumerate(stage.links) if any(lk.to == i for lk in links)]
        back = stage.spaces[prev[0]].xy if prev else (here[0] - 1, here[1])
        dx, dy = here[0] - back[0], here[1] - back[1]
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n


def _roads(stage: Stage) -> list[str]:
    out = []
    for i, links in enumerate(stage.links):
        a = _px(stage.spaces[i].xy)
        for link in links:
            if link.to == stage.finish:
                continue
            b = _px(stage.spaces[link.to].xy)
            kinds = {stage.spaces[i].kind, stage.spaces[link.to].kind}
            if "shortcut" in kinds:
                style = 'stroke="#9c6b3c" stroke-width="12" stroke-dasharray="10 5"'
            elif link.bailout:
                style = 'stroke="#d98c2b" stroke-width="3" stroke-dasharray="4 4"'
            elif "slide" in kinds:
                style = (
                    f'stroke="{ROAD_FILL[stage.spaces[i].surface]}" stroke-width="12" '
                    'stroke-opacity="0.55"'
                )
            else:
                style = f'stroke="{ROAD_FILL[stage.spaces[i].surface]}" stroke-width="22"'
            out.append(
                f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" '
                f'{style} stroke-linecap="round"/>'
            )
    return out


def _line(edge: tuple[tuple[float, float], tuple[float, float]], kind: str) -> list[str]:
    (ax, ay), (bx, by) = _px(edge[0]), _px(edge[1])
    colour = "#d22" if kind == "start" else "#111"
    dash = "" if kind == "start" else ' stroke-dasharray="8 8"'
    mx, my = (ax + bx) / 2, (ay + by) / 2
    return [
        f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{colour}" '
        f'stroke-width="7"{dash}/>',
        f'<text class="line-label" data-line="{kind}" x="{mx:.1f}" y="{my:.1f}" font-size="13" '
        f'font-weight="bold" '
        f'text-anchor="middle" fill="{colour}" stroke="#fff" stroke-width="3" '
        f'paint-order="stroke">{kind.upper()}</text>',
    ]


def _verges(stage: Stage, i: int, space: Space) -> list[str]:
    if space.kind == "shortcut":
        return []
    dx, dy = heading(stage, i)
    x, y = _px(space.xy)
    out = []
    for side, terrain in zip((1, -1), space.verge, strict=True):  # left, right
        off = 0.095 * SCALE * side
        vx, vy = x + dy * off, y - dx * off
        colour = TERRAIN_COLOURS.get(terrain, "#ccc")
        out.append(
            f'<circle cx="{vx:.1f}" cy="{vy:.1f}" r="4.5" fill="{colour}" '
            f'stroke="#fff" stroke-width="1"><title>{terrain}</title></circle>'
        )
    return out


def _space(stage: Stage, i: int, space: Space, ids: bool) -> list[str]:
    x, y = _px(space.xy)
    cell = f'data-cell="{escape(space.gid)}"'
    out = []
    if space.kind == "slide":
        dx, dy = heading(stage, i)
        angle = math.degrees(math.atan2(dy, dx)) + 90
        out.append(
            f'<rect x="{x - 14:.1f}" y="{y - 6:.1f}" width="28" height="12" rx="3" '
            f'fill="#f3a33c" stroke="#8a4b00" stroke-width="1.5" '
            f'transform="rotate({angle:.0f} {x:.1f} {y:.1f})" {cell}/>'
        )
        out.append(_label(x, y, str(space.exact_gear), "#4a2500"))
    elif space.kind == "shortcut":
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="11" fill="#8b5a2b" stroke="#4a2c10" '
            f'stroke-width="1.5" {cell}/>'
        )
        out.append(_label(x, y, f"K{space.max_gear}", "#fff", 9))
    else:
        ring = "#d22" if space.role == "inside" else "#333"
        dash = ' stroke-dasharray="3 2"' if space.airborne else ""
        width = 3 if space.role == "inside" else 1.5
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="#fff" stroke="{ring}" '
            f'stroke-width="{width}"{dash} {cell}/>'
        )
        if space.max_gear is not None:
            out.append(_label(x, y, str(space.max_gear), "#d22"))
    if space.jump is not None:
        out.append(
            f'<path d="M{x - 13:.1f},{y + 14:.1f} l26,0 l0,-9 z" fill="#1f4e8c"/>'
            f'<text class="jump-label" x="{x + 16:.1f}" y="{y + 14:.1f}" font-size="11" '
            f'fill="#1f4e8c" font-weight="bold">jump {space.jump}</text>'
        )
    if ids:
        out.append(
            f'<text x="{x:.1f}" y="{y - 13:.1f}" font-size="7" text-anchor="middle" '
            f'fill="#444">{escape(space.gid)}</text>'
        )
    return out


def _label(x: float, y: float, text: str, colour: str, size: int = 11) -> str:
    return (
        f'<text x="{x:.1f}" y="{y + size / 2.8:.1f}" font-size="{size}" font-weight="bold" '
        f'text-anchor="middle" fill="{colour}">{escape(text)}</text>'
    )


def _cars(stage: Stage, cars: Sequence[CarMark]) -> list[str]:
    out = []
    seen: dict[int, int] = {}
    for car in cars:
        if car.space >= stage.finish:
            continue
        k = seen.get(car.space, 0)
        seen[car.space] = k + 1
        x, y = _px(stage.spaces[car.space].xy)
        if car.off_road:
            dx, dy = heading(stage, car.space)
            side = 1 if car.off_road == "left" else -1
            x, y = x + dy * 0.2 * SCALE * side, y - dx * 0.2 * SCALE * side
        x += (k - 0.5) * 10 if seen[car.space] > 1 or k else 0
        out.append(
            f'<rect x="{x - 8:.1f}" y="{y - 5:.1f}" width="16" height="10" rx="3" '
            f'fill="{car.colour}" stroke="#000"/>'
            f'<text x="{x:.1f}" y="{y + 3:.1f}" font-size="8" text-anchor="middle" '
            f'fill="#fff">{escape(car.label)}</text>'
        )
    return out


def _legend(x: float, y: float) -> str:
    items = [f'<text x="{x}" y="{y + 4}" font-size="12" font-weight="bold">verge damage:</text>']
    x += 96
    for k, (terrain, colour) in enumerate(TERRAIN_COLOURS.items()):
        damage = TERRAIN_DAMAGE.get(terrain)
        text = f"{terrain} {damage}" if damage is not None else "shortcut"
        items.append(
            f'<circle cx="{x + 8 + k * 88}" cy="{y}" r="6" fill="{colour}"/>'
            f'<text x="{x + 18 + k * 88}" y="{y + 4}" font-size="12">{text}</text>'
        )
    x -= 96
    keys = (
        f'<circle cx="{x + 8}" cy="{y + 26}" r="9" fill="#fff" stroke="#d22" stroke-width="3"/>'
        f'<text x="{x + 22}" y="{y + 30}" font-size="12">inside line: max gear</text>'
        f'<rect x="{x + 190}" y="{y + 21}" width="24" height="10" fill="#f3a33c" stroke="#8a4b00"/>'
        f'<text x="{x + 220}" y="{y + 30}" font-size="12">slide: the one gear</text>'
        f'<circle cx="{x + 370}" cy="{y + 26}" r="9" fill="#8b5a2b"/>'
        f'<text x="{x + 384}" y="{y + 30}" font-size="12">shortcut K: max gear, draw a card</text>'
        f'<path d="M{x + 600},{y + 32} l22,0 l0,-8 z" fill="#1f4e8c"/>'
        f'<text x="{x + 628}" y="{y + 30}" font-size="12">jump: gear value</text>'
    )
    return "".join(items) + keys
