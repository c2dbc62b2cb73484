"""The report of ``racerbile analyse racerbile``: the table, and the track coloured by
the chance of leaving it in one gear (Matplotlib, loaded only when a picture is asked).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from ...hexgrid import corners, edge_corners, to_pixel
from .analysis import FAST, GEARS, MAX_TOTAL, CellAnalysis, TrackAnalysis, straight_run
from .policy import totals
from .track import CellKind, Track

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

Points = list[tuple[float, float]]

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}
# One colour per possible chance of leaving the track, from safe to "any 10-12 is off".
LEVEL_COLOURS = ("#f3efe0", "#fdd49e", "#fc8d59", "#b30000")


def _percent(p: Fraction) -> str:
    return "0" if p == 0 else f"{float(p):.1%}"


def print_table(
    console: Console,
    result: TrackAnalysis,
    names: tuple[str, ...],
    safe: Callable[[object], str],
) -> None:
    """Prints the summary lines and the per-cell table; ``safe`` makes text read from
    the track file safe to print (markup escaped, control characters shown)."""
    by_rules = ", ".join(
        f"{name} {turns:.3f}" for name, turns in result.expected_turns_per_lap_by_rule_set.items()
    )
    console.print(
        f"[bold]{safe(result.name)}[/] ({safe(result.track_id)}), {result.rule_set} rules: "
        f"lap {result.lap_length} cells",
        highlight=False,
    )
    console.print(
        f"expected turns per lap from the grid (optimal, alone): "
        f"[bold]{result.expected_turns_per_lap:.3f}[/]",
        highlight=False,
    )
    console.print(
        f"each further lap: {result.expected_turns_flying_lap:.3f}; by rule set: {by_rules}",
        highlight=False,
    )
    table = Table(
        title="per cell, car heading along the racing line",
        caption="dist: cells to the line; dir: racing heading; run: cells straight on before "
        "the edge; off: chance that one roll in "
        "that gear sends the car off the track (10-12 go straight on); exact values: --json",
    )
    table.add_column("cell", justify="right")
    table.add_column("kind")
    table.add_column("dist", justify="right")
    table.add_column("dir")
    table.add_column("run", justify="right")
    for g in GEARS:
        table.add_column(f"off {ORDINAL[g]}", justify="right")
    table.add_column("turns (3rd)", justify="right")
    for row in result.cells:
        table.add_row(
            str(row.cell),
            row.kind.value,
            "-" if row.distance is None else str(row.distance),
            "-" if row.heading is None else names[row.heading],
            "-" if row.straight_run is None else str(row.straight_run),
            *(_percent(p) for p in row.p_off),
            f"{row.turns_to_line:.2f}",
        )
    console.print(table)


# -- the picture ----------------------------------------------------------------------


def off_levels(gear: int) -> list[Fraction]:
    """Returns every value P(off) can take in ``gear``, from 0 up (one per straight run)."""
    dist = totals(gear)
    levels = {
        sum((p for t, p in dist if t >= FAST and t > run), Fraction(0))
        for run in range(MAX_TOTAL + 1)
    }
    return sorted(levels)


def analysis_figure(track: Track, result: TrackAnalysis, gear: int) -> Figure:
    """Returns the track with each cell coloured by P(off) in ``gear`` (discrete legend),
    a pointer for the racing heading and the straight run before the edge in each cell."""
    from matplotlib.collections import PolyCollection
    from matplotlib.colors import BoundaryNorm, ListedColormap
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    orientation = track.orientation
    levels = off_levels(gear)
    level_of = {p: i for i, p in enumerate(levels)}
    colours = [LEVEL_COLOURS[0]] if len(levels) == 1 else _level_colours(len(levels))
    cmap = ListedColormap(colours)
    norm = BoundaryNorm([i - 0.5 for i in range(len(levels) + 1)], cmap.N)

    def flip(points: Sequence[tuple[float, float]]) -> Points:
        return [(x, -y) for x, y in points]  # screen y points down

    rows = result.cells
    polygons = [flip(corners(row.cell, 1.0, orientation)) for row in rows]
    values = [level_of[row.p_off[gear - 1]] for row in rows]
    xs = [x for poly in polygons for x, _ in poly]
    ys = [y for poly in polygons for _, y in poly]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    scale = min(14.0 / max(width, 1.0), 9.0 / max(height, 1.0), 0.75)
    fig = Figure(figsize=(width * scale + 3.2, height * scale + 2.2), layout="constrained")
    ax = fig.subplots()
    cells = PolyCollection(
        polygons, array=values, cmap=cmap, norm=norm, edgecolors="#8a8a8a", linewidths=0.6
    )
    ax.add_collection(cells)
    _kind_outlines(ax, rows, polygons)
    _lines(ax, track, flip)
    font = max(6.0, min(11.0, 28.0 * scale))
    _headings(ax, track, rows, [v == len(levels) - 1 and len(levels) > 1 for v in values], font)
    ax.autoscale_view()
    ax.set_aspect("equal")
    ax.set_axis_off()
    colorbar = fig.colorbar(cells, ax=ax, shrink=0.8, ticks=range(len(levels)), pad=0.02)
    colorbar.ax.set_yticklabels([_level_label(p, gear) for p in levels])
    colorbar.set_label(f"P(off the track) per roll in {ORDINAL[gear]} gear")
    handles = [
        Line2D([], [], color="#222222", marker=">", linestyle="", markersize=7,
               label="racing heading: 10-12 go straight on this way"),
        Line2D([], [], color="#222222", marker="$n$", linestyle="", markersize=8,
               label="cells straight on before leaving the track"),
        Patch(facecolor="none", edgecolor="#1B2F6E", linewidth=2.2, label="downshift cell"),
        Patch(facecolor="none", edgecolor="#000000", linewidth=2.2, linestyle=":",
              label="blocking cell"),
        Line2D([], [], color="black", linewidth=3, label="finish line"),
        Line2D([], [], color="#5b3a29", linewidth=3, label="wall"),
    ]  # fmt: skip
    ax.legend(
        handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncols=3,
        fontsize=8, frameon=False,
    )  # fmt: skip
    safe = sum(1 for v in values if v == 0)
    fig.suptitle(
        f"{result.name}: where cars fly off in {ORDINAL[gear]} gear ({result.rule_set} rules)\n"
        f"{safe} of {len(values)} cells safe; expected turns per lap (optimal, alone): "
        f"{result.expected_turns_per_lap:.2f} from the grid, "
        f"{result.expected_turns_flying_lap:.2f} flying; lap {result.lap_length} cells",
        fontsize=11,
    )
    return fig


def _headings(
    ax: Axes, track: Track, rows: Sequence[CellAnalysis], dark: Sequence[bool], font: float
) -> None:
    """Draws in each cell a pointer at the edge the car drives out of (its racing heading)
    and, in the centre, how many cells it can go straight on before leaving the track."""
    from matplotlib.patches import Polygon

    for row, on_dark in zip(rows, dark, strict=True):
        if row.heading is None:
            continue
        ink = "white" if on_dark else "#222222"
        cx, cy = to_pixel(row.cell, 1.0, track.orientation)
        tx, ty = to_pixel(row.cell.neighbor(row.heading), 1.0, track.orientation)
        length = math.hypot(tx - cx, ty - cy)
        ux, uy = (tx - cx) / length, -(ty - cy) / length
        cy = -cy
        tip = (cx + 0.8 * ux, cy + 0.8 * uy)
        base = (cx + 0.45 * ux, cy + 0.45 * uy)
        wedge = [
            tip,
            (base[0] - 0.26 * uy, base[1] + 0.26 * ux),
            (base[0] + 0.26 * uy, base[1] - 0.26 * ux),
        ]
        ax.add_patch(Polygon(wedge, closed=True, facecolor=ink, edgecolor="none", zorder=2))
        run = straight_run(track, row.cell, row.heading)
        label = str(run) if run < MAX_TOTAL else f"{MAX_TOTAL}+"
        ax.text(cx - 0.08 * ux, cy - 0.08 * uy, label, ha="center", va="center",
                fontsize=font, color=ink, zorder=2)  # fmt: skip


def _level_colours(n: int) -> list[str]:
    if n == len(LEVEL_COLOURS):
        return list(LEVEL_COLOURS)
    from matplotlib import colormaps
    from matplotlib.colors import to_hex

    cmap = colormaps["YlOrRd"]
    return [LEVEL_COLOURS[0]] + [to_hex(cmap(0.25 + 0.75 * i / (n - 2))) for i in range(n - 1)]


def _level_label(p: Fraction, gear: int) -> str:
    if p == 0:
        return "0: safe" if gear == 3 else "0: never rolls 10 or more"
    return f"{p} = {float(p):.1%}"


def _kind_outlines(ax: Axes, rows: Sequence[CellAnalysis], polygons: Sequence[Points]) -> None:
    from matplotlib.patches import Polygon

    colours = {CellKind.downshift: "#1B2F6E", CellKind.block: "#000000"}
    for row, poly in zip(rows, polygons, strict=True):
        colour = colours.get(row.kind)
        if colour is None:
            continue
        shrunk = _shrink(poly, 0.86)
        style = ":" if row.kind is CellKind.block else "-"
        ax.add_patch(
            Polygon(
                shrunk, closed=True, fill=False, edgecolor=colour, linewidth=2.2, linestyle=style
            )
        )


def _shrink(poly: Points, k: float) -> Points:
    cx = sum(x for x, _ in poly) / len(poly)
    cy = sum(y for _, y in poly) / len(poly)
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in poly]


def _lines(ax: Axes, track: Track, flip: Callable[[Sequence[tuple[float, float]]], Points]) -> None:
    from matplotlib.collections import LineCollection as line_collection

    finish = [flip(edge_corners(c, d, 1.0, track.orientation)) for c, d in track.finish]
    walls = [flip(edge_corners(c, d, 1.0, track.orientation)) for c, d in track.walls]
    ax.add_collection(line_collection(finish, colors="black", linewidths=3.5, zorder=3))
    ax.add_collection(line_collection(finish, colors="white", linewidths=1.6, zorder=3,
                                      linestyles=(0, (1.5, 1.5))))  # fmt: skip
    if walls:
        ax.add_collection(line_collection(walls, colors="#5b3a29", linewidths=3, zorder=3,
                                          capstyle="round"))  # fmt: skip
