"""The minimal turn loop the fast path is measured against: NumPy's dice, real turns."""

from __future__ import annotations

import pytest

from racerbile.engine.outcome import SimSpec
from racerbile.games.racerbile.fast import baseline
from racerbile.games.racerbile.fast.baseline import minimal_turns
from racerbile.games.racerbile.setup import Config, Setup


def _spec(laps: int, seats: int) -> SimSpec:
    players = [{"name": f"stalin {seat + 1}"} for seat in range(seats)]
    setup = {"players": players, "track": "oval", "rule_set": "racerbile", "laps": laps}
    return SimSpec("racerbile", setup, ("stalin",) * seats, 3)


def test_the_loop_plays_whole_rounds_and_longer_races_take_more_turns() -> None:
    one, three = minimal_turns(_spec(1, 4), range(20)), minimal_turns(_spec(3, 4), range(20))
    assert one > 0 and one % 4 == 0 and three % 4 == 0
    assert three > 2 * one
    assert minimal_turns(_spec(1, 4), range(20)) == one  # seeded: the same every time


def test_the_loop_reads_a_setup_once_for_all_its_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The floor's rounds time the loop, not the setup's validation: inside
    ``racerbile bench`` validating it every round made them up to a third slower."""
    calls: list[object] = []
    configure = baseline.configure

    def counted(setup: Setup) -> Config:
        calls.append(setup)
        return configure(setup)

    monkeypatch.setattr(baseline, "configure", counted)
    baseline._lap_and_laps.cache_clear()
    spec = _spec(1, 3)
    turns = [minimal_turns(spec, range(r * 4, r * 4 + 4)) for r in range(5)]
    assert len(calls) == 1
    assert all(t > 0 for t in turns)
