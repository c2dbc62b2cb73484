"""The start of a move from kept facts equals the start computed afresh.

RB-CELL-3/5 (blocked cells), RB-LM-8 (the pit), RB-TURN-6 (the ranking before the
move) and RB-RACE-4 (the heading) depend on the position, not on the dice, so they are
kept per cars object; a move started from them must be the move started without them.
"""

from __future__ import annotations

import random
from typing import Any

from rb_helpers import lemans_race, put

from racerbile.games import get_game
from racerbile.games.racerbile import rules
from racerbile.games.racerbile.actions import ROLL, Die, StepTo
from racerbile.games.racerbile.rules import moving
from racerbile.games.racerbile.rules.ranking import ranking
from racerbile.games.racerbile.state import State

GAME = get_game("racerbile")
SETUPS: list[dict[str, Any]] = [
    {"players": [{"name": n} for n in "ABC"]},
    {"players": [{"name": n} for n in "ABCDE"], "rule_set": "racerbile", "track": "kringlen"},
    {"players": [{"name": n} for n in "ABCD"], "rule_set": "lemans", "upside_down": True},
]


def _last_dice(setup: dict[str, Any], seed: int, actions: int = 400) -> list[State]:
    """The states of a seeded random race whose next settled die completes the roll."""
    rng = random.Random(seed)
    state = GAME.start(setup)
    found = []
    for _ in range(actions):
        if state.phase == "over":
            break
        turn = state.turn
        if turn is not None and turn.phase == "dice" and len(turn.dice) + 1 == _gear(state):
            found.append(state)
        legal = rules.legal_actions(state)
        steps = [a for a in legal if isinstance(a, StepTo)]
        action = rng.choice(steps if steps and rng.random() < 0.8 else legal)
        state = rules.apply(state, action).state
    return found


def _gear(state: State) -> int:
    assert state.turn is not None
    return state.cars[state.turn.seat].gear


def test_rb_cell_3_turn_6_race_4_kept_start_equals_fresh_start() -> None:
    checked = 0
    for setup in SETUPS:
        for state in _last_dice(setup, 3):
            for value in (1, 2, 3, 4):
                moving._STARTS.clear()
                fresh = rules.apply(state, Die(value))
                kept = rules.apply(state, Die(value))  # every roll but the first: kept
                assert kept == fresh
                checked += 1
    assert checked > 100


def test_rb_turn_6_lm_13_other_penalty_laps_with_the_same_cars_rank_afresh() -> None:
    state = rules.apply(lemans_race(3), ROLL).state
    assert state.lemans is not None and state.turn is not None
    rules.apply(state, Die(2))  # the start for these cars is kept
    penalised = state.replace(lemans=state.lemans._replace(penalty_laps=(5, 0, 0)))
    assert penalised.cars is state.cars
    turn = rules.apply(penalised, Die(2)).state.turn
    assert turn is not None and turn.before == ranking(penalised) != ranking(state)


def test_rb_cell_5_another_mover_with_the_same_cars_is_blocked_afresh() -> None:
    state = rules.apply(lemans_race(3), ROLL).state
    seat = state.turn.seat if state.turn else 0
    other = (seat + 1) % 3
    stacked = put(state, (seat + 2) % 3, cell=state.cars[other].cell, off_from=None)
    first = rules.apply(stacked, Die(2)).state.turn
    assert first is not None and state.cars[other].cell in first.blocked
    swapped = stacked.replace(turn=stacked.turn._replace(seat=other) if stacked.turn else None)
    assert swapped.cars is stacked.cars
    second = rules.apply(swapped, Die(2)).state.turn
    assert second is not None and state.cars[other].cell not in second.blocked
