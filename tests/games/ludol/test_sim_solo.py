"""The simulator reproduces spec §4.2's solo figures within 3 standard errors.

A solo game is Ludøl's own game object started in §4.2's position (one glass in the
yard, the other three in the goal, no opponents) with one bot playing §4.2's policy;
the simulator plays it as any game, with Ludøl's statistics columns, and the means
are compared with the exact figures the engine's value iteration gives.
"""

from __future__ import annotations

import math
from typing import Any, Literal

import numpy as np
import pytest
from pydantic import BaseModel, ConfigDict

from racerbile.engine.capabilities import BotRoster
from racerbile.engine.contract import Action
from racerbile.games.ludol.game import LudolGame
from racerbile.games.ludol.odds import solo, solo_policy, solo_state
from racerbile.games.ludol.state import State
from racerbile.sim import SimSpec, run


class SoloSetup(BaseModel):
    """One participant alone under one profile."""

    model_config = ConfigDict(extra="forbid")
    players: list[str] = ["solo"]
    profile: Literal["ludol", "norsk"] = "ludol"


def _policy(state: Any, rng: Any) -> Action:
    return solo_policy(state)


class SoloLudol(LudolGame):
    """Ludøl from §4.2's solo position, with §4.2's policy as its only bot."""

    Setup = SoloSetup

    def start(self, setup: BaseModel) -> State:
        assert isinstance(setup, SoloSetup)
        return solo_state(setup.profile)

    @property
    def bots(self) -> BotRoster:
        return BotRoster({"solo": _policy}, {"solo": "§4.2's policy"})


SOLO = SoloLudol()
GAMES = 800  # SE of the mean turns ≈ 0.13 (ludol) and 0.19 (norsk)


def _within_three_se(values: list[int], exact: float) -> tuple[float, float]:
    array = np.array(values, dtype=float)
    mean, se = float(array.mean()), float(array.std(ddof=1)) / math.sqrt(array.size)
    assert abs(mean - exact) <= 3 * se, f"mean {mean:.4f} vs exact {exact:.4f}, SE {se:.4f}"
    return mean, se


@pytest.mark.slow
@pytest.mark.rule("LD-ENTER-1")
@pytest.mark.rule("LD-ENTER-2")
@pytest.mark.rule("LD-MOVE-1")
@pytest.mark.rule("LD-SIX-2")
@pytest.mark.parametrize("profile", ["norsk", "ludol"])
def test_solo_simulation_matches_the_value_iteration_of_4_2(profile: str) -> None:
    spec = SimSpec(f"{__name__}:SOLO", {"players": ["solo"], "profile": profile}, ("solo",), 42)
    outcomes = run(spec, GAMES)
    seats = [g.seats[0] for g in outcomes]
    assert all(s.place == 1 for s in seats)
    exact = solo(profile)
    _within_three_se([s.turns for s in seats], float(exact.turns))
    _within_three_se([s.stats["throws"] for s in seats], float(exact.throws))
    beers = [s.stats["penalty_beers"] for s in seats]
    if profile == "norsk":
        assert not any(beers)
    else:
        _, se = _within_three_se(beers, float(exact.beers))
        assert se < 0.05  # the comparison means something: 0.47 beers per game
