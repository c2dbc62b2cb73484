"""RM-SOLO-1: a solo rally keeps where each turn ended (the ghost's trace) beside the
stage times; the record (seed and moves) replays to the same trace; a finished game's
public view carries it, so an earlier run can be raced as a ghost."""

from __future__ import annotations

import dataclasses
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from racerbile.engine import ActionCodec
from racerbile.engine.contract import CHANCE
from racerbile.games.rallyman import GAME
from racerbile.games.rallyman.actions import CardTaken, Finished
from racerbile.games.rallyman.board.catalog import bundled_rallies, bundled_stages
from racerbile.games.rallyman.bots import BOTS
from racerbile.games.rallyman.page import MAX_TRACE, picture_of, traced

Run = tuple[Any, list[Any], list[tuple[Any, Any]]]
SOLO = {"players": [{"name": "Solo"}], "rally": "kalkbrud"}


def _play(setup: dict[str, Any], seed: int) -> Run:
    """Plays a rally with the cautious bot; returns the end, the actions and each step."""
    rng = np.random.default_rng(seed)
    state = GAME.start(GAME.Setup.model_validate(setup))
    actions, steps = [], []
    for _ in range(5000):
        actor = GAME.to_act(state)
        if actor is None:
            break
        if actor == CHANCE:
            outcomes = GAME.chance_outcomes(state)
            weights = np.array([float(p) for _, p in outcomes])
            action = outcomes[rng.choice(len(outcomes), p=weights / weights.sum())][0]
        else:
            action = BOTS["cautious"](state, rng)
        step = GAME.apply(state, action)
        actions.append(action)
        steps.append((state, step))
        state = step.state
    assert GAME.to_act(state) is None, "the rally ends"
    return state, actions, steps


@pytest.fixture(scope="module")
def solo_run() -> Run:
    return _play(SOLO, 7)


@pytest.mark.rule("RM-SOLO-1")
def test_rm_solo_1_each_turn_end_is_traced_with_the_stage_time_then(solo_run: Run) -> None:
    end, _, steps = solo_run
    cards = 0
    for before, step in steps:
        for event in step.events:
            if not isinstance(event, CardTaken):
                continue
            cards += 1
            point = step.state.trace[-1]
            car = step.state.cars[0]
            assert (point.stage, point.seat) == (before.stage_no, 0)
            finished = any(isinstance(e, Finished) for e in step.events)
            if not finished:
                assert point.at == step.state.stage.gid(car.space)
                assert (point.off, point.time) == (car.off, car.stage_time)
    assert cards == len(end.trace)
    for number in range(3):
        points = [p for p in end.trace if p.stage == number]
        assert [p.turn for p in points] == list(range(1, len(points) + 1))
        assert points[-1].at == "finish"
        assert points[-1].time == end.cars[0].times[number], "the last point is the stage time"


@pytest.mark.rule("RM-SOLO-1")
def test_rm_solo_1_the_record_replays_to_the_same_trace(solo_run: Run) -> None:
    end, actions, _ = solo_run
    codec = ActionCodec(GAME.action_types)
    state = GAME.start(GAME.Setup.model_validate(SOLO))
    for action in actions:
        state = GAME.apply(state, codec.decode(codec.encode(action))).state
    assert state.trace == end.trace
    assert state == end


@pytest.mark.rule("RM-SOLO-1")
def test_rm_solo_1_the_view_carries_the_trace_once_the_rally_is_over(solo_run: Run) -> None:
    end, _, steps = solo_run
    mid = steps[len(steps) // 2][1].state
    assert "trace" not in GAME.view(mid, 0), "a running rally sends no history"
    view = GAME.view(end, None)
    assert view["trace"][-1] == [
        2,
        0,
        len([p for p in end.trace if p.stage == 2]),
        "finish",
        None,
        end.cars[0].times[2],
    ]
    assert len(view["trace"]) == len(end.trace)
    assert [s["id"] for s in view["stages"]] == [s.id for s in end.rally.stages]


@pytest.mark.rule("RM-SOLO-1")
def test_rm_solo_1_the_trace_is_bounded(solo_run: Run) -> None:
    _, _, steps = solo_run
    before, step = next((b, s) for b, s in steps if any(isinstance(e, CardTaken) for e in s.events))
    full = dataclasses.replace(step.state, trace=step.state.trace[:1] * MAX_TRACE)
    assert traced(before, full, step.events).trace == full.trace


def test_every_stage_is_drawn_by_a_bundled_rally_picture() -> None:
    rallies = bundled_rallies()
    for stage_id in bundled_stages():
        (found,) = picture_of(stage_id, (stage_id,))
        assert found is not None, stage_id
        assert rallies[found["track"]].stages[found["stage"]].id == stage_id
    ids = tuple(s.id for s in rallies["nordlys"].stages)
    assert picture_of("nordlys", ids) == tuple({"track": "nordlys", "stage": i} for i in range(3))


def test_a_single_stage_time_trial_shows_its_rally_picture() -> None:
    state = GAME.start(
        GAME.Setup.model_validate({"players": [{"name": "Solo"}], "rally": "ss-bakkeby"})
    )
    assert GAME.view(state, 0)["picture"] == {"track": "kalkbrud", "stage": 1}


@pytest.mark.rule("RM-SOLO-1")
def test_rm_solo_1_a_finished_solo_game_is_read_back_with_times_and_trace(tmp_path: Path) -> None:
    """The platform keeps the record; anyone may read the finished game (a ghost's source)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from racerbile.server import Settings, create_app
    from racerbile.store import Store

    store = Store(f"sqlite:///{tmp_path / 'solo.sqlite3'}")
    app = create_app(Settings(join_limit=None, create_limit=None), store)
    try:
        with TestClient(app) as client:
            created = client.post(
                "/api/games", json={"game": "rallyman", "setup": SOLO, "seed": 11}
            )
            assert created.status_code == 201, created.text
            gid, seat = created.json()["id"], created.json()["seats"][0]["token"]
            headers = {"Authorization": f"Bearer {seat}"}
            rng = np.random.default_rng(0)
            codec = ActionCodec(GAME.action_types)
            state = GAME.start(GAME.Setup.model_validate(SOLO))
            seen = 0
            for _ in range(2000):
                now = client.get(f"/api/games/{gid}", headers=headers).json()
                if now["finished"]:
                    break
                record = client.get(f"/api/games/{gid}/record").json()
                for data in record["actions"][seen:]:
                    state = GAME.apply(state, codec.decode(data)).state
                seen = len(record["actions"])
                action = BOTS["cautious"](state, rng).to_json()
                sent = client.post(
                    f"/api/games/{gid}/actions",
                    headers=headers,
                    json={"action": action, "seq": now["seq"]},
                )
                assert sent.status_code == 200, sent.text
            watched = client.get(f"/api/games/{gid}").json()
    finally:
        store.close()
    assert watched["finished"] and watched["role"] == "spectator"
    view = watched["view"]
    times = view["cars"][0]["stage_times"]
    assert len(times) == 3 and all(isinstance(t, int) for t in times)
    finishes = [p for p in view["trace"] if p[3] == "finish"]
    assert [p[0] for p in finishes] == [0, 1, 2]
    assert [p[5] for p in finishes] == times
    assert watched["result"]["standings"][0]["detail"]["rally_time"] == sum(times)
