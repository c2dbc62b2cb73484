"""The hot path's shortcuts agree with the plain definitions: memoised move help with a
fresh search, table-driven legal steps with :func:`step_kind`, and ``replaced`` with
``_replace``, over many positions of random races (RB-TURN-4/5, RB-DICE-6/7)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from racerbile.engine import CHANCE, DiceStream, step
from racerbile.games.racerbile import GAME
from racerbile.games.racerbile.rules.moves import (
    NO,
    geometry,
    legal_steps,
    move_options,
    search,
    step_kind,
)
from racerbile.games.racerbile.rules.ranking import closed_for, field_for
from racerbile.games.racerbile.setup import Setup
from racerbile.games.racerbile.state import Car, State, Turn, replaced
from racerbile.hexgrid import Hex


def _move_states(track: str, rule_set: str, seed: int, fork_choice: str | None) -> Iterator[State]:
    """Yields the states of a random race where the mover is to step or stop (at most
    ``LIMIT`` actions: random drivers seldom finish)."""
    players = [{"name": f"p{i}"} for i in range(4)]
    setup = Setup.model_validate(
        {"players": players, "track": track, "rule_set": rule_set, "laps": 2,
         "fork_choice": fork_choice}
    )  # fmt: skip
    rng = np.random.default_rng(seed)
    dice = DiceStream(seed)
    state = GAME.start(setup)
    for _ in range(LIMIT):
        actor = GAME.to_act(state)
        if actor is None:
            return
        if actor is CHANCE:
            action = dice.choose(GAME.chance_outcomes(state))
        else:
            if state.turn is not None and state.turn.phase == "move":
                yield state
            legal = GAME.legal_actions(state)
            action = legal[int(rng.integers(len(legal)))]
        state = step(GAME, state, action, actor).state


def _fresh(state: State) -> list[tuple[object, ...]]:
    turn = state.turn
    assert turn is not None
    car = state.cars[turn.seat]

    def closed(laps: int) -> frozenset[Hex]:
        return closed_for(state.config, state.forks, car.laps + laps)

    field = field_for(state.config, state.forks, car.laps)
    geo = geometry(state.config.track)
    found = search(geo, car.cell, turn, turn.total - turn.moved, closed, field)
    return [(o.cell, o) for o in found]


LIMIT = 2_500
CASES = [
    ("oval", "babybile", None),
    ("kringlen", "racerbile", None),
    ("kringlen", "babybile", "per_lap"),
    ("lemans", "racerbile", None),
]


@pytest.mark.parametrize(("track", "rule_set", "fork_choice"), CASES)
def test_memoised_move_help_equals_a_fresh_search(
    track: str, rule_set: str, fork_choice: str | None
) -> None:
    seen = 0
    for seed in range(2):
        for state in _move_states(track, rule_set, seed, fork_choice):
            first = list(move_options(state).items())  # computed or remembered
            again = list(move_options(state).items())  # remembered
            assert first == again == _fresh(state)
            seen += 1
    assert seen > 50


@pytest.mark.parametrize(("track", "rule_set", "fork_choice"), CASES)
def test_legal_steps_follow_step_kind(track: str, rule_set: str, fork_choice: str | None) -> None:
    for state in _move_states(track, rule_set, 3, fork_choice):
        turn = state.turn
        assert turn is not None
        car = state.cars[turn.seat]
        geo = geometry(state.config.track)
        closed = closed_for(state.config, state.forks, car.laps)
        kinds = [
            step_kind(geo, car.cell, turn.heading, d, mode=turn.mode, path=turn.path,
                      blocked=turn.blocked, closed=closed)
            for d in range(6)
        ]  # fmt: skip
        assert legal_steps(state) == [(d, k) for d, k in enumerate(kinds) if k != NO]
        assert legal_steps(state, (5, 1)) == [(d, kinds[d]) for d in (5, 1) if kinds[d] != NO]


def test_replaced_is_replace() -> None:
    car = Car(cell=Hex(3, -1), heading=2)
    assert replaced(car, {"gear": 3, "laps": 1}) == car._replace(gear=3, laps=1)
    assert type(replaced(car, {})) is Car
    turn = Turn(seat=1)
    assert replaced(turn, {"phase": "move", "moved": 2}) == turn._replace(phase="move", moved=2)
    with pytest.raises(KeyError):
        replaced(turn, {"nonsense": 1})
