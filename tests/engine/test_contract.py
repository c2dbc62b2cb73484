"""The contract suite: every registered game, and the engine's own toy game, pass it."""

from __future__ import annotations

import pytest
from dice_race import GAME as DICE_RACE

from racerbile.engine.testing import check_contract
from racerbile.games import available_games, get_game


def test_dice_race_passes_the_contract() -> None:
    for seed in range(20):
        check_contract(DICE_RACE, DICE_RACE.Setup(), seed=seed)


@pytest.mark.parametrize("game_id", available_games())
def test_registered_game_passes_the_contract(game_id: str) -> None:
    game = get_game(game_id)
    names = [{"name": n} for n in ("Anna", "Bo", "Cille")]
    setup = game.Setup.model_validate({"players": names[: max(2, game.info.min_seats)]})
    for seed in range(3):
        check_contract(game, setup, seed=seed, max_steps=200_000)


def test_registry_lists_and_refuses_unknown_games() -> None:
    assert {"racerbile", "vectrace"} <= set(available_games())
    with pytest.raises(KeyError, match="available: racerbile"):
        get_game("chess")
