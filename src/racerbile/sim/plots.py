"""Pictures of a run (PNG, Matplotlib's Agg canvas; no pyplot global state).

* ``sips.png``: sips drunk and sips caused per player, as violins with the mean marked;
* ``win_rate.png``: win rate per player with its 95% Wilson interval and the fair share;
* ``track.png``: the board, each cell coloured by how often cars left the track
  there and how often overtakes happened there (needs the game's ``board_cells``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.collections import PolyCollection
from matplotlib.colors import LinearSegmentedColormap
from matplotlib.figure import Figure

from .outcome import GameOutcome
from .summary import RunSummary

Polygon = Sequence[tuple[float, float]]
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
LOCATION_TITLES = {"off_track": "where cars left the track", "overtake": "where overtakes happened"}
LOCATION_COLOURS = {"off_track": "#b2182b", "overtake": "#2166ac"}


def _by_player(outcomes: Sequence[GameOutcome], field: str) -> dict[str, list[int]]:
    values: dict[str, list[int]] = {}
    for game in outcomes:
        for seat in game.seats:
            values.setdefault(seat.player, []).append(getattr(seat, field))
    return values


def _smooth(kde: Any) -> float:
    """Bandwidth for the violins: counts are integers, so never narrower than 0.35."""
    return max(float(kde.scotts_factor()), 0.35)


def sips_figure(outcomes: Sequence[GameOutcome]) -> Figure:
    """Returns violins of sips drunk and sips caused per player, means marked."""
    fig = Figure(figsize=(10, 4.5), layout="constrained")
    axes = fig.subplots(1, 2, sharey=True)
    for ax, field, title in zip(
        axes,
        ("sips", "caused"),
        ("sips drunk per game", "sips caused to others per game"),
        strict=True,
    ):
        data = _by_player(outcomes, field)
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
    axes[0].set_ylabel("sips")
    axes[0].legend(loc="upper left")
    fig.suptitle(f"Sips per player ({len(outcomes)} games)")
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
    cells: Mapping[str, Polygon], outcomes: Sequence[GameOutcome], title: str = ""
) -> Figure:
    """Returns one board panel per kind of location, cells shaded by their count."""
    counts = location_counts(outcomes)
    kinds = [k for k in LOCATION_TITLES if k in counts] + sorted(set(counts) - set(LOCATION_TITLES))
    kinds = kinds or list(LOCATION_TITLES)
    fig = Figure(figsize=(6.5 * len(kinds), 5), layout="constrained")
    axes = np.atleast_1d(fig.subplots(1, len(kinds)))
    keys = list(cells)
    polygons = [[(x, -y) for x, y in cells[k]] for k in keys]  # screen y points down
    for ax, kind in zip(axes, kinds, strict=True):
        _board_panel(fig, ax, keys, polygons, counts.get(kind, Counter()), kind, len(outcomes))
    fig.suptitle(title or f"Where things happen ({len(outcomes)} games)")
    return fig


def _board_panel(
    fig: Figure,
    ax: object,
    keys: Sequence[str],
    polygons: Sequence[Polygon],
    counts: Counter[str],
    kind: str,
    games: int,
) -> None:
    from matplotlib.axes import Axes

    assert isinstance(ax, Axes)
    values = np.array([counts.get(k, 0) / max(1, games) for k in keys])
    colour = LOCATION_COLOURS.get(kind, "#542788")
    cmap = LinearSegmentedColormap.from_list(kind, ["#f7f7f7", colour])
    collection = PolyCollection(
        polygons, array=values, cmap=cmap, edgecolors="#999999", linewidths=0.6
    )
    collection.set_clim(0, max(values.max(initial=0), 1e-9))
    ax.add_collection(collection)
    ax.autoscale_view()
    ax.set_aspect("equal")
    ax.set_axis_off()
    on_board = sum(counts.get(k, 0) for k in keys)
    ax.set_title(f"{LOCATION_TITLES.get(kind, kind)}\n{on_board} in {games} games")
    fig.colorbar(collection, ax=ax, shrink=0.7, label="per game")


def write_plots(
    outcomes: Sequence[GameOutcome],
    summary: RunSummary,
    out: Path,
    cells: Mapping[str, Polygon] | None = None,
    title: str = "",
) -> list[Path]:
    """Writes the PNGs into ``out`` and returns their paths (no track picture without cells)."""
    n_seats = len(outcomes[0].seats) if outcomes else 1
    figures = {
        "sips.png": sips_figure(outcomes),
        "win_rate.png": win_rate_figure(summary, n_seats),
    }
    if cells:
        figures["track.png"] = track_figure(cells, outcomes, title)
    paths = []
    for name, fig in figures.items():
        path = out / name
        fig.savefig(path, dpi=110)
        paths.append(path)
    return paths
