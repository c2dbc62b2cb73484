"""Records: JSON round trip and exact replay, and clear errors for bad records."""

from __future__ import annotations

import numpy as np
import pytest
from dice_race import GAME, Die, Roll
from hypothesis import given, settings
from hypothesis import strategies as st

from racerbile.engine import DiceStream, Record, RecordError, replay, step
from racerbile.engine.autoplay import autoplay, random_or_bot
from racerbile.engine.record import live_actions


def _play(seed: int, moves: int) -> tuple[object, Record]:
    setup = GAME.Setup(players=["A", "B", "C"], goal=30)
    state, record = GAME.start(setup), Record.new(GAME, setup, seed)
    decide = random_or_bot(GAME, np.random.default_rng(seed))
    for played in autoplay(GAME, state, DiceStream(seed), decide, moves):
        state = step(GAME, played.before, played.action, played.actor).state
        record = record.with_action(played.action)
    return state, record


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 120))
def test_records_round_trip_and_replay_exactly(seed: int, moves: int) -> None:
    state, record = _play(seed, moves)
    again = Record.parse(record.model_dump_json())
    assert again == record
    assert replay(GAME, again).state == state


def test_replay_names_the_failing_action() -> None:
    _, record = _play(1, 4)
    bad = record.model_copy(update={"actions": [*record.actions[:2], Die(9).to_json()]})
    with pytest.raises(RecordError, match=r"action 3 .*failed"):
        replay(GAME, bad)


def test_replay_refuses_another_rules_version() -> None:
    record = Record.new(GAME, GAME.Setup()).model_copy(update={"rules_version": 0})
    with pytest.raises(RecordError, match="rules version 0"):
        replay(GAME, record)


def test_record_parse_errors_say_where() -> None:
    with pytest.raises(RecordError, match=r"<record>:1:\d+: not valid JSON"):
        Record.parse("{nope")
    with pytest.raises(RecordError, match="field game: Field required"):
        Record.parse('{"rules_version": 1, "setup": {}}')


def test_record_with_action_appends_json() -> None:
    record = Record.new(GAME, GAME.Setup()).with_action(Roll())
    assert record.actions == [{"kind": "roll"}]


def test_replay_skips_voided_actions_and_keeps_them_in_the_record() -> None:
    state, record = _play(3, 6)
    _, longer = _play(3, 8)
    undone = longer.with_void([7, 8])
    assert undone.actions[:8] == longer.actions  # the voided actions stay, as an audit trail
    assert undone.actions[8] == {"void": [7, 8]}
    assert live_actions(undone.actions) == record.actions
    again = Record.parse(undone.model_dump_json())
    assert replay(GAME, again).state == state
