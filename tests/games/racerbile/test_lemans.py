"""Le Mans: teams, judges, the 42-sip cap, the 42-cell, the pit, stalls, the clock (RB-LM)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pydantic import ValidationError
from rb_helpers import TEAMS, lemans_race, put, ring, sips

from racerbile.engine import CHANCE, DiceStream, Record, replay, step
from racerbile.engine.errors import IllegalAction, InvalidAction
from racerbile.engine.ledger import Drank
from racerbile.games.racerbile import GAME, Setup
from racerbile.games.racerbile.actions import ChangeDriver, ClockExpired, NameOpponent
from racerbile.games.racerbile.events import (
    BackOnTrack,
    BridgeKnocked,
    DelayedGame,
    Disqualified,
    DriverChanged,
    JudgePenalty,
    LandedOn42,
    LapsDeducted,
    LastLapCalled,
    OpponentNamed,
    OutOfFuel,
    RaceOver,
    RuleChanged,
    SipCapReached,
    Stalled,
    StalledOut,
    TurnEnded,
    TurnLost,
    TurnStarted,
    Vomited,
)
from racerbile.games.racerbile.notation import format_action, format_state, parse_action
from racerbile.games.racerbile.rules import play
from racerbile.games.racerbile.rules.lemans import driver_sips
from racerbile.games.racerbile.rules.ranking import gap, lap_length, ranking
from racerbile.hexgrid import Hex

PIT = "[pit]\ncells = [[6, 0], [7, 0]]\nenter_in_gear = 1\n"
FORTYTWO = '[[cell]]\nat = [5, 0]\ntags = ["fortytwo"]\n'


def _ring(extra: str = "") -> Any:
    return ring(extra=extra)


# -- RB-LM-1: teams, drivers, one cap per team -------------------------------------------


def test_rb_lm_1_teams_of_drivers_share_one_cap_and_one_glass() -> None:
    state = lemans_race(2)
    assert GAME.seat_names(state) == ["Kerne", "Fys"]
    assert len(state.cars) == 2  # one cap per team
    assert state.config.drivers == (("Kerne1", "Kerne2", "Kerne3"), ("Fys1", "Fys2", "Fys3"))
    view = GAME.view(state, None)["lemans"]
    assert [t["driver_name"] for t in view["teams"]] == ["Kerne1", "Fys1"]
    assert view["judges"] == ["Karl", "Lis"]
    # the time trial is a whole beer from the team's glass, drunk by the first driver
    assert state.ledger.sips_drunk(0) == 11 + 1  # and a sip for being first (RB-TURN-1)
    assert driver_sips(state) == [[12, 0, 0], [11, 0, 0]]


def test_rb_lm_1_setup_players_become_teams_and_other_rule_sets_keep_players() -> None:
    setup = Setup.model_validate({"rule_set": "lemans", "players": [{"name": "A"}]})
    assert setup.track == "lemans" and setup.teams is not None
    assert setup.teams[0].drivers == ["A"] and setup.judges == []
    plain = Setup.model_validate({"players": [{"name": "A"}]}).model_dump(mode="json")
    assert "teams" not in plain and "judges" not in plain  # records of other sets unchanged
    with pytest.raises(ValidationError, match="Le Mans settings"):
        Setup.model_validate({"players": [{"name": "A"}], "judges": ["J"]})
    with pytest.raises(ValidationError):
        Setup.model_validate(
            {"rule_set": "lemans", "teams": [{"name": "T", "drivers": ["a", "b", "c", "d"]}]}
        )
    with pytest.raises(ValidationError, match="distinct"):
        Setup.model_validate(
            {"rule_set": "lemans", "teams": [{"name": "T", "drivers": ["a", "a"]}]}
        )


# -- RB-LM-2: the judges' console ---------------------------------------------------------


def test_rb_lm_2_judges_hand_out_penalty_sips_logged_with_their_name() -> None:
    state = lemans_race(2, track=_ring())
    step = play(state, "penalty 1 3 judge 1: spilled beer on the track")
    assert step.events[0] == JudgePenalty("Lis", 1, 3, "spilled beer on the track")
    assert step.events[1] == Drank(1, 3, "RB-LM-2", "rule", None, "judges' penalty")
    assert GAME.describe(step.events[0], "en", GAME.seat_names(state)) == (
        "Judge Lis: Fys gets 3 penalty sips (spilled beer on the track)."
    )
    assert GAME.to_act(step.state) == GAME.to_act(state)  # whoever was to act still is


def test_rb_lm_2_rule_changes_are_recorded_as_events() -> None:
    state = lemans_race(2, track=_ring())
    step = play(state, "rule judge 0: No toilet breaks before midnight")
    assert step.events == (RuleChanged("Karl", "No toilet breaks before midnight"),)
    assert GAME.describe(step.events[0], "da") == (
        "Dommer Karl: Regelændring: No toilet breaks before midnight"
    )
    assert step.state.ledger == state.ledger


def test_rb_lm_2_only_named_judges_call_and_only_in_le_mans() -> None:
    state = lemans_race(2, track=_ring())
    with pytest.raises(InvalidAction, match="no judge 5"):
        play(state, "penalty 1 3 judge 5")
    racerbile = GAME.start({"players": [{"name": "A"}], "rule_set": "racerbile"})
    with pytest.raises(IllegalAction) as err:
        play(racerbile, "penalty 0 3 judge 0")
    assert err.value.rule_id == "RB-LM-2"


# -- RB-LM-3: any beer --------------------------------------------------------------------


def test_rb_lm_3_any_beer_a_light_beer_team_chugs_8_sips() -> None:
    state = lemans_race(2, track=_ring(), drink=("standard", "light"))
    assert state.ledger.sips_drunk(1) == 8  # the time trial: a whole light beer
    step = play(state, "dunlop 1 judge 0")
    assert sips(step.events, "RB-LM-6", seat=1) == 8


# -- RB-LM-4: at most 42 sips in one turn -------------------------------------------------


def test_rb_lm_4_nobody_drinks_more_than_42_sips_in_one_turn() -> None:
    state = lemans_race(2, track=_ring())
    # Kerne has drunk 1 sip this turn (first, RB-TURN-1); Fys none.
    step = play(state, "penalty 0 40 judge 0", "penalty 0 5 judge 0", "penalty 1 42 judge 0")
    assert sips(step.events, seat=0) == 41
    assert SipCapReached(0, 5, 1) in step.events
    assert sips(step.events, seat=1) == 42
    step = play(step.state, "penalty 1 1 judge 0", "dunlop 1 judge 0")
    assert sips(step.events, seat=1) == 0
    assert SipCapReached(1, 1, 0) in step.events and SipCapReached(1, 11, 0) in step.events
    # the next turn is a new turn: Fys may be made to drink again
    step = play(step.state, "roll", "die 2", "step E", "step E", "penalty 1 2 judge 0")
    assert sips(step.events, "RB-LM-2", seat=1) == 2


def test_rb_lm_4_before_the_race_there_is_no_turn_to_cap() -> None:
    state = GAME.start(
        {"rule_set": "lemans", "players": [{"name": "A"}, {"name": "B"}], "judges": ["J"]}
    )
    step = play(state, "time 9.0", "penalty 0 42 judge 0", "penalty 0 5 judge 0")
    assert sips(step.events, seat=0) == 11 + 42 + 5
    assert not any(isinstance(e, SipCapReached) for e in step.events)


# -- RB-LM-5: the 42-cell -----------------------------------------------------------------


def test_rb_lm_5_the_lander_on_42_names_an_opponent_who_drinks_the_same() -> None:
    state = put(lemans_race(2, track=_ring(FORTYTWO)), 0, gear=2)
    step = play(state, "roll", "die 1", "die 2", "step E", "step E", "step E")
    assert LandedOn42(0, Hex(5, 0)) in step.events
    assert step.state.turn is not None and step.state.turn.phase == "name"
    assert GAME.legal_actions(step.state) == [NameOpponent(1), NameOpponent(None)]
    with pytest.raises(IllegalAction):
        play(step.state, "name 0")  # not oneself
    named = play(step.state, "name 1")
    assert named.events[0] == OpponentNamed(0, 1)
    # Kerne drank 1 (first) + 1 (a clutch fault) this turn; Fys drinks the same.
    assert Drank(1, 2, "RB-LM-5", "rule", 0, "the 42-cell") in named.events
    assert named.events.index(Drank(1, 2, "RB-LM-5", "rule", 0, "the 42-cell")) < (
        named.events.index(TurnEnded(0))
    )
    assert GAME.to_act(named.state) == 1


@pytest.mark.rule("RB-LM-5")
def test_rb_lm_5_the_lander_may_name_nobody() -> None:
    state = put(lemans_race(2, track=_ring(FORTYTWO)), 0, gear=2)
    step = play(state, "roll", "die 1", "die 2", "step E", "step E", "step E")
    assert parse_action("name nobody") == NameOpponent(None)
    assert format_action(NameOpponent(None)) == "name nobody"
    named = play(step.state, "name nobody")
    assert named.events[0] == OpponentNamed(0, None)
    assert sips(named.events, "RB-LM-5") == 0
    assert GAME.describe(named.events[0], "en", TEAMS) == "Kerne names nobody."
    assert GAME.to_act(named.state) == 1


def test_rb_lm_5_no_cell_no_name_and_other_rule_sets_ignore_the_tag() -> None:
    track = _ring(FORTYTWO)
    state = lemans_race(2, track=track)
    step = play(state, "roll", "die 2", "step E", "step E")  # ends on (4, 0)
    assert not any(isinstance(e, LandedOn42) for e in step.events)
    from rb_helpers import race

    plain = race(2, track=track, rule_set="racerbile")
    step = play(plain, "roll", "die 3", "step E", "step E", "step E")
    assert not any(isinstance(e, LandedOn42) for e in step.events)
    assert GAME.to_act(step.state) == 1


# -- RB-LM-6: the Dunlop bridge -----------------------------------------------------------


def test_rb_lm_6_knocking_over_the_dunlop_bridge_is_a_beer() -> None:
    state = lemans_race(2, track=_ring())
    step = play(state, "dunlop 1 judge 0")
    assert step.events == (
        BridgeKnocked("Karl", 1),
        Drank(1, 11, "RB-LM-6", "rule", None, "Dunlop bridge"),
    )


# -- RB-LM-7: vomiting costs 5 laps -------------------------------------------------------


@pytest.mark.parametrize("where", ["table", "floor"])
def test_rb_lm_7_vomiting_costs_five_laps(where: str) -> None:
    state = put(lemans_race(2, track=_ring()), 0, laps=4)
    assert ranking(state) == (0, 1)
    step = play(state, f"vomit 0 {where} judge 1")
    assert step.events == (Vomited("Lis", 0, where), LapsDeducted(0, 5, "RB-LM-7"))
    assert step.state.cars[0].laps == 4 and step.state.lemans is not None
    assert step.state.lemans.penalty_laps == (5, 0)
    assert ranking(step.state) == (1, 0)  # -1 lap counted against Fys's 0
    view = GAME.view(step.state, None)
    assert view["standings"][1]["laps"] == -1 and view["standings"][1]["penalty_laps"] == 5


# -- RB-LM-8: the pit lane in 1st gear ----------------------------------------------------


def test_rb_lm_8_the_pit_lane_is_entered_in_first_gear_only() -> None:
    state = put(lemans_race(2, track=_ring(PIT)), 0, gear=2)
    step = play(state, "roll", "die 2", "die 2", "step E", "step E", "step E")
    with pytest.raises(IllegalAction) as err:
        play(step.state, "step E")  # into (6, 0), a pit cell
    assert err.value.rule_id == "RB-LM-8"
    stopped = play(step.state, "stop")
    assert Drank(0, 1, "RB-LM-8", "technical", None, "cells not moved") in stopped.events
    assert stopped.state.cars[0].cell == Hex(5, 0)


def test_rb_lm_8_in_first_gear_the_car_enters_the_pit() -> None:
    state = lemans_race(2, track=_ring(PIT))
    step = play(state, "roll", "die 4", "step E", "step E", "step E", "step E")
    assert step.state.cars[0].cell == Hex(6, 0)
    assert sips(step.events, "RB-LM-8") == 0


def test_rb_lm_8_does_not_apply_outside_le_mans() -> None:
    from rb_helpers import race

    state = put(race(2, track=_ring(PIT), rule_set="racerbile"), 0, gear=2)
    step = play(state, "roll", "die 2", "die 2", "step E", "step E", "step E", "step E")
    assert step.state.cars[0].cell == Hex(6, 0)


# -- RB-LM-9: driver changes --------------------------------------------------------------


def test_rb_lm_9_a_driver_change_outside_the_pit_costs_a_chugged_beer() -> None:
    state = lemans_race(2, track=_ring(PIT))
    assert ChangeDriver(1) in GAME.legal_actions(state) and ChangeDriver(0) not in (
        GAME.legal_actions(state)
    )
    step = play(state, "driver 2")
    assert step.events == (
        DriverChanged(0, "Kerne1", "Kerne3", in_pit=False),
        Drank(0, 11, "RB-LM-9", "rule", None, "driver change"),
    )
    assert driver_sips(step.state)[0] == [12, 0, 11]
    with pytest.raises(IllegalAction, match="one driver change per turn"):
        play(step.state, "driver 1")
    shifted = play(put(state, 0, gear=2), "shift down").state
    assert not any(isinstance(a, ChangeDriver) for a in GAME.legal_actions(shifted))
    with pytest.raises(IllegalAction, match="before the turn"):
        play(shifted, "driver 1")


def test_rb_lm_9_a_driver_change_in_the_pit_is_free_and_comes_before_the_turn() -> None:
    state = put(lemans_race(2, track=_ring(PIT)), 0, cell=(6, 0))
    step = play(state, "driver 1")
    assert step.events == (DriverChanged(0, "Kerne1", "Kerne2", in_pit=True),)
    assert GAME.view(step.state, None)["lemans"]["teams"][0]["driver_name"] == "Kerne2"
    rolled = play(state, "roll", "die 1")
    with pytest.raises(IllegalAction) as err:
        play(rolled.state, "driver 1")
    assert err.value.rule_id == "RB-LM-9"


# -- RB-LM-10: three stalls, the fourth is a beer and the turn passes ----------------------


def test_rb_lm_10_the_fourth_stall_rounds_up_to_a_beer_and_the_turn_passes() -> None:
    state = lemans_race(2, track=_ring())
    step = play(state, "stall 0 by 1", "stall 0 by 1", "stall 0")
    assert sips(step.events, "RB-NOL-1", seat=0) == 3
    assert GAME.to_act(step.state) == 0 and step.state.lemans is not None
    assert step.state.lemans.stalls == 3
    fourth = play(step.state, "stall 0 by 1")
    assert fourth.events[:3] == (
        Stalled(0, 1),
        StalledOut(0),
        Drank(0, 8, "RB-LM-10", "general", None, "rounded up to a beer"),
    )
    assert TurnEnded(0) in fourth.events and TurnStarted(1, 1, 1) in fourth.events
    assert GAME.to_act(fourth.state) == 1 and fourth.state.cars[0].cell == state.cars[0].cell


def test_rb_lm_10_stalls_outside_the_own_turn_are_plain_sips() -> None:
    state = lemans_race(2, track=_ring())
    step = play(state, *["stall 1"] * 5)
    assert sips(step.events, "RB-NOL-1", seat=1) == 5 and GAME.to_act(step.state) == 0


def test_rb_lm_10_the_judges_decide_a_team_is_out() -> None:
    state = lemans_race(3, track=_ring())
    step = play(state, "out 1 judge 0: no driver left")
    assert step.events == (Disqualified("Karl", 1, "no driver left"),)
    assert ranking(step.state)[-1] == 1
    after = play(step.state, "roll", "die 1", "step E")
    assert GAME.to_act(after.state) == 2  # Fys's turns are skipped
    out_now = play(state, "out 0 judge 0")  # the team to move: its turn passes at once
    assert TurnEnded(0) in out_now.events and GAME.to_act(out_now.state) == 1
    with pytest.raises(IllegalAction):
        play(out_now.state, "out 0 judge 0")


# -- RB-LM-11: a delay outside the own turn ------------------------------------------------


def test_rb_lm_11_a_delay_costs_the_next_turn_and_a_lap() -> None:
    state = lemans_race(2, track=_ring())
    step = play(state, "delay 1 judge 0")
    assert step.events == (DelayedGame("Karl", 1), LapsDeducted(1, 1, "RB-LM-11"))
    turn = play(step.state, "roll", "die 1", "step E")
    assert TurnLost(1, "RB-LM-11") in turn.events
    assert turn.events.index(TurnStarted(1, 1, 1)) < turn.events.index(TurnLost(1, "RB-LM-11"))
    assert GAME.to_act(turn.state) == 0  # Fys lost its turn
    assert turn.state.lemans is not None and turn.state.lemans.penalty_laps == (0, 1)
    assert turn.state.lemans.lose_turns == (0, 0)


# -- RB-LM-12: 24 hours, the last lap -----------------------------------------------------


def test_rb_lm_12_after_the_clock_the_event_ends_when_the_worst_time_trial_has_moved() -> None:
    state = lemans_race(3, track=_ring())
    step = play(state, "roll", "die 1", "step E", "last lap")
    assert step.events[-1] == LastLapCalled("")
    assert GAME.to_act(step.state) == 1
    step = play(step.state, "roll", "die 1", "step E")  # Fys
    assert GAME.to_act(step.state) == 2
    step = play(step.state, "roll", "die 1", "step E")  # Kemi: the worst time trial
    assert isinstance(step.events[-1], RaceOver) and GAME.to_act(step.state) is None
    with pytest.raises(IllegalAction):
        play(state, "last lap", "last lap judge 0")


def test_rb_lm_12_laps_never_end_le_mans() -> None:
    state = put(lemans_race(2, track=_ring(), laps=1), 0, laps=3)
    step = play(state, "roll", "die 1", "step E", "roll", "die 1", "step E")
    assert GAME.to_act(step.state) == 0 and not step.state.final_round
    assert parse_action("last lap judge 1") == ClockExpired(1)
    called = play(state, "last lap judge 1")
    assert called.events == (LastLapCalled("Lis"),)
    assert GAME.describe(called.events[0], "da") == (
        "Dommer Lis: 24 timer er gået; der kaldes til sidste omgang."
    )


# -- RB-LM-13: the most cells covered ------------------------------------------------------


def test_rb_lm_13_the_winner_covered_most_cells_laps_then_position() -> None:
    state = lemans_race(3, track=_ring())
    state = put(state, 0, laps=1, cell=(3, 0))
    state = put(state, 1, laps=2, cell=(1, 0))
    state = put(state, 2, laps=2, cell=(8, 0))
    assert ranking(state) == (2, 1, 0)
    length = lap_length(state)
    assert gap(state, 2, 1) == 7  # same lap, 7 cells apart
    assert gap(state, 2, 0) == length + 5
    state = play(state, "vomit 2 table judge 0").state
    assert ranking(state) == (1, 0, 2)  # 2 − 5 = −3 laps
    assert gap(state, 1, 2) == 5 * length - 7
    step = play(state, "last lap", "roll", "die 1", "step E", "roll", "die 1", "step E")
    step = play(step.state, "roll", "die 1", "step E")
    result = GAME.result(step.state)
    assert result is not None
    assert [s.seat for s in result.standings] == [1, 0, 2]
    assert [s.detail["laps"] for s in result.standings] == [2, 1, -3]


# -- notation, view and a whole event -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "driver 2",
        "name 1",
        "name nobody",
        "last lap",
        "last lap judge 1",
        "penalty 1 3 judge 0",
        "penalty 1 3 judge 0: Spilled a Beer: twice",
        "rule judge 0: Toilet breaks cost 2 sips",
        "dunlop 0 judge 1",
        "vomit 1 table judge 0",
        "vomit 1 floor judge 0",
        "delay 0 judge 1",
        "out 1 judge 0",
        "out 1 judge 0: no driver",
    ],
)
def test_le_mans_notation_round_trips(text: str) -> None:
    from racerbile.engine.codec import ActionCodec

    action = parse_action(text)
    assert format_action(action) == text
    codec = ActionCodec(GAME.action_types)
    assert codec.decode(codec.encode(action)) == action


def test_le_mans_state_notation_and_sentences() -> None:
    state = play(lemans_race(2, track=_ring()), "delay 1 judge 0", "last lap").state
    line = format_state(state)
    assert line.startswith("lemans ring") and line.endswith(
        "| LM Kerne1,Fys1 pen 0,1 lose 0,1 last-lap"
    )
    for event in play(state, "driver 1", "roll", "die 1", "step E").events:
        assert GAME.describe(event, "da", TEAMS) and GAME.describe(event, "en", TEAMS)


def test_a_seeded_le_mans_event_with_bots_plays_to_the_end_and_replays() -> None:
    setup = Setup.model_validate(
        {
            "rule_set": "lemans",
            "teams": [
                {"name": "Kerne", "drivers": ["Ib", "Jo", "Ax"]},
                {"name": "Fys", "drivers": ["Mo"], "drink": "light"},
                {"name": "Kemi", "drivers": ["Al", "Bo"], "drink": "other"},
            ],
            "judges": ["Karl"],
        }
    )
    state, record = GAME.start(setup), Record.new(GAME, setup, seed=5)
    dice, rng = DiceStream(5), np.random.default_rng(5)
    bots = [GAME.bots[name] for name in ("greedy", "stalin", "drinker")]
    extra = {200: "dunlop 2 judge 0", 300: "penalty 0 5 judge 0", 400: "last lap judge 0"}
    for number in range(5000):
        actor = GAME.to_act(state)
        if actor is None:
            break
        if number in extra:
            action = parse_action(extra[number])
        elif actor is CHANCE:
            action = dice.choose(GAME.chance_outcomes(state))
        else:
            action = bots[actor](state, rng)
        state = step(GAME, state, action).state
        record = record.with_action(action)
    result = GAME.result(state)
    assert result is not None and state.lemans is not None and state.lemans.last_lap
    assert replay(GAME, record).state == state
    assert [s.place for s in result.standings] == [1, 2, 3]
    assert sum(sum(row) for row in driver_sips(state)) == sum(e.sips for e in state.ledger.entries)


# -- a team put out blocks nobody ---------------------------------------------------------


def test_rb_lm_10_caps_of_teams_put_out_neither_stack_nor_block() -> None:
    """Two teams out on the cell the last team must back onto: it comes back at once
    instead of waiting for caps that will never move again."""
    state = play(lemans_race(3, track=_ring()), "out 1 judge 0", "out 2 judge 0").state
    for seat in (1, 2):
        state = put(state, seat, cell=(5, 0), off_from=None)
    state = put(state, 0, cell=(5, -1), off_from=(5, 0))
    turn = play(state, *["stall 0"] * 4)  # the fourth stall passes the turn (RB-LM-10)
    assert BackOnTrack(0, Hex(5, 0)) in turn.events
    assert GAME.to_act(turn.state) == 0 and turn.state.cars[0].cell == Hex(5, 0)


def test_rb_opt_2_a_team_racing_alone_never_runs_out_of_fuel() -> None:
    """RB-OPT-2 compares with the second car still racing; with none there is no lead."""
    state = lemans_race(2, track=_ring(), out_of_fuel=True)
    state = play(state, "out 1 judge 0").state
    state = put(state, 0, cell=(1, 2), heading=3)  # near the line, driving W
    state = put(state, 1, cell=(3, 0))  # a lap's worth behind, but out of the race
    assert gap(state, 0, 1) >= 12
    turn = play(state, *["stall 0"] * 4)
    assert not any(isinstance(e, OutOfFuel) for e in turn.events)
    assert GAME.to_act(turn.state) == 0
