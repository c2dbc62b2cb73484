"""The optimal solo driver on every bundled stage: its expected time is what it drives,
and it is faster than the cautious and attacker bots (RM-SOLO-1: one car against the
clock)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from racerbile.engine import Action, DiceStream
from racerbile.engine.autoplay import autoplay
from racerbile.games.rallyman import GAME, RallymanSetup
from racerbile.games.rallyman.board.catalog import bundled_stages
from racerbile.games.rallyman.bots import _tyres, solver_for
from racerbile.sim.runner import bot_rng, game_seed

OPTIMAL_GAMES = 60
OTHER_GAMES = 20


def stage_times(stage: str, bot: str, games: int) -> np.ndarray:
    """Returns the stage times of ``games`` seeded solo runs (a retirement: its time so
    far plus the super-rally penalty, as the solver counts it)."""
    setup = RallymanSetup(players=[{"name": "A"}], rally=stage)
    return np.array([drive(setup, bot, index) for index in range(games)], dtype=float)


def drive(setup: RallymanSetup, bot: str, index: int) -> int:
    """Returns the stage time of solo run ``index`` (seeded as the simulator seeds it)."""
    rng = bot_rng(1, index, 0)

    def decide(state: Any, seat: int) -> Action:
        return GAME.bots[bot](state, rng)

    state = GAME.start(setup)
    for played in autoplay(GAME, state, DiceStream(game_seed(1, index)), decide, 10**5):
        state = played.step.state
    car = state.cars[0]
    time = car.times[0]
    return time if time is not None else car.stage_time + state.options.super_rally_penalty_s


def standard_error(times: np.ndarray) -> float:
    return float(times.std(ddof=1) / math.sqrt(len(times)))


@pytest.mark.slow
@pytest.mark.rule("RM-SOLO-1")
@pytest.mark.rule("RM-RALLY-2")
@pytest.mark.parametrize("stage", sorted(bundled_stages()))
def test_the_optimal_driver_drives_its_expected_time_and_beats_the_other_bots(
    stage: str,
) -> None:
    state = GAME.start(RallymanSetup(players=[{"name": "A"}], rally=stage))
    expected = solver_for(state.stage, state.options, _tyres(state)).expected()
    optimal = stage_times(stage, "optimal", OPTIMAL_GAMES)
    assert abs(optimal.mean() - expected) <= 3 * standard_error(optimal)
    for other in ("cautious", "attacker"):
        times = stage_times(stage, other, OTHER_GAMES)
        gap = math.hypot(standard_error(optimal), standard_error(times))
        assert optimal.mean() + 3 * gap < times.mean(), other


@pytest.mark.slow
def test_analyse_prints_the_expected_time_and_draws_the_plan(tmp_path: Path) -> None:
    picture = tmp_path / "plan.svg"
    command = [sys.executable, "-m", "racerbile", "analyse", "rallyman", "ss-polarnat",
               "--tyres", "snow", "--json", "--out", str(picture)]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3] / "src")}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    (figures,) = json.loads(done.stdout)
    assert figures["stage"] == "ss-polarnat" and figures["tyres"] == "snow"
    assert 20 < figures["expected_time_s"] < 300
    assert f"expected {figures['expected_time_s']:.1f} s" in picture.read_text(encoding="utf-8")


def test_analyse_refuses_a_picture_it_cannot_write() -> None:
    from typer.testing import CliRunner

    from racerbile.cli import app

    done = CliRunner().invoke(app, ["analyse", "rallyman", "ss-polarnat", "--out", "x.png"])
    assert done.exit_code == 2 and "must end in .svg" in done.output
    done = CliRunner().invoke(app, ["analyse", "rallyman", "ss-polarnat", "--tyres", "slick"])
    assert done.exit_code == 2 and "choose asphalt or snow" in done.output
