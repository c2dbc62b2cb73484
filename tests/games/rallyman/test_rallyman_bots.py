"""The cautious and attacker bots."""

from __future__ import annotations

import numpy as np
import pytest

from racerbile.engine.testing import check_contract
from racerbile.games.rallyman import GAME, RallymanSetup
from racerbile.games.rallyman.actions import Attack, Roll, Stop
from racerbile.games.rallyman.bots import ATTACK_RISK, BOTS, safe_gears
from racerbile.games.rallyman.odds import attack_risk

from .builders import make_state, place, play

RNG = np.random.default_rng(0)
STRAIGHT = " ".join(["R"] * 30)


@pytest.mark.rule("RM-SEC-1")
def test_cautious_stops_with_the_limit_less_one_hazards() -> None:
    state = place(make_state(STRAIGHT), 0, "m:3", 3)
    state, _ = play(state, "roll 4 m:4", "face H")
    assert isinstance(BOTS["cautious"](state, RNG), Roll)
    state, _ = play(state, "roll 5 m:5", "face H")
    assert BOTS["cautious"](state, RNG) == Stop()


@pytest.mark.rule("RM-CORNER-1")
def test_safe_gears_slow_down_one_gear_per_space_before_a_corner() -> None:
    state = place(make_state("R R R R R C2 R R"), 0, "m:0", 1)
    assert safe_gears(state, 0)[:7] == [5, 5, 5, 4, 3, 2, 5]
    fast = place(make_state("R R R R R C2 R R"), 0, "m:3", 5)
    choice = BOTS["cautious"](fast, RNG)
    assert isinstance(choice, Roll) and choice.die == "4"


@pytest.mark.rule("RM-ATT-1")
def test_attacker_time_attacks_when_the_risk_is_small() -> None:
    state = place(make_state(STRAIGHT), 0, "m:3", 5)
    choice = BOTS["attacker"](state, RNG)
    assert isinstance(choice, Attack)
    assert float(attack_risk(state, choice)) <= ATTACK_RISK
    assert isinstance(BOTS["cautious"](state, RNG), Roll)


@pytest.mark.parametrize("bot", ["cautious", "attacker"])
def test_bots_drive_a_whole_rally(bot: str) -> None:
    setup = RallymanSetup(players=[{"name": "A"}, {"name": "B"}], rally="nordlys")
    final = check_contract(GAME, setup, seed=4, max_steps=20000, bot=bot)
    result = GAME.result(final)
    assert result is not None and all(s.detail["rally_time"] for s in result.standings)
