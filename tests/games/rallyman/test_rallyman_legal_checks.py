"""The checks of an announced pool and a placed die search for that action alone: they
accept exactly what the legal actions list, in every state of random rallies (RM-ATT-1)."""

from __future__ import annotations

import random

import pytest

from racerbile.engine.contract import CHANCE
from racerbile.engine.errors import IllegalAction
from racerbile.games.rallyman import rules
from racerbile.games.rallyman.actions import Attack, Place
from racerbile.games.rallyman.game import GAME
from racerbile.games.rallyman.rules.attack import place_actions
from racerbile.games.rallyman.rules.moves import candidate_pools
from racerbile.games.rallyman.setup import RallymanSetup
from racerbile.games.rallyman.state import State


def _rally(players: int, seed: int) -> list[State]:
    """Returns the states of a rally played with random legal actions."""
    rng = random.Random(seed)
    setup = RallymanSetup.model_validate({"players": [{"name": n} for n in "ABCD"[:players]]})
    state = GAME.start(setup)
    states = []
    while rules.to_act(state) is not None and len(states) < 400:
        states.append(state)
        if rules.to_act(state) == CHANCE:
            outcomes = rules.chance_outcomes(state)
            weights = [float(p) for _, p in outcomes]
            action = rng.choices([a for a, _ in outcomes], weights)[0]
        else:
            action = rng.choice(rules.legal_actions(state))
        state = rules.apply(state, action).state
    return states


def _accepted(state: State, action: Attack | Place) -> bool:
    try:
        rules.apply(state, action)
    except IllegalAction:
        return False
    return True


def _candidates(state: State) -> list[Attack | Place]:
    turn = state.turn
    assert turn is not None
    if turn.technique == "none" and not turn.used:
        return [Attack(pool) for pool in candidate_pools(5, 2)] + [Attack("543"), Attack("9")]
    stage = state.stage
    car = state.cars[turn.seat]
    near = {stage.entry} if car.space is None else {car.space}
    for _ in range(2):
        near |= {lk.to for i in near if i < stage.finish for lk in stage.links[i]}
    gids = [stage.gid(i) for i in sorted(near)] + ["nowhere:0"]
    return [Place(d, h, g) for d in "12345G" for h in (False, True) for g in gids]


@pytest.mark.rule("RM-ATT-1")
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3)])
def test_rm_att_1_pools_and_placed_dice_are_accepted_exactly_when_legal(
    players: int, seed: int
) -> None:
    accepted: dict[type, int] = {Attack: 0, Place: 0}
    refused = 0
    for state in _rally(players, seed):
        turn = state.turn
        if state.phase != "race" or turn is None or rules.to_act(state) != turn.seat:
            continue
        if turn.loc is not None or not (turn.technique == "attack" or not turn.used):
            continue
        legal = rules.legal_actions(state)
        if turn.technique == "attack":
            assert legal == place_actions(state)
        for action in _candidates(state):
            ok = _accepted(state, action)
            assert ok == (action in legal), action
            if ok:
                accepted[type(action)] += 1
            else:
                refused += 1
    assert min(accepted.values()) > 10 and refused > 100, (accepted, refused)
