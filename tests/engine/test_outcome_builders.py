"""The fast builders of simulated outcomes make the same frozen objects as the
dataclasses' own constructors."""

from __future__ import annotations

import dataclasses

import pytest

from racerbile.engine.outcome import GameOutcome, SeatOutcome, game_outcome, seat_outcome


def _seats() -> tuple[tuple[SeatOutcome, ...], tuple[SeatOutcome, ...]]:
    stats = [{"sips": 7, "beers": 0}, {"sips": 12, "beers": 1}]
    built = tuple(seat_outcome(k, f"bot {k}", 2 - k, 30 + k, s) for k, s in enumerate(stats))
    made = tuple(SeatOutcome(k, f"bot {k}", 2 - k, 30 + k, s) for k, s in enumerate(stats))
    return built, made


def test_a_built_seat_equals_the_constructed_one_and_stays_frozen() -> None:
    built, made = _seats()
    assert built == made
    assert [type(s) for s in built] == [SeatOutcome, SeatOutcome]
    assert [dataclasses.asdict(s) for s in built] == [dataclasses.asdict(s) for s in made]
    with pytest.raises(dataclasses.FrozenInstanceError):
        built[0].place = 1  # type: ignore[misc]


def test_a_built_game_equals_the_constructed_one_and_round_trips() -> None:
    built_seats, made_seats = _seats()
    locations = {"off_track": ["1,2"], "overtake": []}
    built = game_outcome(3, 99, built_seats, 31, 140, locations)
    made = GameOutcome(3, 99, made_seats, 31, 140, locations)
    assert built == made and type(built) is GameOutcome
    assert built.winners == [1]
    assert GameOutcome.from_json(built.to_json()) == made
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.length = 1  # type: ignore[misc]
