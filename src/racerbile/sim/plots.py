"""Pictures of a run (PNG, Matplotlib's Agg canvas; no pyplot global state).

* the game's violins (``ViolinFigure``, e.g. Racerbile's ``sips.png``: sips drunk and
  sips caused per player), with the mean marked;
* ``win_rate.png``: win rate per player with its 95% Wilson interval and the fair share;
* ``track.png``: the board, one panel per kind of location the game declares (e.g.
  where cars left the track, where they overtook), each cell coloured by how often it
  happened there (needs the game's ``board_cells``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from matplotlib.collections import PolyCollection
from matplotlib.colors import LinearSegmentedColormap
from matplotlib.figure import Figure

from ..engine.capabilities import SimStats, ViolinFigure
from ..engine.outcome import GameOutcome
from .summary import RunSummary

Polygon = Sequence[tuple[float, float]]
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
OTHER_COLOUR = "#542788"  # a location kind the game gives no colour


def _by_player(outcomes: Sequence[GameOutcome], key: str) -> dict[str, list[int]]:
    values: dict[str, list[int]] = {}
    for game in outcomes:
        for seat in game.seats:
            values.setdefault(seat.player, []).append(seat.stats.get(key, 0))
    return values


def _smooth(kde: Any) -> float:
    """Bandwidth for the violins: counts are integers, so never narrower than 0.35."""
    return max(float(kde.scotts_factor()), 0.35)


def violin_figure(outcomes: Sequence[GameOutcome], spec: ViolinFigure) -> Figure:
    """Returns one panel of violins per player for each of the figure's columns,
    means marked."""
    panels = len(spec.panels)
    fig = Figure(figsize=(5 * panels, 4.5), layout="constrained")
    axes = np.atleast_1d(fig.subplots(1, panels, sharey=True))
    for ax, (key, title) in zip(axes, spec.panels, strict=True):
        data = _by_player(outcomes, key)
        names = list(data)
        positions = np.arange(1, len(names) + 1)
        series = [np.asarray(data[n], dtype=float) for n in names]
        if any(np.ptp(s) > 0 for s in series):
            parts = ax.violinplot(
                series, positions, showextrema=False, widths=0.8, bw_method=_smooth
            )
            for body, colour in zip(parts["bodies"], PALETTE * 4, strict=False):
                body.set_facecolor(colour)
                body.set_alpha(0.35)
        ax.boxplot(
            series,
            positions=positions,
            widths=0.18,
            showfliers=False,
            medianprops={"color": "black"},
        )
        means = [s.mean() for s in series]
        ax.scatter(
            positions, means, marker="D", color="white", edgecolor="black", zorder=3, label="mean"
        )
        for x, m in zip(positions, means, strict=True):
            ax.annotate(
                f"{m:.1f}",
                (x, m),
                xytext=(8, 0),
                textcoords="offset points",
                va="center",
                fontsize=9,
            )
        ax.set_xticks(positions, names)
        ax.set_title(title)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel(spec.y_label)
    axes[0].legend(loc="upper left")
    fig.suptitle(f"{spec.title} ({len(outcomes)} games)")
    return fig


def win_rate_figure(summary: RunSummary, n_seats: int) -> Figure:
    """Returns horizontal bars of win rate per player with 95% Wilson intervals."""
    groups = summary.players
    fig = Figure(figsize=(8, 1.2 + 0.6 * len(groups)), layout="constrained")
    ax = fig.subplots()
    y = np.arange(len(groups))[::-1]
    rates = np.array([g.win_rate for g in groups])
    errors = np.array(
        [[g.win_rate - g.win_low for g in groups], [g.win_high - g.win_rate for g in groups]]
    )
    ax.barh(
        y,
        rates,
        xerr=errors,
        color=[PALETTE[i % len(PALETTE)] for i in range(len(groups))],
        alpha=0.8,
        capsize=5,
    )
    for yi, g in zip(y, groups, strict=True):
        ax.annotate(
            f"{g.win_rate:.1%}  [{g.win_low:.1%}, {g.win_high:.1%}]",
            (g.win_high, yi),
            xytext=(6, 0),
            textcoords="offset points",
            va="center",
            fontsize=9,
        )
    fair = 1 / max(1, n_seats)
    ax.axvline(fair, color="grey", linestyle="--", label=f"fair share 1/{n_seats}")
    ax.set_yticks(y, [f"{g.label} ({g.seat_games})" for g in groups])
    ax.set_xlim(0, min(1.0, max(0.3, float(max((g.win_high for g in groups), default=0))) * 1.35))
    ax.xaxis.set_major_formatter("{x:.0%}")
    ax.set_xlabel("win rate (shared first places split), 95% Wilson interval")
    ax.legend(loc="lower right")
    ax.set_title(f"Win rate per player ({summary.games} games)")
    return fig


def location_counts(outcomes: Sequence[GameOutcome]) -> dict[str, Counter[str]]:
    """Returns, per kind of location, how often each cell key occurred."""
    counts: dict[str, Counter[str]] = {}
    for game in outcomes:
        for kind, keys in game.locations.items():
            counts.setdefault(kind, Counter()).update(keys)
    return counts


def track_figure(
    cells: Mapping[str, Polygon],
    outcomes: Sequence[GameOutcome],
    title: str = "",
    kinds_shown: Mapping[str, tuple[str, str]] | None = None,
) -> Figure:
    """Returns one board panel per kind of location (``kinds_shown``: kind -> title,
    colour, in order; others after them), cells shaded by their count."""
    counts = location_counts(outcomes)
    declared = dict(kinds_shown or {})
    kinds = [k for k in declared if k in counts] + sorted(set(counts) - set(declared))
    kinds = kinds or list(declared) or ["events"]
    fig = Figure(figsize=(6.5 * len(kinds), 5), layout="constrained")
    axes = np.atleast_1d(fig.subplots(1, len(kinds)))
    keys = list(cells)
    polygons = [[(x, -y) for x, y in cells[k]] for k in keys]  # screen y points down
    for ax, kind in zip(axes, kinds, strict=True):
        label, colour = declared.get(kind, (kind, OTHER_COLOUR))
        panel = _Panel(kind, label, colour)
        _board_panel(fig, ax, keys, polygons, counts.get(kind, Counter()), panel, len(outcomes))
    fig.suptitle(title or f"Where things happen ({len(outcomes)} games)")
    return fig


class _Panel(NamedTuple):
    kind: str
    title: str
    colour: str


def _board_panel(
    fig: Figure,
    ax: object,
    keys: Sequence[str],
    polygons: Sequence[Polygon],
    counts: Counter[str],
    panel: _Panel,
    games: int,
) -> None:
    from matplotlib.axes import Axes

    assert isinstance(ax, Axes)
    values = np.array([counts.get(k, 0) / max(1, games) for k in keys])
    cmap = LinearSegmentedColormap.from_list(panel.kind, ["#f7f7f7", panel.colour])
    collection = PolyCollection(
        polygons, array=values, cmap=cmap, edgecolors="#999999", linewidths=0.6
    )
    collection.set_clim(0, max(values.max(initial=0), 1e-9))
    ax.add_collection(collection)
    ax.autoscale_view()
    ax.set_aspect("equal")
    ax.set_axis_off()
    on_board = sum(counts.get(k, 0) for k in keys)
    ax.set_title(f"{panel.title}\n{on_board} in {games} games")
    fig.colorbar(collection, ax=ax, shrink=0.7, label="per game")


def write_plots(
    outcomes: Sequence[GameOutcome],
    summary: RunSummary,
    out: Path,
    declared: SimStats | None = None,
    cells: Mapping[str, Polygon] | None = None,
    title: str = "",
) -> list[Path]:
    """Writes the PNGs into ``out`` and returns their paths: the game's violins (if it
    declares some), the win rates, and the board (only with ``cells``)."""
    n_seats = len(outcomes[0].seats) if outcomes else 1
    figures: dict[str, Figure] = {}
    if declared and declared.violins:
        figures[declared.violins.filename] = violin_figure(outcomes, declared.violins)
    figures["win_rate.png"] = win_rate_figure(summary, n_seats)
    if cells:
        locations = declared.locations if declared else None
        figures["track.png"] = track_figure(cells, outcomes, title, locations)
    paths = []
    for name, fig in figures.items():
        path = out / name
        fig.savefig(path, dpi=110)
        paths.append(path)
    return paths
