"""The shared checks of engine.step and the JSON decoding of actions."""

from __future__ import annotations

import pytest
from dice_race import GAME, Die, Pass, Roll

from racerbile.engine import (
    CHANCE,
    ActionCodec,
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    step,
)


def test_step_refuses_the_wrong_seat_by_name() -> None:
    state = GAME.start(GAME.Setup(players=["Anna", "Bo"]))
    with pytest.raises(NotYourTurn, match="Anna's turn, not Bo's"):
        step(GAME, state, Roll(), actor=1)


def test_step_refuses_a_seat_at_a_chance_point() -> None:
    state = step(GAME, GAME.start(GAME.Setup()), Roll(), actor=0).state
    with pytest.raises(NotYourTurn, match="the dice"):
        step(GAME, state, Die(2), actor=0)
    assert step(GAME, state, Die(2), actor=CHANCE).state.positions == (2, 0)


def test_step_refuses_actions_after_the_end() -> None:
    state = GAME.start(GAME.Setup(goal=1))
    state = step(GAME, step(GAME, state, Roll()).state, Die(1)).state
    with pytest.raises(GameOver):
        step(GAME, state, Pass())


def test_illegal_action_leaves_the_state_untouched() -> None:
    state = GAME.start(GAME.Setup())
    with pytest.raises(IllegalAction) as info:
        step(GAME, state, Die(3))
    assert info.value.rule_id == "RACE-1"
    assert info.value.to_json()["code"] == "action/illegal"
    assert state == GAME.start(GAME.Setup())


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "must be a JSON object"),
        ({"kind": "jump"}, "unknown action kind 'jump'; expected one of: die, pass, roll"),
        ({"value": 3}, "unknown action kind None"),
        ({"kind": "die"}, "malformed die action: value: Field required"),
        ({"kind": "die", "value": "six"}, "malformed die action: value:"),
        ({"kind": "die", "value": 2, "extra": 1}, "unknown field\\(s\\) extra"),
    ],
)
def test_codec_refuses_malformed_actions(data: object, message: str) -> None:
    with pytest.raises(InvalidAction, match=message):
        ActionCodec(GAME.action_types).decode(data)


def test_codec_round_trips_actions() -> None:
    codec = ActionCodec(GAME.action_types)
    for action in (Roll(), Pass(), Die(3)):
        assert codec.decode(action.to_json()) == action
