"""The minimal turn loop the fast path is measured against: NumPy's dice, real turns."""

from __future__ import annotations

from racerbile.engine.outcome import SimSpec
from racerbile.games.racerbile.fast.baseline import minimal_turns


def _spec(laps: int, seats: int) -> SimSpec:
    players = [{"name": f"stalin {seat + 1}"} for seat in range(seats)]
    setup = {"players": players, "track": "oval", "rule_set": "racerbile", "laps": laps}
    return SimSpec("racerbile", setup, ("stalin",) * seats, 3)


def test_the_loop_plays_whole_rounds_and_longer_races_take_more_turns() -> None:
    one, three = minimal_turns(_spec(1, 4), range(20)), minimal_turns(_spec(3, 4), range(20))
    assert one > 0 and one % 4 == 0 and three % 4 == 0
    assert three > 2 * one
    assert minimal_turns(_spec(1, 4), range(20)) == one  # seeded: the same every time
