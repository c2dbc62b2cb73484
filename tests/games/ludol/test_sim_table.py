"""The simulator reproduces the rows of spec §4.3 within 3 standard errors.

Four colours, full games to the first finisher; the tested bot sits in every seat in
turn (a quarter of the games each). Per game: the tested bot's win rate, the turns,
throws, knock-homes and penalty beers of all seats together. The standard errors come
from the run itself (the sample SD; for a win rate the spec's rate), so each row is
a test of the engine and the bots of §4.3, not of a tolerance picked to pass. The
games run on the fast path, which ``test_fast_identity`` holds game for game to the
reference engine, so each row can afford 400 games; §4.3's own runs are 12 000
games, so its figures are taken as exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pytest

from racerbile.sim import SimSpec, run

SEATS = 4


@dataclass(frozen=True)
class Row:
    """One row of §4.3: the profile, the line-up and the figures per game."""

    profile: str
    tested: str
    others: str
    win: float
    turns: float
    throws: float
    knock_homes: float
    penalty_beers: float  # 0 for norsk (no six-chain penalties)
    games: int = 400


ROWS = {
    "norsk-4-random": Row("norsk", "random", "random", 0.25, 326.7, 445.7, 20.8, 0),
    "norsk-fast": Row("norsk", "fast", "random", 0.473, 305.6, 425.4, 17.1, 0),
    "norsk-aggressive": Row("norsk", "aggressive", "random", 0.680, 351.8, 478.3, 27.2, 0),
    "ludol-4-random": Row("ludol", "random", "random", 0.25, 319.1, 424.2, 24.2, 6.38),
    "ludol-4-random-larger": Row(
        "ludol", "random_larger", "random_larger", 0.25, 196.7, 297.5, 16.6, 9.17
    ),
    "ludol-aggressive-vs-random-larger": Row(
        "ludol", "aggressive", "random_larger", 0.730, 241.4, 367.6, 31.4, 11.29
    ),
    "ludol-fast": Row("ludol", "fast", "random", 0.954, 210.7, 299.9, 15.0, 5.9),
    "ludol-aggressive": Row("ludol", "aggressive", "random", 0.993, 237.3, 333.7, 26.6, 6.4),
}


def _play(row: Row) -> tuple[float, dict[str, list[int]]]:
    """Returns the tested bot's wins and each game's totals, the bot in every seat."""
    wins = 0.0
    totals: dict[str, list[int]] = {k: [] for k in ("turns", "throws", "knock_homes", "pen")}
    names = [{"name": f"seat {k + 1}"} for k in range(SEATS)]
    for seat in range(SEATS):
        players = tuple(row.tested if k == seat else row.others for k in range(SEATS))
        setup = {"players": names, "profile": row.profile}
        spec = SimSpec("ludol", setup, players, 43 + seat, engine="fast")
        for game in run(spec, row.games // SEATS):
            if game.seats[seat].place == 1:
                wins += 1 / len(game.winners)
            totals["turns"].append(sum(s.turns for s in game.seats))
            totals["throws"].append(sum(s.stats["throws"] for s in game.seats))
            totals["knock_homes"].append(sum(s.stats["knock_homes"] for s in game.seats))
            totals["pen"].append(sum(s.stats["penalty_beers"] for s in game.seats))
    return wins, totals


def _mean_within_three_se(name: str, values: list[int], expected: float) -> None:
    array = np.array(values, dtype=float)
    mean, se = float(array.mean()), float(array.std(ddof=1)) / math.sqrt(array.size)
    assert abs(mean - expected) <= 3 * se, f"{name}: {mean:.2f} vs §4.3 {expected}, SE {se:.2f}"


@pytest.mark.slow
@pytest.mark.rule("LD-BOARD-1")
@pytest.mark.rule("LD-ENTER-1")
@pytest.mark.rule("LD-BONUS-1")
@pytest.mark.rule("LD-ROROS-1")
@pytest.mark.rule("LD-SIX-1")
@pytest.mark.rule("LD-SIX-2")
@pytest.mark.rule("LD-BLOCK-1")
@pytest.mark.rule("LD-HIT-1")
@pytest.mark.rule("LD-END-1")
@pytest.mark.parametrize("key", list(ROWS))
def test_simulation_reproduces_a_row_of_4_3(key: str) -> None:
    row = ROWS[key]
    wins, totals = _play(row)
    n = row.games
    win_se = math.sqrt(row.win * (1 - row.win) / n)
    assert abs(wins / n - row.win) <= max(3 * win_se, 1 / n), f"win rate {wins / n:.3f}"
    _mean_within_three_se("turns", totals["turns"], row.turns)
    _mean_within_three_se("throws", totals["throws"], row.throws)
    _mean_within_three_se("knock-homes", totals["knock_homes"], row.knock_homes)
    if row.penalty_beers:
        _mean_within_three_se("penalty beers", totals["pen"], row.penalty_beers)
    else:
        assert not any(totals["pen"])
