"""The relay game passes the platform's contract check, referee buttons and voids included."""

from __future__ import annotations

import pytest
from relay import MANIFEST
from relay.game import GAME

from racerbile.engine import Game
from racerbile.engine.testing import check_contract
from racerbile.games import get_game, manifest

SETUP = {"players": [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}], "judges": ["Judy"]}


def test_the_registry_line_is_all_it_takes() -> None:
    assert manifest("relay") is MANIFEST
    assert get_game("relay") is GAME
    assert isinstance(GAME, Game)


@pytest.mark.parametrize("seed", range(6))
def test_relay_passes_the_contract_with_random_penalties_and_voids(seed: int) -> None:
    setup = GAME.Setup.model_validate(SETUP)
    final = check_contract(GAME, setup, seed=seed, max_steps=2000, must_end=True)
    assert GAME.result(final) is not None


def test_relay_passes_the_contract_with_each_bot() -> None:
    setup = GAME.Setup.model_validate(SETUP)
    for bot in GAME.bots:
        check_contract(GAME, setup, seed=3, max_steps=2000, bot=bot)
