"""The optimal solo driver: the solver against an exhaustive search of the engine itself.

On stages small enough, the least expected stage time is searched over the engine's own
states (every legal action, every chance outcome with its exact probability); the
compact solver must give the same number.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from racerbile.engine.contract import CHANCE
from racerbile.games.rallyman import rules
from racerbile.games.rallyman.actions import Attack
from racerbile.games.rallyman.analysis import analyse_stage, policy_svg, report
from racerbile.games.rallyman.board.model import Placement
from racerbile.games.rallyman.bots import BOTS
from racerbile.games.rallyman.solver import Solver
from racerbile.games.rallyman.state import Options, State

from .builders import legal, make_state, place, play


def searched(state: State, memo: dict[State, float]) -> float:
    """Returns the least expected stage time from ``state`` by the engine's rules."""
    if state in memo:
        return memo[state]
    car = state.cars[0]
    if state.phase == "over":
        time = car.times[0]
        value = float(
            time if time is not None else car.stage_time + state.options.super_rally_penalty_s
        )
    elif rules.to_act(state) == CHANCE:
        value = sum(
            float(p) * searched(rules.apply(state, a).state, memo)
            for a, p in rules.chance_outcomes(state)
        )
    else:
        value = min(searched(rules.apply(state, a).state, memo) for a in rules.legal_actions(state))
    memo[state] = value
    return value


@pytest.mark.rule("RM-ATT-1")
@pytest.mark.rule("RM-HAZ-1")
@pytest.mark.rule("RM-SISU-1")
@pytest.mark.rule("RM-TYRE-1")
@pytest.mark.rule("RM-JUMP-1")
@pytest.mark.parametrize(
    ("line", "options"),
    [
        ("R R", Options()),
        ("R R", Options(sisu=False)),
        ("R R R", Options(sisu=False)),
        ("S XS", Options(sisu=False, hazard_limit=2)),
        ("XJ1 XR", Options(sisu=False, hazard_limit=2)),
        ("R R", Options(sisu=False, time_attack=False, hazard_limit=2)),
    ],
)
def test_the_solver_equals_an_exhaustive_search_of_the_engine(line: str, options: Options) -> None:
    state = make_state(line, options=options)
    solver = Solver(state.stage, options, "asphalt")
    assert solver.expected() == pytest.approx(searched(state, {}), abs=1e-9)


@pytest.mark.rule("RM-ATT-1")
def test_one_space_is_best_driven_as_a_two_dice_time_attack() -> None:
    # start -> one space -> the line: dice 1 then 2 as a time attack = 40 s - 2 tokens
    stage = make_state("R").stage
    assert Solver(stage, Options(), "asphalt").expected() == pytest.approx(38.0)
    no_attack = Options(time_attack=False)
    assert Solver(stage, no_attack, "asphalt").expected() == pytest.approx(40.0)


@pytest.mark.rule("RM-ATT-1")
def test_the_optimal_bot_announces_the_solvers_best_pool() -> None:
    state = make_state("R")
    assert BOTS["optimal"](state, np.random.default_rng(0)) == Attack("12")


@pytest.mark.rule("RM-DMG-1")
@pytest.mark.rule("RM-SEC-1")
def test_damage_and_tokens_change_the_value_the_way_the_rules_say() -> None:
    solver = Solver(make_state("R R R").stage, Options(sisu=False), "asphalt")
    start = solver.values[(solver.road.start, 0)]
    # a token is a second off at the finish, or more when it secures a die (RM-SEC-1)
    tokens = start[0, 0, 0, 0]
    assert (tokens[1:] <= tokens[:-1] - 1 + 1e-9).all() and tokens[1] < tokens[0] - 1
    assert start[4, 0, 0, 0, 0] > start[0, 0, 0, 0, 0]  # one gear die a turn is slower
    assert np.isfinite(start).all()


@pytest.mark.rule("RM-LOC-3")
@pytest.mark.rule("RM-CORNER-2")
def test_a_car_spun_in_a_slide_restarts_on_the_inside_beside_it() -> None:
    # a slide takes only its own gear, so a car left there in gear 0 could never move
    state = place(make_state("R C3[44] R", options=Options(hazard_limit=1)), 0, "m:0", 3)
    state, _ = play(state, "roll 4 m:d1", "face H", "sisu no", "back spin")
    car = state.cars[0]
    assert state.stage.gid(car.space) == "m:1" and car.gear == 0
    assert legal(state) >= {"roll 1 m:2"}


def test_the_analysis_writes_the_plan_on_the_stage_picture() -> None:
    tile = Placement("t0", "OT-01", "test", "A", "asphalt", (0, 0), 0)  # the picture's hexagon
    stage = dataclasses.replace(make_state("R R").stage, placements=(tile,))
    analysis = analyse_stage(stage)
    assert analysis.expected == pytest.approx(Solver(stage, Options(), "asphalt").expected())
    assert analysis.first_choice == "A123"
    assert [p.gid for p in analysis.plans] == ["m:0", "m:1"]
    svg = policy_svg(stage, analysis)
    assert "expected 27.0 s" in svg and svg.count("s to go</title>") == 2
    assert report(analysis)[0].startswith("test (test), asphalt tyres: expected stage time 27.00 s")
    assert analysis.to_json()["spaces"][1]["space"] == "m:1"
