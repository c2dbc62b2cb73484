"""The aggregate numbers: Wilson intervals, wins that add up, per player and per seat."""

from __future__ import annotations

import math

import pytest

from racerbile.sim import GameOutcome, SeatOutcome, SimSpec, run, summarise, wilson_interval


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    assert wilson_interval(0, 20)[0] == 0.0
    assert wilson_interval(20, 20)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wins_add_up_to_the_games(toy_spec: SimSpec) -> None:
    outcomes = run(toy_spec, 60)
    summary = summarise(outcomes)
    assert summary.games == 60
    assert math.isclose(sum(p.wins for p in summary.players), 60)
    assert math.isclose(sum(s.wins for s in summary.seats), 60)
    assert [p.label for p in summary.players] == ["slow", "fast", "random"]
    assert all(p.seat_games == 60 for p in summary.players)
    for group in summary.players:
        assert group.win_low <= group.win_rate <= group.win_high
        assert 1 <= group.place.mean <= 3
    total_sips = sum(s.stats["sips"] for o in outcomes for s in o.seats)
    sips = sum(p.stats["sips"].mean * p.seat_games for p in summary.players)
    assert math.isclose(sips, total_sips)


def test_a_shared_first_place_splits_the_win() -> None:
    seats = (SeatOutcome(0, "x", 1), SeatOutcome(1, "x", 1), SeatOutcome(2, "y", 3))
    summary = summarise([GameOutcome(0, 1, seats, length=4, actions=12)])
    x, y = summary.players
    assert (x.label, x.seat_games, x.wins, x.win_rate) == ("x", 2, 1.0, 0.5)
    assert (y.wins, y.place.mean) == (0.0, 3.0)
    assert [s.label for s in summary.seats] == ["seat 1 (x)", "seat 2 (x)", "seat 3 (y)"]
