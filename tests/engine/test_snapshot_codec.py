"""The snapshot codec: every state and event of every game reads back as itself from
JSON text, and a state that would not is refused rather than written."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import numpy as np
import pytest

from racerbile.engine.autoplay import autoplay, random_or_bot
from racerbile.engine.chance import DiceStream
from racerbile.engine.snapshot import SnapshotCodec, SnapshotError, snapshot_codec
from racerbile.games import available_games, get_game

STEPS = 300
LEMANS = {
    "rule_set": "lemans",
    "teams": [
        {"name": "Kerne", "drivers": ["a", "b", "c"]},
        {"name": "Fys", "drivers": ["d", "e", "f"]},
    ],
    "judges": ["Karl"],
}


def cases() -> list[tuple[str, dict[str, Any], int]]:
    out = [
        (game_id, setup, seed)
        for game_id in available_games()
        for setup, seed in get_game(game_id).playthroughs.values()
    ]
    return [*out, ("racerbile", LEMANS, 11)]


def through_text(data: Any) -> Any:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize(("game_id", "setup", "seed"), cases())
def test_every_state_and_event_reads_back_as_itself(
    game_id: str, setup: dict[str, Any], seed: int
) -> None:
    game = get_game(game_id)
    start = game.start(game.Setup.model_validate(setup))
    # A codec of a start built anew, as the server's: unchanged parts compare equal.
    codec = snapshot_codec(game, game.start(game.Setup.model_validate(setup)))
    assert codec is not None
    decide = random_or_bot(game, np.random.default_rng(seed))
    states = events = 0
    for n, played in enumerate(autoplay(game, start, DiceStream(seed), decide, STEPS)):
        for event in played.step.events:
            data = codec.dump_event(event)
            assert data is not None, event
            assert codec.load_event(through_text(data)) == event
            events += 1
        if n % 3:
            continue
        state = played.step.state
        data = codec.dump_state(state)
        assert data is not None, game.format_state(state)
        back = codec.load_state(through_text(data))
        for field in dataclasses.fields(state):  # every field: some are left out of ==
            assert getattr(back, field.name) == getattr(state, field.name), field.name
        states += 1
    assert states > 2 and events > 2


def codec_of(game_id: str) -> SnapshotCodec:
    game = get_game(game_id)
    setup = game.Setup.model_validate({"players": [{"name": "A"}, {"name": "B"}]})
    return SnapshotCodec(game, game.start(setup))


def test_the_fingerprint_is_the_same_for_the_same_code_and_names_the_game() -> None:
    assert codec_of("vectrace").fingerprint == codec_of("vectrace").fingerprint
    assert codec_of("vectrace").fingerprint != codec_of("ludol").fingerprint


def test_a_snapshot_that_does_not_read_is_refused_with_its_reason() -> None:
    codec = codec_of("vectrace")
    with pytest.raises(SnapshotError, match="turn"):
        codec.load_state({"turn": "not a number"})
    with pytest.raises(SnapshotError, match="no_such_field"):
        codec.load_state({"no_such_field": 1})
    with pytest.raises(SnapshotError, match="unknown kind 'nope'"):
        codec.load_event({"kind": "nope"})
