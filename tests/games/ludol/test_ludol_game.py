"""Ludøl behind the engine contract: seeded games with every bot, views, errors."""

from __future__ import annotations

import json

import pytest

from racerbile.engine import CHANCE, GameOver, IllegalAction, InvalidAction, step
from racerbile.engine.testing import check_contract
from racerbile.games.ludol import GAME, LudolSetup
from racerbile.games.ludol.actions import Move, Throw

from .helpers import position, throw

SETUPS = [
    {"players": [{"name": "Anna"}, {"name": "Bo"}]},
    {"players": [{"name": "Anna", "colours": 2}, {"name": "Bo"}, {"name": "Cille"}]},
    {"players": [{"name": n} for n in ("A", "B", "C", "D")], "profile": "norsk"},
]


@pytest.mark.parametrize("data", SETUPS)
def test_random_play_passes_the_contract(data: dict) -> None:
    for seed in range(2):
        check_contract(GAME, LudolSetup.model_validate(data), seed=seed, max_steps=20_000)


@pytest.mark.parametrize("bot", sorted(GAME.bots))
def test_every_bot_plays_a_game_to_the_end(bot: str) -> None:
    setup = LudolSetup.model_validate(SETUPS[0])
    state = check_contract(GAME, setup, seed=3, max_steps=20_000, bot=bot)
    assert state.ending is not None


def test_view_is_json_and_lists_the_options() -> None:
    state, _ = throw(position({"A": [10], "B": [20]}), 2)
    data = GAME.view(state, None)
    json.dumps(data)
    assert data["legal"] == ["A10+2", "A10+5"] and data["turn"]["throw"] == 2
    assert data["to_act"] == 0 and data["drinks"][0]["beers"] == 0


def test_bad_input_raises_one_clear_error_and_changes_nothing() -> None:
    state, _ = throw(position({"A": [10], "B": [20]}), 2)
    before = GAME.format_state(state)
    for action, rule in ((Move("A", 10, 4), "LD-ROROS-1"), (Move("A", 11, 2), "LD-MOVE-1")):
        with pytest.raises(IllegalAction) as err:
            step(GAME, state, action)
        assert err.value.rule_id == rule and "[state:" in str(err.value)
    with pytest.raises(IllegalAction):
        step(GAME, state, Throw(3))  # a move is due first
    with pytest.raises(InvalidAction):
        GAME.parse_action("A10-2")
    assert GAME.format_state(state) == before
    waiting = position({"A": [10], "B": [20]})
    assert GAME.to_act(waiting) is CHANCE
    with pytest.raises(IllegalAction, match="1 to 6"):
        step(GAME, waiting, Throw(7))


def test_no_action_after_the_end() -> None:
    state, _ = throw(position({"A": [52], "B": [20]}), 4)
    over = step(GAME, state, Move("A", 52, 4)).state
    assert GAME.to_act(over) is None and GAME.legal_actions(over) == []
    with pytest.raises(GameOver):
        step(GAME, over, Throw(3))
