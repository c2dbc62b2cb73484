"""The game clocks (LD-HIT-1's chug countdown, LD-REF-4's turn-idle count): each is an
engine clock counted from its event, so referee inputs do not restart it and a
replayed game asks for the same clocks with the same event keys."""

from __future__ import annotations

import pytest

from racerbile.engine import Record, replay, step
from racerbile.engine.contract import Clock, clocks
from racerbile.games.ludol import GAME
from racerbile.games.ludol import actions as a
from racerbile.games.ludol.state import State

from .helpers import choose, position, setup, throw


def _asked(state: State) -> list[tuple[str, float, str, str]]:
    return [(c.action.kind, c.seconds, c.since, c.event) for c in clocks(GAME.clock(state))]


def _knocked() -> State:
    state, _ = throw(position({"A": [10], "B": [1, 40], "C": [3]}), 4)  # B@1 = A10 + 4
    state, _ = choose(state, "A10+4")
    return state


@pytest.mark.rule("LD-HIT-1")
def test_ld_hit_1_the_chug_countdown_is_an_event_clock_of_its_knock_home() -> None:
    state = _knocked()
    assert ("chug_time_up", 10, "event", "chug:0") in _asked(state)
    timer = next(c for c in clocks(GAME.clock(state)) if c.event == "chug:0")
    assert timer == Clock(10, a.ChugTimeUp(0), "event", "chug:0")
    fined = step(GAME, state, a.Penalty(0, 1, reason="spilt")).state  # a referee input
    assert ("chug_time_up", 10, "event", "chug:0") in _asked(fined)  # same key: no restart
    up = step(GAME, fined, timer.action).state
    assert up.chugs[0].status == "time_up"
    assert not [k for k in _asked(up) if k[0] == "chug_time_up"]


@pytest.mark.rule("LD-HIT-1")
def test_ld_hit_1_every_running_chug_has_its_own_countdown_until_the_referee_judges_it() -> None:
    state = _knocked()
    state, _ = throw(state, 6)  # B's turn
    state = step(GAME, state, a.PlaceGlass("C", 0, 39)).state  # C@39 = track 13, B's start
    state, _ = choose(state, "By+6")
    chugs = [k for k in _asked(state) if k[0] == "chug_time_up"]
    assert [k[3] for k in chugs] == ["chug:0", "chug:1"]
    judged = step(GAME, state, a.ChugResult(0, True, reason="emptied")).state
    assert [k[3] for k in _asked(judged) if k[0] == "chug_time_up"] == ["chug:1"]


@pytest.mark.rule("LD-REF-4")
def test_ld_ref_4_the_idle_count_runs_from_the_waiting_point_and_flags_once() -> None:
    state = position({"A": [10], "B": [20]})
    assert _asked(state) == [("idle_count", 60, "event", "idle:1.0.throw")]
    fined = step(GAME, state, a.Penalty(1, 1)).state  # the referee: no restart
    assert _asked(fined) == _asked(state)
    counting = step(GAME, fined, a.IdleCount(1)).state
    assert _asked(counting) == [("idle_expired", 10, "event", "count:1.0.throw")]
    flagged = step(GAME, counting, a.IdleExpired(1)).state
    assert [f.kind for f in flagged.flags] == ["idle"] and _asked(flagged) == []
    thrown, _ = throw(flagged, 3)  # the throw: a new waiting point, the clock starts again
    assert _asked(thrown) == [("idle_count", 60, "event", "idle:1.1.choose")]
    moved, _ = choose(thrown, "A10+3")
    assert _asked(moved) == [("idle_count", 60, "event", "idle:2.0.throw")]  # B's turn


@pytest.mark.rule("LD-REF-4")
def test_ld_ref_4_any_action_of_the_participant_stops_the_count() -> None:
    state, _ = throw(position({"A": [10], "B": [20]}), 6)
    counting = step(GAME, state, a.IdleCount(1)).state
    tried = step(GAME, counting, a.Move("B", 20, 6)).state  # a wrong-colour try
    assert tried.turn is not None and not tried.turn.counting
    moved, _ = choose(counting, "A10+6")  # the bonus throw is a new waiting point
    assert moved.turn is not None and moved.turn.idle == "waiting"
    assert _asked(moved) == [("idle_count", 60, "event", "idle:1.1.throw")]
    quiet = position({"A": [10], "B": [20]}, idle_seconds=None)
    assert _asked(quiet) == []
    assert _asked(position({"A": [10]}, profile="norsk")) == []


@pytest.mark.rule("LD-HIT-1")
@pytest.mark.rule("LD-REF-4")
def test_a_replayed_game_asks_for_the_same_clocks() -> None:
    the_setup = setup(2)
    state, record = GAME.start(the_setup), Record.new(GAME, the_setup)
    script = [a.Throw(6), a.Move("A", -1, 6), a.PlaceGlass("B", 0, 40), a.Throw(1)]
    script += [a.Move("A", 0, 1), a.IdleCount(2)]  # A0+1 lands on B@40 (track 1)
    for action in script:
        state = step(GAME, state, action).state
        record = record.with_action(action)
    asked = _asked(state)
    assert ("chug_time_up", 10, "event", "chug:0") in asked
    assert ("idle_expired", 10, "event", "count:2.0.throw") in asked
    assert _asked(replay(GAME, Record.parse(record.model_dump_json())).state) == asked
