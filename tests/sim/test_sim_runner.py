"""play_game: seeding, the generic statistics, and errors that name the game."""

from __future__ import annotations

import pytest
import toy_race

from racerbile.sim import (
    GameOutcome,
    SimSpec,
    SimulationError,
    check_players,
    game_seed,
    play_chunk,
    play_game,
)


def test_same_seed_and_index_give_the_same_game(toy_spec: SimSpec) -> None:
    setup = toy_race.Setup(players=["a", "b"])
    first = play_game(toy_race.GAME, setup, ("random", "random"), seed=5, index=3)
    again = play_game(toy_race.GAME, setup, ("random", "random"), seed=5, index=3)
    other = [play_game(toy_race.GAME, setup, ("random", "random"), 5, i) for i in range(8)]
    assert first == again
    assert first.seed == game_seed(5, 3)
    assert len({(o.seed, o.actions, tuple(s.stats["sips"] for s in o.seats)) for o in other}) > 1


def test_a_game_does_not_depend_on_its_chunk(toy_spec: SimSpec) -> None:
    whole = play_chunk(toy_spec, range(6))
    assert [o.index for o in whole] == list(range(6))
    assert play_chunk(toy_spec, [4]) == [whole[4]]


def test_core_and_declared_stats_follow_the_events(toy_spec: SimSpec) -> None:
    for outcome in play_chunk(toy_spec, range(30)):
        places = sorted(s.place for s in outcome.seats)
        assert places[0] == 1
        # TOY-2 sips are caused by the mover; TOY-1 sips by nobody.
        caused = sum(s.stats["caused"] for s in outcome.seats)
        assert caused <= sum(s.stats["sips"] for s in outcome.seats)
        assert all(set(s.stats) == {"sips", "caused"} for s in outcome.seats)
        assert outcome.length == max(s.turns for s in outcome.seats)
        assert outcome.actions == sum(s.turns for s in outcome.seats)  # one decision per turn


def test_outcome_round_trips_through_json(toy_spec: SimSpec) -> None:
    outcome = play_chunk(toy_spec, [0])[0]
    assert GameOutcome.from_json(outcome.to_json()) == outcome


def test_check_players_names_the_unknown_bot() -> None:
    with pytest.raises(ValueError, match=r"unknown toyrace bot\(s\) zippy; available: fast"):
        check_players(toy_race.GAME, ["slow", "zippy"])
    with pytest.raises(ValueError, match="takes 1-4 players, not 5"):
        check_players(toy_race.GAME, ["slow"] * 5)


def test_an_illegal_bot_action_names_the_game_and_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toy_race, "_slow", lambda state, rng: toy_race.Gear(3))
    setup = toy_race.Setup(players=["a", "b"])
    with pytest.raises(
        SimulationError, match=r"game 2 \(dice seed \d+\): slow chose Gear\(dice=3\)"
    ):
        play_game(toy_race.GAME, setup, ("slow", "fast"), 1, 2)
