"""The compiled ranking (RB-TRACK-6): one key per car, places counted, not sorted."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from racerbile.engine.outcome import MAX_ACTIONS
from racerbile.games.racerbile.fast import race
from racerbile.games.racerbile.fast.tables import FAR
from racerbile.games.racerbile.setup import Setup
from racerbile.games.racerbile.trackfile import MAX_CELLS

CELLS = 6  # cells of the made-up distance row


def _cars(seats: list[tuple[int, int, int, int]]) -> np.ndarray:
    cars = np.zeros((race.N_CAR_FIELDS, len(seats)), np.int64)
    cars[race.OFF_FROM, :] = -1
    for s, (laps, cell, arrived, off_from) in enumerate(seats):
        cars[race.LAPS, s], cars[race.CELL, s], cars[race.ARRIVED, s] = laps, cell, arrived
        cars[race.OFF_FROM, s] = off_from
    return cars


_seat = st.tuples(
    st.integers(-1, 100),  # laps
    st.integers(0, CELLS - 1),  # cell
    st.integers(-8, MAX_ACTIONS),  # arrival: the grid's, or the step clock
    st.integers(-1, CELLS - 1),  # the cell left from (-1: on the track)
)


@settings(deadline=None)  # the first example compiles the ranking
@given(
    seats=st.lists(_seat, min_size=1, max_size=8),
    distances=st.lists(st.sampled_from([0, 1, 2, 1999, FAR]), min_size=CELLS, max_size=CELLS),
)
def test_rb_track_6_rb_turn_1_the_places_are_the_references_sort(
    seats: list[tuple[int, int, int, int]], distances: list[int]
) -> None:
    """Laps down, distance up (from the cell left when off the track), arrival up, and
    the lower seat on a full tie, as ``rules.ranking`` sorts them; the first and the
    last of that order are the ones RB-TURN-1 gives a sip."""
    dist = np.array([distances], np.int32)
    cars = _cars(seats)
    keys = np.zeros(len(seats), np.int64)
    race.rank_keys(dist, 0, cars, keys)

    def reference_key(s: int) -> tuple[int, int, int]:
        laps, cell, arrived, off_from = seats[s]
        return (-laps, distances[off_from if off_from >= 0 else cell], arrived)

    order = sorted(range(len(seats)), key=reference_key)
    assert [race.place(keys, s) for s in range(len(seats))] == [
        order.index(s) + 1 for s in range(len(seats))
    ]
    ends = {order[0], order[-1]}
    assert [race.first_or_last(keys, s) for s in range(len(seats))] == [
        s in ends for s in range(len(seats))
    ]


def test_rb_track_6_the_keys_digits_hold_every_value_a_race_can_reach() -> None:
    """Each part of the key stays inside its digit, so no part spills into the next."""
    assert max(FAR, MAX_CELLS) < race.DIST_SPAN
    assert MAX_ACTIONS + 8 < race.CLOCK_SPAN  # the clock, and the grid's -8..-1
    players = Setup.model_fields["players"].metadata
    assert max(m.max_length for m in players if hasattr(m, "max_length")) <= race.SEAT_SPAN
    most_laps = 101  # Setup.laps <= 100, and a lap on the way to the finish
    assert most_laps * race.DIST_SPAN * race.CLOCK_SPAN * race.SEAT_SPAN < 2**63
