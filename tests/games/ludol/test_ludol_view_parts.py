"""The view's and the clock's parts written without the general path agree with it:
the legal actions' notation, the exact scores, the options a throw waits with, one
view per state for every seat."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from racerbile.engine import CHANCE
from racerbile.engine.contract import Clock
from racerbile.games.ludol import GAME, LudolSetup, notation, rules
from racerbile.games.ludol.actions import ChugTimeUp
from racerbile.games.ludol.game import chug_clocks, notation_fraction, score_text, view
from racerbile.games.ludol.rules import board
from racerbile.games.ludol.rules.flow import scores
from racerbile.games.ludol.state import YARD, State

from .helpers import position, throw

SETUPS = [
    {"players": [{"name": "Anna"}, {"name": "Bo"}], "options": {"chug_seconds": 120}},
    {"players": [{"name": "Anna", "colours": 2}, {"name": "Bo"}], "profile": "norsk"},
    {
        "players": [{"name": n} for n in ("Anna", "Bo", "Cille")],
        "options": {"immune_landing": "illegal", "roros_exception": "per_throw"},
    },
]


def _states(data: dict, seed: int, most: int = 600) -> list[State]:
    """The states of one game of random legal actions."""
    rng = random.Random(seed)
    state = GAME.start(LudolSetup.model_validate(data))
    states = [state]
    while GAME.to_act(state) is not None and len(states) < most:
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rng.randrange(len(legal))]).state
        states.append(state)
    return states


@pytest.mark.parametrize("data", SETUPS)
def test_the_legal_actions_notation_and_the_throws_options_agree_with_the_rules(
    data: dict,
) -> None:
    kinds = set()
    for state in _states(data, seed=7):
        written = [notation.format_action(a) for a in rules.legal_actions(state)]
        assert notation.format_legal(state) == written
        turn = state.turn
        if state.phase == "play" and turn is not None and turn.throw is not None:
            kinds.add("declare" if turn.declare else "options")
            if not turn.declare:
                profile = state.config.profile
                found = board.options(state.glasses, turn.colour, turn.throw, profile, turn.forced)
                assert turn.options == found
        elif GAME.to_act(state) is CHANCE:
            kinds.add("throw")
    assert {"options", "throw"} <= kinds


def test_a_declaration_is_listed_as_the_rules_list_it() -> None:
    # A's start square (B's 39) holds B's block: a 1 has no move, nor a 6 (LD-SIX-3)
    state, _ = throw(position({"A": [YARD] * 4, "B": [39, 39]}), 1)
    assert state.turn is not None and state.turn.declare
    written = [notation.format_action(a) for a in rules.legal_actions(state)]
    assert notation.format_legal(state) == written == ["declare six", "declare one"]


@pytest.mark.parametrize("data", SETUPS)
def test_the_views_scores_are_the_exact_scores(data: dict) -> None:
    for state in _states(data, seed=11)[::7]:
        exact = {str(p): notation_fraction(s) for p, s in scores(state).items()}
        assert view(state)["scores"] == exact


def test_score_text_writes_the_fraction_in_lowest_terms() -> None:
    for total in range(-45, 270, 7):
        for divisor in (1, 2, 3, 4):
            assert score_text(total, divisor) == notation_fraction(Fraction(total, divisor))


def test_every_seat_is_given_the_one_view_of_a_state() -> None:
    states = _states(SETUPS[0], seed=3, most=40)
    for state in states:
        shared = GAME.view(state, 0)
        assert GAME.view(state, 1) is shared and GAME.view(state, None) is shared
        assert shared == view(state)
    assert GAME.view(states[0], None) == view(states[0])  # asked again after the others


def test_chug_clocks_are_the_running_chugs_countdowns() -> None:
    for state in _states(SETUPS[0], seed=5, most=2000):
        expected = [
            Clock(120, ChugTimeUp(c.id), "event", f"chug:{c.id}")
            for c in state.chugs
            if c.status == "running"
        ]
        assert chug_clocks(state) == expected
