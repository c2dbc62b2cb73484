"""Aggregating outcomes: per player (bot), per seat, and the game length.

Wins on a shared first place are split (two cars sharing first place get half a
win each), so the wins of all players add up to the number of games.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from .outcome import GameOutcome, SeatOutcome

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
    """The numbers of one player (a bot name over all its seats) or of one seat."""

    label: str
    seat_games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    place: Stat
    sips: Stat
    beers: Stat
    caused: Stat
    off_track: Stat
    off_track_rate: float  # share of seat-games with at least one exit
    overtakes_given: Stat
    overtakes_taken: Stat
    turns: Stat


@dataclass(frozen=True)
class RunSummary:
    """Everything a report shows about a run."""

    games: int
    players: list[GroupSummary]
    seats: list[GroupSummary]
    length: Stat
    actions: Stat

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form."""
        return asdict(self)


def win_share(outcome: GameOutcome, seat: SeatOutcome) -> float:
    """Returns the seat's share of the win: 1/k when k seats share first place."""
    return 1.0 / len(outcome.winners) if seat.place == 1 else 0.0


def _group(label: str, rows: Sequence[tuple[GameOutcome, SeatOutcome]]) -> GroupSummary:
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
        sips=Stat.of(s.sips for s in seats),
        beers=Stat.of(s.beers for s in seats),
        caused=Stat.of(s.caused for s in seats),
        off_track=Stat.of(s.off_track for s in seats),
        off_track_rate=sum(s.off_track > 0 for s in seats) / len(seats) if seats else 0.0,
        overtakes_given=Stat.of(s.overtakes_given for s in seats),
        overtakes_taken=Stat.of(s.overtakes_taken for s in seats),
        turns=Stat.of(s.turns for s in seats),
    )


def seat_label(seat: SeatOutcome) -> str:
    """Returns ``seat 1 (greedy)`` (seats counted from 1 for people)."""
    return f"seat {seat.seat + 1} ({seat.player})"


def summarise(outcomes: Sequence[GameOutcome]) -> RunSummary:
    """Returns the aggregate numbers of a run; players in first-seat order."""
    by_player: dict[str, list[tuple[GameOutcome, SeatOutcome]]] = defaultdict(list)
    by_seat: dict[int, list[tuple[GameOutcome, SeatOutcome]]] = defaultdict(list)
    for game in outcomes:
        for seat in game.seats:
            by_player[seat.player].append((game, seat))
            by_seat[seat.seat].append((game, seat))
    return RunSummary(
        games=len(outcomes),
        players=[_group(name, rows) for name, rows in by_player.items()],
        seats=[_group(seat_label(rows[0][1]), rows) for _, rows in sorted(by_seat.items())],
        length=Stat.of(g.length for g in outcomes),
        actions=Stat.of(g.actions for g in outcomes),
    )
