"""The log told change by change (server/loglines.py) when actions are taken back: a
room's log loses its last events and gains others in their place, and its bounded
length drops the oldest; every change must read as the whole log told at once."""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np
import pytest

from racerbile.engine import Chance, Event
from racerbile.games import get_game
from racerbile.server.loglines import LogLines

SETUPS: dict[str, dict[str, Any]] = {
    "racerbile": {"players": [{"name": "Anna"}, {"name": "Bo"}]},
    "vectrace": {"players": [{"name": "Anna"}, {"name": "Bo"}], "options": {"setback": True}},
    "ludol": {"players": [{"name": "Anna"}, {"name": "Bo"}]},
    "rallyman": {"players": [{"name": "Anna"}, {"name": "Bo"}]},
}
Entry = tuple[int, Event]


def _options(game: Any, state: Any) -> list[Any]:
    if isinstance(game.to_act(state), Chance):
        return [action for action, _ in game.chance_outcomes(state)]
    return list(game.legal_actions(state))


@pytest.mark.parametrize("game_id", sorted(SETUPS))
def test_taken_back_actions_leave_the_log_told_as_the_whole_log(game_id: str) -> None:
    """After every third action the last one or two are taken back and others played
    in their place (new entries at the same record positions), in a log of 12 events."""
    game = get_game(game_id)
    state = game.start(game.Setup.model_validate(SETUPS[game_id]))
    rng = np.random.default_rng(5)
    told = {lang: LogLines(game, lang) for lang in ("en", "da")}
    log: deque[Entry] = deque(maxlen=12)
    played: list[tuple[Any, int, int]] = []  # the state before each action, its events, choice
    taken_back = 0

    def play(seq: int, options: list[Any], skip: int | None = None) -> None:
        nonlocal state
        choice = int(rng.integers(len(options)))
        if skip is not None:  # another action than the one taken back
            choice = (skip + 1 + int(rng.integers(len(options) - 1))) % len(options)
        step = game.apply(state, options[choice])
        played.append((state, len(step.events), choice))
        log.extend((seq, event) for event in step.events)
        state = step.state
        names = game.seat_names(state)
        for lang, lines in told.items():
            assert lines.told(log, names) == LogLines(game, lang).told(list(log), names), seq

    seq = 0
    while seq < 240 and game.to_act(state) is not None and _options(game, state):
        seq += 1
        play(seq, _options(game, state))
        if seq % 3 or len(played) < 2:
            continue
        back = 1 + int(rng.integers(2))
        for _ in range(back):
            state, events, chosen = played.pop()
            for _ in range(min(events, len(log))):
                log.pop()
            seq -= 1
        for n in range(back):
            options = _options(game, state)
            if game.to_act(state) is None or not options:
                break
            seq += 1
            play(seq, options, skip=chosen if n == 0 and len(options) > 1 else None)
        taken_back += 1
    assert taken_back >= 10
