"""Random legal and illegal actions on every bundled track, rule set and many options.

After every action: each car is on a track cell or marked off the track, no cell holds
more than two caps, the ledger is the sum of the Drank events, laps move by at most one,
an illegal action changes nothing, and replaying the record rebuilds the same state.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from racerbile.engine import CHANCE, DiceStream, Record, replay, step
from racerbile.engine.contract import Action
from racerbile.engine.errors import GameOver, RulesError
from racerbile.engine.ledger import Drank
from racerbile.games.racerbile import GAME, Setup
from racerbile.games.racerbile.actions import (
    ANNOUNCEMENTS,
    Announce,
    ChangeDriver,
    ClockExpired,
    Delay,
    Die,
    Disqualify,
    DunlopBridge,
    Face,
    Fault,
    NameOpponent,
    Pass,
    Penalty,
    Roll,
    RuleChange,
    Shift,
    Stall,
    StepTo,
    Stop,
    TimeTrial,
    UpsideDown,
    Vomit,
)
from racerbile.games.racerbile.faults import CATALOGUE
from racerbile.games.racerbile.notation import format_action, format_state, parse_action
from racerbile.games.racerbile.rules.moves import MoveOption, move_options
from racerbile.games.racerbile.rules.ranking import closed_for, counts_on_track, distance_field
from racerbile.games.racerbile.setup import Options, bundled_tracks
from racerbile.hexgrid import Hex

OPTIONS = sorted(Options.__dataclass_fields__)

any_action = st.one_of(
    st.builds(Die, st.integers(0, 7)),
    st.builds(StepTo, st.integers(0, 5)),
    st.builds(Shift, st.sampled_from(["up", "down"])),
    st.builds(Announce, st.sampled_from(ANNOUNCEMENTS)),
    st.builds(Face, st.integers(0, 5)),
    st.builds(TimeTrial, st.floats(0.5, 30)),
    st.builds(Stall, st.integers(0, 3), st.none() | st.integers(0, 3)),
    st.sampled_from([Roll(), Stop(), Pass(), UpsideDown()]),
)
judge = st.integers(0, 2)
seat = st.integers(0, 4)
referee_action = st.one_of(
    st.builds(
        Fault, st.sampled_from(sorted(CATALOGUE)), seat, st.integers(0, 4), st.none() | judge
    ),
    st.builds(ChangeDriver, st.integers(0, 3)),
    st.builds(NameOpponent, seat),
    st.builds(ClockExpired, st.none() | judge),
    st.builds(Penalty, seat, st.integers(0, 45), judge, st.sampled_from(["", "spilt", " x"])),
    st.builds(RuleChange, judge, st.sampled_from(["", "No breaks"])),
    st.builds(DunlopBridge, seat, judge),
    st.builds(Vomit, seat, st.sampled_from(["table", "floor"]), judge),
    st.builds(Delay, seat, judge),
    st.builds(Disqualify, seat, judge, st.sampled_from(["", "asleep"])),
)


class RacerbileMachine(RuleBasedStateMachine):
    """Drives one race with random actions and checks the invariants after each."""

    @initialize(
        track=st.sampled_from(sorted(bundled_tracks())),
        rule_set=st.sampled_from(["babybile", "racerbile", "lemans"]),
        players=st.integers(1, 4),
        options=st.lists(st.sampled_from(OPTIONS), unique=True, max_size=4),
        manual=st.booleans(),
    )
    def start(
        self, track: str, rule_set: str, players: int, options: list[str], manual: bool
    ) -> None:
        data: dict[str, Any] = {
            "players": [
                {"name": f"P{i}", "drink": ["standard", "light"][i % 2]} for i in range(players)
            ],
            "rule_set": rule_set,
            "track": track,
            "laps": 1,
            "announcements": "manual" if manual else "auto",
            **{name: True for name in options},
        }
        if rule_set == "lemans":  # RB-LM-1/2: teams of one to three drivers, two judges
            data["teams"] = [
                {"name": p["name"], "drivers": [f"D{i}{d}" for d in range(i % 3 + 1)],
                 "drink": p["drink"]}
                for i, p in enumerate(data["players"])
            ]  # fmt: skip
            data["judges"] = ["J0", "J1"]
        self.setup = Setup.model_validate(data)
        self.state = GAME.start(self.setup)
        self.record = Record.new(GAME, self.setup)
        self.drank: list[Drank] = []
        self.players = players

    def _apply(self, action: Action) -> None:
        before = self.state
        snapshot = format_state(before)
        try:
            result = step(GAME, before, action)
        except RulesError:
            assert self.state is before and format_state(before) == snapshot
            return
        assert parse_action(format_action(action)) == action
        for old, new in zip(before.cars, result.state.cars, strict=True):
            assert abs(new.laps - old.laps) <= 1
        self.drank += [e for e in result.events if isinstance(e, Drank)]
        names = GAME.seat_names(before)
        for event in result.events:
            assert GAME.describe(event, "da", names) and GAME.describe(event, "en", names)
        self.state = result.state
        self.record = self.record.with_action(action)

    @precondition(lambda self: GAME.to_act(self.state) is not None)
    @rule(data=st.data())
    def legal(self, data: st.DataObject) -> None:
        actions = GAME.legal_actions(self.state)
        if GAME.to_act(self.state) is CHANCE:
            assert sum(p for _, p in GAME.chance_outcomes(self.state)) == 1
        self._apply(data.draw(st.sampled_from(actions)))

    @precondition(lambda self: GAME.to_act(self.state) is not None)
    @rule(data=st.data())
    def legal_again(self, data: st.DataObject) -> None:
        self.legal(data)

    @precondition(lambda self: GAME.to_act(self.state) is not None)
    @rule(action=any_action)
    def anything(self, action: Action) -> None:
        if isinstance(action, Stall) and (
            action.seat >= self.players or (action.by or 0) >= self.players
        ):
            return
        self._apply(action)

    @precondition(lambda self: GAME.to_act(self.state) is not None)
    @rule(action=referee_action)
    def referee(self, action: Action) -> None:
        self._apply(action)

    @precondition(lambda self: GAME.to_act(self.state) is None)
    @rule(action=st.one_of(any_action, referee_action))
    def after_the_end(self, action: Action) -> None:
        assert GAME.legal_actions(self.state) == []
        with pytest.raises(GameOver):
            step(GAME, self.state, action)

    @invariant()
    def cars_on_the_track_or_off(self) -> None:
        cells = self.state.config.track.cells
        for car in self.state.cars:
            assert car.cell in cells or car.off_track, format_state(self.state)
            assert car.off_from is None or car.off_from in cells

    @invariant()
    def at_most_two_caps_a_cell(self) -> None:
        # RB-LM-10 (Decision): the cap of a team put out stays as a marker and stacks with nobody
        state = self.state
        counts = Counter(
            c.cell
            for s, c in enumerate(state.cars)
            if not c.off_track and counts_on_track(state, s)
        )
        assert max(counts.values(), default=0) <= 2, format_state(self.state)

    @invariant()
    def ledger_is_the_sum_of_drank_events(self) -> None:
        assert list(self.state.ledger.entries) == self.drank

    @invariant()
    def the_view_is_json(self) -> None:
        import json

        json.dumps(GAME.view(self.state, None))

    def teardown(self) -> None:
        if hasattr(self, "record"):
            assert replay(GAME, self.record).state == self.state


RacerbileMachine.TestCase.settings = settings(
    max_examples=120,
    stateful_step_count=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestRacerbileMachine = RacerbileMachine.TestCase


@pytest.mark.parametrize("track", sorted(bundled_tracks()))
@pytest.mark.parametrize("rule_set", ["babybile", "racerbile", "lemans"])
def test_seeded_games_run_to_the_end_and_replay(track: str, rule_set: str) -> None:
    """Whole races: dice from DiceStream, the cheapest move towards the line, mostly.

    Le Mans ends by the clock (RB-LM-12): the last lap is called once a car has
    completed a lap."""
    setup = Setup.model_validate(
        {"players": [{"name": n} for n in ("A", "B", "C")], "rule_set": rule_set,
         "track": track, "laps": 1, "two_wheels": True, "out_of_fuel": True, "finish_first": True}
    )  # fmt: skip
    state, record = GAME.start(setup), Record.new(GAME, setup, seed=7)
    dice, rng = DiceStream(7), np.random.default_rng(7)
    for _ in range(20_000):
        actor = GAME.to_act(state)
        if actor is None:
            break
        if _clock_runs_out(state):
            action: Action = ClockExpired()
        elif actor is CHANCE:
            action = dice.choose(GAME.chance_outcomes(state))
        else:
            action = _towards_the_line(state, rng)
        state = step(GAME, state, action).state
        record = record.with_action(action)
    assert GAME.to_act(state) is None and GAME.result(state) is not None
    assert max(c.laps for c in state.cars) >= 1
    assert replay(GAME, record).state == state


def _clock_runs_out(state: Any) -> bool:
    lemans = state.lemans
    return (
        lemans is not None
        and state.phase == "race"
        and not lemans.last_lap
        and max(c.laps for c in state.cars) >= 1
    )


def _towards_the_line(state: Any, rng: np.random.Generator) -> Action:
    legal = GAME.legal_actions(state)
    turn = state.turn
    if state.phase == "facing":
        return Face(state.cars[GAME.to_act(state)].heading or 0)
    if turn is None or rng.random() < 0.1:
        return legal[int(rng.integers(len(legal)))]
    if turn.phase == "shift":
        up = Shift("up")
        return up if up in legal and state.cars[turn.seat].gear < 2 else Roll()
    if turn.phase == "end":
        return legal[-1] if len(legal) > 1 else legal[0]
    field = distance_field(state.config, closed_for(state.config, state.forks, 0))
    length = state.config.track.lap_length()
    options = move_options(state)

    def cost(o: MoveOption) -> tuple[int, Hex]:
        return field.get(o.cell, 99) - length * o.laps + 2 * o.sips, o.cell

    best = min(options.values(), key=cost)
    if not best.directions:
        return Stop()
    return StepTo(best.directions[0])
