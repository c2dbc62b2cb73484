"""Aggregating outcomes: per player (bot), per seat, and the game length.

Wins on a shared first place are split (two cars sharing first place get half a
win each), so the wins of all players add up to the number of games.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from ..engine.capabilities import SimStats, TotalColumn
from ..engine.outcome import GameOutcome, SeatOutcome

Z_95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Returns the Wilson score interval for a proportion (0, 1 when there are no trials)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, round(centre - half, 12)), min(1.0, round(centre + half, 12))


@dataclass(frozen=True)
class Stat:
    """Mean and (population) standard deviation of one number."""

    mean: float
    std: float

    @classmethod
    def of(cls, values: Iterable[float]) -> Stat:
        """Returns the mean and std of ``values`` (0, 0 when empty)."""
        array = np.fromiter(values, dtype=float)
        if array.size == 0:
            return cls(0.0, 0.0)
        return cls(float(array.mean()), float(array.std()))


@dataclass(frozen=True)
class GroupSummary:
    """The numbers of one player (a bot name over all its seats) or of one seat:
    the core (wins, place, turns) and each declared column (``stats``); ``rates``
    holds, for the columns the game asks for, the share of seat-games above zero."""

    label: str
    seat_games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    place: Stat
    stats: dict[str, Stat]
    rates: dict[str, float]
    turns: Stat

    def stat(self, key: str) -> Stat:
        """Returns the numbers of column ``key``, or of the core ``turns``."""
        return self.turns if key == "turns" and key not in self.stats else self.stats[key]

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form: the columns side by side with the core numbers
        (``<column>_rate`` right after its column)."""
        data: dict[str, Any] = {
            "label": self.label,
            "seat_games": self.seat_games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_low": self.win_low,
            "win_high": self.win_high,
            "place": asdict(self.place),
        }
        for key, stat in self.stats.items():
            data[key] = asdict(stat)
            if key in self.rates:
                data[f"{key}_rate"] = self.rates[key]
        data["turns"] = asdict(self.turns)
        return data


@dataclass(frozen=True)
class TotalSummary:
    """One declared per-game total (a :class:`TotalColumn`) over the games of a run:
    mean and std, and the amount at its quantile (None when it asks for none)."""

    label: str
    stat: Stat
    quantile: float | None
    at_quantile: float | None

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return {
            "label": self.label,
            **asdict(self.stat),
            "quantile": self.quantile,
            "at_quantile": self.at_quantile,
        }


@dataclass(frozen=True)
class RunSummary:
    """Everything a report shows about a run."""

    games: int
    players: list[GroupSummary]
    seats: list[GroupSummary]
    length: Stat
    actions: Stat
    totals: list[TotalSummary] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        data = {
            "games": self.games,
            "players": [g.to_json() for g in self.players],
            "seats": [g.to_json() for g in self.seats],
            "length": asdict(self.length),
            "actions": asdict(self.actions),
        }
        if self.totals:
            data["totals"] = [t.to_json() for t in self.totals]
        return data


def game_total(outcome: GameOutcome, keys: Sequence[str]) -> int:
    """Returns the sum of columns ``keys`` (or the core ``turns``) over a game's seats."""
    return sum(
        seat.stats.get(key, 0) if key in seat.stats or key != "turns" else seat.turns
        for seat in outcome.seats
        for key in keys
    )


def total_summary(outcomes: Sequence[GameOutcome], column: TotalColumn) -> TotalSummary:
    """Returns the per-game total ``column`` over ``outcomes``; the quantile is the
    smallest total that at least that share of the games stays within."""
    values = np.array([game_total(g, column.keys) for g in outcomes], dtype=float)
    at = None
    if column.quantile is not None and values.size:
        at = float(np.quantile(values, column.quantile, method="inverted_cdf"))
    return TotalSummary(column.label, Stat.of(values), column.quantile, at)


def win_share(outcome: GameOutcome, seat: SeatOutcome) -> float:
    """Returns the seat's share of the win: 1/k when k seats share first place."""
    return 1.0 / len(outcome.winners) if seat.place == 1 else 0.0


def _group(
    label: str,
    rows: Sequence[tuple[GameOutcome, SeatOutcome]],
    columns: Sequence[str],
    rates: Sequence[str],
) -> GroupSummary:
    wins = sum(win_share(game, seat) for game, seat in rows)
    low, high = wilson_interval(wins, len(rows))
    seats = [seat for _, seat in rows]
    return GroupSummary(
        label=label,
        seat_games=len(rows),
        wins=wins,
        win_rate=wins / len(rows) if rows else 0.0,
        win_low=low,
        win_high=high,
        place=Stat.of(s.place for s in seats),
        stats={key: Stat.of(s.stats.get(key, 0) for s in seats) for key in columns},
        rates={
            key: sum(s.stats.get(key, 0) > 0 for s in seats) / len(seats) if seats else 0.0
            for key in rates
        },
        turns=Stat.of(s.turns for s in seats),
    )


def seat_label(seat: SeatOutcome) -> str:
    """Returns ``seat 1 (greedy)`` (seats counted from 1 for people)."""
    return f"seat {seat.seat + 1} ({seat.player})"


def summarise(outcomes: Sequence[GameOutcome], declared: SimStats | None = None) -> RunSummary:
    """Returns the aggregate numbers of a run; players in first-seat order. The
    columns are the game's ``declared`` ones (without: those the outcomes hold)."""
    columns: Sequence[str] = declared.columns if declared else _columns_of(outcomes)
    rates: Sequence[str] = declared.rates if declared else ()
    by_player: dict[str, list[tuple[GameOutcome, SeatOutcome]]] = defaultdict(list)
    by_seat: dict[int, list[tuple[GameOutcome, SeatOutcome]]] = defaultdict(list)
    for game in outcomes:
        for seat in game.seats:
            by_player[seat.player].append((game, seat))
            by_seat[seat.seat].append((game, seat))
    return RunSummary(
        games=len(outcomes),
        players=[_group(name, rows, columns, rates) for name, rows in by_player.items()],
        seats=[
            _group(seat_label(rows[0][1]), rows, columns, rates)
            for _, rows in sorted(by_seat.items())
        ],
        length=Stat.of(g.length for g in outcomes),
        actions=Stat.of(g.actions for g in outcomes),
        totals=[total_summary(outcomes, c) for c in declared.totals] if declared else [],
    )


def _columns_of(outcomes: Sequence[GameOutcome]) -> list[str]:
    """Returns the column names the outcomes' seats hold, in first-seen order."""
    return list(dict.fromkeys(key for g in outcomes for s in g.seats for key in s.stats))
