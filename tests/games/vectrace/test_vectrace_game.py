"""The game behind the engine contract: setup, random play, records, notation, views."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from racerbile.engine import CHANCE, ActionCodec, Game, Record, replay, step
from racerbile.games import get_game
from racerbile.games.vectrace import GAME
from racerbile.games.vectrace.actions import Begin, Move, Place
from racerbile.games.vectrace.bots import BOTS
from racerbile.games.vectrace.describe import describe
from racerbile.games.vectrace.notation import (
    format_action,
    format_state,
    parse_action,
    parse_state,
)
from racerbile.games.vectrace.render import render_svg
from racerbile.games.vectrace.state import State

SMALL = {"players": [{"name": "Anna"}, {"name": "Bo"}, {"name": "Cy"}]}


def test_registry_and_contract() -> None:
    assert get_game("vectrace") is GAME
    assert isinstance(GAME, Game)
    assert GAME.info.id == "vectrace" and not GAME.info.has_chance
    assert set(GAME.bots) == {"optimal", "cautious", "random"}


def test_setup_defaults_and_errors() -> None:
    setup = GAME.Setup.model_validate({"players": [{"name": "A"}, {"name": "B"}]})
    assert setup.track == "sprint" and not setup.options.skid
    with pytest.raises(ValidationError, match="not a bundled track id"):
        GAME.Setup.model_validate({"players": [{"name": "A"}], "track": "nowhere"})
    with pytest.raises(ValidationError, match="start points"):
        GAME.Setup.model_validate({"players": [{"name": str(i)} for i in range(8)]})
    with pytest.raises(ValidationError, match="track_text:2:3: unknown character"):
        GAME.Setup.model_validate(
            {"players": [{"name": "A"}], "track_text": "#####\n#SxF#\n#####\n"}
        )
    with pytest.raises(ValidationError):
        GAME.Setup.model_validate({"players": [{"name": "A"}], "options": {"warp": True}})


def _random_game(
    seed: int, setup_data: dict[str, object], bot: str = "random", mix: float = 0.8
) -> tuple[State, Record]:
    setup = GAME.Setup.model_validate(setup_data)
    state = GAME.start(setup)
    record = Record.new(GAME, setup)
    rng = np.random.default_rng(seed)
    codec = ActionCodec(GAME.action_types)
    for _ in range(400):
        actor = GAME.to_act(state)
        if actor is None:
            break
        assert actor is not CHANCE and GAME.chance_outcomes(state) == []
        legal = GAME.legal_actions(state)
        action = BOTS[bot](state, rng) if rng.random() < mix else legal[rng.integers(len(legal))]
        assert action in legal
        assert codec.decode(json.loads(json.dumps(action.to_json()))) == action
        assert parse_action(format_action(action)) == action
        result = step(GAME, state, action, actor)
        for event in result.events:
            assert describe(event, "da") and str(event)
            json.dumps(event.to_json())
        state = result.state
        record = record.with_action(action)
        json.dumps(GAME.view(state, actor))
    return state, record


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.integers(0, 3))
def test_random_play_replays_to_the_same_state(seed: int, variant: int) -> None:
    options = [
        {"max_rounds": 40},
        {"skid": True, "barrier": True, "collision": True, "max_rounds": 30},
        {"setback": True, "setback_moves": 2, "redraw_order": True, "max_rounds": 30},
        {"assign_starts": True, "literal": True, "max_rounds": 30},
    ][variant]
    state, record = _random_game(seed, {**SMALL, "options": options})
    rebuilt = replay(GAME, Record.model_validate_json(record.model_dump_json()))
    assert rebuilt.state == state
    assert format_state(rebuilt.state) == format_state(state)


def test_random_play_on_the_lap_track() -> None:
    setup: dict[str, object] = {
        **SMALL,
        "track": "ring",
        "options": {"laps": True, "max_rounds": 60},
    }
    state, record = _random_game(3, setup, bot="optimal", mix=1.0)
    assert GAME.to_act(state) is None
    result = GAME.result(state)
    assert result is not None and result.standings[0].detail["status"] == "finished"
    assert replay(GAME, record).state == state


def test_notation_round_trips_a_state() -> None:
    state, _ = _random_game(7, {**SMALL, "options": {"max_rounds": 5}})
    line = format_state(state)
    again = parse_state(line, state.track, options=state.options, names=state.names)
    assert format_state(again) == line
    assert [c.pos for c in again.cars] == [c.pos for c in state.cars]


def test_action_notation() -> None:
    assert parse_action("begin 2") == Begin(2)
    assert parse_action(" place 3, 4 ") == Place(3, 4)
    assert parse_action("5,-1") == Move(5, -1) == parse_action("move 5,-1")
    assert repr(Move(1, 2)) == "Move(x=1, y=2)"
    with pytest.raises(ValueError, match="cannot read"):
        parse_action("fly 3")


def test_view_and_seat_names() -> None:
    setup = GAME.Setup.model_validate(SMALL)
    state = GAME.start(setup)
    view = GAME.view(state, None)
    assert view["phase"] == "order" and view["to_act"] == 0 and "targets" not in view
    assert GAME.seat_names(state) == ["Anna", "Bo", "Cy"]
    state = step(GAME, state, Begin(0)).state
    for _ in range(3):
        state = step(GAME, state, GAME.legal_actions(state)[0]).state
    view = GAME.view(state, 1)
    assert len(view["targets"]) == 9 and json.dumps(view)
    assert render_svg(state.track, state).count("<circle") == 3


def test_describe_in_danish() -> None:
    setup = GAME.Setup.model_validate(SMALL)
    events = step(GAME, GAME.start(setup), Begin(1)).events
    assert GAME.describe(events[0], "da") == "Bo begynder; turrækkefølge Bo, Cy, Anna."
    assert GAME.describe(events[0], "en") == "Bo begins; turn order Bo, Cy, Anna."


def test_bots_accept_random_random_too() -> None:
    setup = GAME.Setup.model_validate({"players": [{"name": "A"}]})
    state = GAME.start(setup)
    rng = random.Random(1)
    while GAME.to_act(state) is not None and state.round < 50:
        state = step(GAME, state, BOTS["random"](state, rng)).state
    assert state.cars[0].status != "crashed"  # never crashes while a safe move exists
