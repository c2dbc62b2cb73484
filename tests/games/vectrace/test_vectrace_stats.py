"""Vectrace's simulator columns: moves and crashes per seat, and where cars crashed."""

from __future__ import annotations

from racerbile.engine.contract import Result, Standing
from racerbile.games.vectrace.events import Crashed, Moved
from racerbile.games.vectrace.stats import STATS


def test_moves_and_crashes_are_counted_per_seat() -> None:
    events = [
        Moved(0, "Anna", (1, 1), (2, 1)),
        Moved(1, "Bo", (1, 2), (2, 3)),
        Moved(0, "Anna", (2, 1), (4, 1)),
        Crashed(1, "Bo", (3, 4), "VT-MOVE-4", "off_track"),
    ]
    result = Result((Standing(0, 1), Standing(1, 2)))
    stats = STATS.outcome(None, None, events, result)  # type: ignore[arg-type]
    assert list(stats.seats) == [{"moves": 2, "crashes": 0}, {"moves": 1, "crashes": 1}]
    assert dict(stats.locations) == {"crash": ["3,4"]}
    assert set(STATS.columns) == {"moves", "crashes"}
