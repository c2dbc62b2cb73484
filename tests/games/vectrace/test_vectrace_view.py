"""The view shows the same whatever earlier views left remembered: the trails made JSON
and the targets' marks are shared between views, never different from made anew."""

from __future__ import annotations

import random

import pytest

from racerbile.games.vectrace import GAME, game, targets
from racerbile.games.vectrace.state import State


def _race(seed: int, players: int, moves: int) -> list[State]:
    """The states of a seeded random race on the grand tour (crashed cars set back)."""
    setup = GAME.Setup.model_validate(
        {
            "players": [{"name": chr(ord("A") + i)} for i in range(players)],
            "track": "grand_tour",
            "options": {"setback": True, "setback_moves": 2},
        }
    )
    rng, state = random.Random(seed), GAME.start(setup)
    states = [state]
    while len(states) < moves and GAME.to_act(state) is not None:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state))).state
        states.append(state)
    return states


@pytest.mark.parametrize("kept", [3, game.TRAILS_KEPT])
def test_view_trails_are_the_cars_trails_in_any_order(
    monkeypatch: pytest.MonkeyPatch, kept: int
) -> None:
    """Races played at once (their states interleaved), then the same states shuffled,
    with the memo of trails forgetting often (``kept`` 3) or seldom: every trail shown
    is the car's, set backs (a trail cut short) included."""
    monkeypatch.setattr(game, "TRAILS_KEPT", kept)
    game._TRAILS.clear()
    races = [_race(seed, players, 250) for seed, players in ((1, 2), (2, 2), (3, 3))]
    states = [s for batch in zip(*races, strict=False) for s in batch]
    shuffled = random.Random(kept).sample(states, len(states))
    for state in states + shuffled:
        shown = [car["trail"] for car in GAME.view(state, None)["cars"]]
        assert shown == [[list(p) for p in car.trail] for car in state.cars]
    # a state's next in the same race comes len(races) states later
    cut_short = sum(
        len(b.trail) > len(a.trail)
        for before, after in zip(states, states[len(races) :], strict=False)
        for b, a in zip(before.cars, after.cars, strict=True)
    )
    assert cut_short > 0


def test_view_is_the_same_made_with_nothing_remembered() -> None:
    """Each view equals the one made after every memo of the view is emptied."""
    states = _race(4, 3, 200)
    for state in random.Random(4).sample(states, len(states)):
        seen = [GAME.view(state, seat) for seat in (None, 0, 1, 2)]
        game._TRAILS.clear()
        targets._marks.cache_clear()
        anew = GAME.view(state, None)
        assert all(view == anew for view in seen)
