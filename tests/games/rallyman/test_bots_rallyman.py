"""The optimal bot's decisions, and the attacker against the cautious bot."""

from __future__ import annotations

import math

import numpy as np
import pytest

from racerbile.games.rallyman import GAME, RallymanSetup
from racerbile.games.rallyman.actions import Sisu
from racerbile.games.rallyman.board.catalog import bundled_stages
from racerbile.games.rallyman.bots import BOTS

from .builders import make_state, place, play
from .test_solver_stages import drive

GAMES = 40


def test_the_optimal_bot_is_listed_with_a_description() -> None:
    assert "optimal" in GAME.bots
    assert "least expected stage time" in GAME.bots.description("optimal")


@pytest.mark.rule("RM-SISU-1")
def test_the_optimal_bot_plays_sisu_against_a_costly_loss_of_control() -> None:
    state = place(make_state("R R R R R R R R"), 0, "m:0", 4)
    state, _ = play(state, "roll 5 m:1", "face H", "roll G m:2", "face H", "roll G m:3", "face H")
    assert state.turn is not None and state.turn.loc is not None
    assert BOTS["optimal"](state, np.random.default_rng(0)) == Sisu(True)


@pytest.mark.slow
@pytest.mark.rule("RM-ATT-1")
@pytest.mark.parametrize("stage", sorted(bundled_stages()))
def test_the_attacker_is_not_slower_than_the_cautious_bot(stage: str) -> None:
    setup = RallymanSetup(players=[{"name": "A"}], rally=stage)
    cautious = np.array([drive(setup, "cautious", i) for i in range(GAMES)], dtype=float)
    attacker = np.array([drive(setup, "attacker", i) for i in range(GAMES)], dtype=float)
    spread = math.sqrt((cautious.var(ddof=1) + attacker.var(ddof=1)) / GAMES)
    assert attacker.mean() < cautious.mean() + 2 * spread
