"""The contract suite: every registered game, and the engine's own toy game, pass it."""

from __future__ import annotations

import pytest
from dice_race import GAME as DICE_RACE
from pydantic import BaseModel

from racerbile.engine import Game
from racerbile.engine.testing import check_contract
from racerbile.games import available_games, get_game


def test_dice_race_passes_the_contract() -> None:
    for seed in range(20):
        check_contract(DICE_RACE, DICE_RACE.Setup(), seed=seed)


def _setup(game_id: str) -> tuple[Game, BaseModel]:
    game = get_game(game_id)
    names = [{"name": n} for n in ("Anna", "Bo", "Cille")]
    return game, game.Setup.model_validate({"players": names[: max(2, game.info.min_seats)]})


@pytest.mark.parametrize("game_id", available_games())
def test_registered_game_passes_the_contract_in_random_play(game_id: str) -> None:
    game, setup = _setup(game_id)
    for seed in range(3):
        check_contract(game, setup, seed=seed, max_steps=1500, must_end=False)


@pytest.mark.parametrize("game_id", available_games())
def test_registered_game_plays_to_the_end_with_each_bot(game_id: str) -> None:
    game, setup = _setup(game_id)
    assert game.bots, f"{game_id} has no bots"
    for seed, bot in enumerate(sorted(game.bots)):
        check_contract(game, setup, seed=seed, max_steps=20_000, bot=bot)


def test_registry_lists_and_refuses_unknown_games() -> None:
    assert {"ludol", "racerbile", "vectrace"} <= set(available_games())
    with pytest.raises(KeyError, match="available: racerbile, ludol, rallyman, vectrace"):
        get_game("chess")
