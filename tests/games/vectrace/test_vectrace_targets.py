"""The targets' verdicts (VT-MOVE-2/4/5/6, VT-OPT-2/3) against a plain search written
from their definition: every sequence of moves tried, nothing remembered."""

from __future__ import annotations

import random
from typing import Any

import pytest

from racerbile.games.vectrace import GAME, rules
from racerbile.games.vectrace.state import Car, State
from racerbile.games.vectrace.targets import HORIZON, marked_targets
from racerbile.games.vectrace.track import Point

from .helpers import at

# Each variant, and the verdicts its races show (a barrier stops a car: none is doomed).
VARIANTS = [
    pytest.param(
        {"setback": True}, {"fine", "crash", "doomed1", "doomed2", "doomed3"}, id="setback"
    ),
    pytest.param(
        {"skid": True, "skid_limit": 2, "setback": True},
        {"fine", "crash", "doomed1", "doomed2"},
        id="skid",
    ),
    pytest.param({"barrier": True, "setback": True}, {"fine", "crash"}, id="barrier"),
]


def _survives_plainly(probe: State, car: Car, moves: int) -> bool:
    """Some ``moves`` moves from ``car`` avoid every crash (other cars ignored)."""
    if moves == 0:
        return True
    assert car.pos is not None
    for target in rules.target_points(car):
        outcome = rules.resolve(probe, car, target)
        if outcome.kind == "finish":
            return True
        if outcome.kind == "crash":
            continue
        vel = (0, 0) if outcome.kind in ("skid", "barrier") else _minus(target, car.pos)
        after = Car(pos=outcome.at, vel=vel, status="racing", progress=outcome.progress)
        if _survives_plainly(probe, after, moves - 1):
            return True
    return False


def _minus(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _expected(state: State, horizon: int = HORIZON) -> list[dict[str, Any]]:
    car = state.cars[state.order[state.turn]]
    assert car.pos is not None
    out = []
    for target in rules.target_points(car):
        kind = rules.preview(state, target)
        verdict: str = kind if kind in ("crash", "finish") else "fine"
        doomed_in: int | None = None
        if verdict == "fine":
            outcome = rules.resolve(state, car, target)
            vel = (0, 0) if kind in ("skid", "barrier") else _minus(target, car.pos)
            after = Car(pos=outcome.at, vel=vel, status="racing", progress=outcome.progress)
            probe = State(state.track, state.options, ("",), (after,))
            for n in range(1, horizon + 1):
                if not _survives_plainly(probe, after, n):
                    verdict, doomed_in = "doomed", n
                    break
        out.append(
            {"x": target[0], "y": target[1], "outcome": kind, "verdict": verdict,
             "doomed_in": doomed_in}
        )  # fmt: skip
    return out


def _race_states(options: dict[str, Any], seed: int, limit: int, players: int = 2) -> list[State]:
    """The states of a seeded random race on the grand tour in which a car is to move."""
    names = [{"name": chr(ord("A") + i)} for i in range(players)]
    setup = GAME.Setup.model_validate({"players": names, "track": "grand_tour", "options": options})
    rng, state = random.Random(seed), GAME.start(setup)
    states: list[State] = []
    while len(states) < limit and GAME.to_act(state) is not None:
        if state.phase == "race":
            states.append(state)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state))).state
    return states


@pytest.mark.parametrize(("options", "verdicts"), VARIANTS)
def test_vt_move_verdicts_match_a_plain_search(options: dict[str, Any], verdicts: set[str]) -> None:
    """VT-MOVE-6: every target's verdict, in every state of five random races, is the one
    a search trying every sequence of moves gives (doomed ones at several depths)."""
    seen: set[str] = set()
    for seed in range(1, 6):
        for state in _race_states(options, seed, 200):
            marked = marked_targets(state)
            assert marked == _expected(state), rules.format_state(state)
            seen.update(f"{t['verdict']}{t['doomed_in'] or ''}" for t in marked)
    assert verdicts <= seen, seen


@pytest.mark.parametrize("players", [2, 4])
def test_vt_move_verdicts_match_a_plain_search_at_every_horizon(players: int) -> None:
    """VT-MOVE-5/6: with a shorter look-ahead, and whatever earlier races left remembered
    (the states taken in a shuffled order), the verdicts are still the plain search's;
    with four cars some targets end on a car and crash (VT-MOVE-5)."""
    states = [s for seed in (7, 8) for s in _race_states({"setback": True}, seed, 80, players)]
    random.Random(players).shuffle(states)
    blocked = 0
    for state in states:
        for horizon in range(HORIZON + 1):
            marked = marked_targets(state, horizon)
            assert marked == _expected(state, horizon), (horizon, rules.format_state(state))
        seat = state.order[state.turn]
        car = state.cars[seat]
        blocked += sum(
            rules.resolve(state, car, (t["x"], t["y"])).kind != "crash" and t["outcome"] == "crash"
            for t in marked
        )
    assert blocked > 0


def test_vt_move_doomed_counts_the_moves_left_to_brake() -> None:
    """VT-MOVE-2: braking takes one square of speed a move. At speed 8 with 20 squares
    before the wall, three moves of braking (7 + 6 + 5) fit and the fourth (4) does not:
    doomed in 4, the horizon; at 9 with 19 squares, in 3; at 7 with 21, fine."""
    width = 32
    open_row, start_row = "#" + "." * (width - 2) + "#", "FS" + "." * (width - 3) + "#"
    corridor = "\n".join(["#" * width, open_row, *[start_row] * 3, open_row, "#" * width])
    state = at(corridor, "2,3:+8,+0:R:0:0", setback=True)
    by_x = {t["x"]: (t["verdict"], t["doomed_in"]) for t in marked_targets(state)}
    assert by_x == {9: ("fine", None), 10: ("doomed", HORIZON), 11: ("doomed", 3)}
    assert marked_targets(state) == _expected(state)
