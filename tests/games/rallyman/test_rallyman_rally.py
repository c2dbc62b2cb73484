"""The rally around the turns: start, order, finish, scoring, mechanics, solo, contract."""

from __future__ import annotations

import dataclasses

import pytest

from racerbile.engine.testing import check_contract
from racerbile.games.rallyman import GAME, RallymanSetup, rules
from racerbile.games.rallyman.actions import Finished, LostControl, StageOver
from racerbile.games.rallyman.board import bundled_rallies
from racerbile.games.rallyman.rules.common import blocked
from racerbile.games.rallyman.rules.rally import next_start_order, play_order, ranking
from racerbile.games.rallyman.state import Card

from .builders import legal, make_state, place, play

STRAIGHT = " ".join(["R"] * 30)


@pytest.mark.rule("RM-START-1")
@pytest.mark.rule("RM-ORDER-1")
def test_rm_start_1_staggered_start_with_four_drivers() -> None:
    state = make_state(STRAIGHT, drivers=4)
    rounds = []
    for _ in range(4):
        rounds.append(state.order)
        for seat in state.order:
            space = state.cars[seat].space
            target = "m:0" if space is None else state.stage.gid(space + 1)
            die = "1" if space is None else "2"
            state, _ = play(state, f"roll {die} {target}", "face .", "stop")
    assert rounds == [(0,), (0, 1), (0, 1, 2), (0, 1, 2, 3)]
    assert state.order == (0, 1, 2, 3)


@pytest.mark.rule("RM-ORDER-1")
def test_rm_order_1_position_then_gear_then_arrival() -> None:
    state = make_state(STRAIGHT, drivers=3)
    cars = list(state.cars)
    cars[0] = dataclasses.replace(cars[0], status="racing", space=5, gear=3, arrived=1)
    cars[1] = dataclasses.replace(cars[1], status="racing", space=5, gear=4, arrived=2)
    cars[2] = dataclasses.replace(cars[2], status="racing", space=7, gear=1, arrived=3)
    state = dataclasses.replace(state, cars=tuple(cars))
    assert play_order(state, 9) == (2, 1, 0)
    cars[1] = dataclasses.replace(cars[1], gear=3)
    assert play_order(dataclasses.replace(state, cars=tuple(cars)), 9) == (2, 0, 1)


@pytest.mark.rule("RM-SPACE-1")
def test_rm_space_1_capacities_slides_and_verges() -> None:
    state = make_state("R R R C3[444] R R R", drivers=4)
    state = place(state, 1, "m:4", 2)
    state = place(state, 2, "m:4", 2)
    assert blocked(state, 0, state.stage.find("m:4"))  # two cars: full
    state = place(state, 2, "m:d5", 4)  # sideways in slide space 3
    assert blocked(state, 0, state.stage.find("m:d3"))  # the slide behind it is blocked
    assert not blocked(state, 0, state.stage.find("m:3"))  # the inside line is not
    state = place(state, 3, "m:6", 0, off="left")
    state = place(state, 1, "m:6", 0, off="right")
    assert not blocked(state, 0, state.stage.find("m:6"))  # cars on a verge block nothing


@pytest.mark.rule("RM-FINISH-1")
def test_rm_finish_1_the_die_crossing_the_line_ends_the_stage() -> None:
    state = place(make_state("R R R R", drivers=2), 0, "m:2", 3)
    assert not any(a.endswith("m:4") for a in legal(state))
    state, _ = play(state, "roll 3 m:3", "face .")
    assert "roll 4 finish" in legal(state)
    state, events = play(state, "roll 4 finish", "face .")
    assert state.cars[0].status == "finished" and state.turn.seat == 1
    assert [e for e in events if isinstance(e, Finished)] == [Finished(0, 20)]
    online = place(make_state("R R R R", drivers=2), 0, "m:3", 4, sisu_used=True)
    online = dataclasses.replace(online, turn=dataclasses.replace(online.turn, hazards=2))
    online, events = play(online, "roll 5 finish", "face H")
    assert [e.rule_id for e in events if isinstance(e, LostControl)] == ["RM-FINISH-1"]
    online, events = play(online, "back right")  # forest on the right
    car = online.cars[0]
    assert car.status == "finished" and car.stack[-1].seconds == 60 and car.damage == 1


@pytest.mark.rule("RM-RALLY-2")
def test_rm_rally_2_scenario_10_scoring() -> None:
    cards = tuple(Card(g, s) for g, s in ((1, 50), (2, 40), (3, 30), (4, 20), (5, 10)))
    state = place(
        make_state("R R R", stages=2), 0, "m:2", 5, stack=(*cards, Card(5, 60, "spin")), tokens=7
    )
    state, events = play(state, "roll 5 finish", "face .")
    assert [e.time for e in events if isinstance(e, Finished)] == [213]  # 220 − 7 = 3:33
    assert [e for e in events if isinstance(e, StageOver)] == [StageOver(1, (213,))]
    assert state.cars[0].tokens == 0 and state.cars[0].stack == ()


@pytest.mark.rule("RM-RALLY-2")
@pytest.mark.rule("RM-RALLY-3")
def test_rm_rally_3_start_order_and_tie_breaks() -> None:
    state = make_state(STRAIGHT, drivers=3, stages=3)
    cars = [
        dataclasses.replace(c, times=t)
        for c, t in zip(
            state.cars, [(100, 200, 300), (100, 250, 250), (100, 200, 300)], strict=True
        )
    ]
    state = dataclasses.replace(state, cars=tuple(cars))
    standings = ranking(state).standings
    assert [(s.seat, s.place) for s in standings] == [(1, 1), (0, 2), (2, 2)]  # SS3, SS2
    cars[2] = dataclasses.replace(cars[2], times=(150, 150, 300))
    standings = ranking(dataclasses.replace(state, cars=tuple(cars))).standings
    assert [(s.seat, s.place) for s in standings] == [(1, 1), (2, 2), (0, 3)]
    two = [
        dataclasses.replace(c, times=t)
        for c, t in zip(cars, [(100, 200), (100, 250), (100, 200)], strict=True)
    ]
    assert next_start_order(dataclasses.replace(state, cars=tuple(two))) == (0, 2, 1)


@pytest.mark.rule("RM-MECH-1")
def test_rm_mech_1_mechanics_repair_and_allow_new_tyres() -> None:
    state = place(
        make_state("R R R", stages=3, mechanics=(True, False, False)),
        0,
        "m:2",
        5,
        damage=2,
        punctures=1,
        spare_used=True,
    )
    state, _ = play(state, "roll 5 finish", "face .")
    car = state.cars[0]
    assert state.phase == "tyres" and car.damage == 0 and car.punctures == 0
    assert not car.spare_used and legal(state) == {"tyres asphalt", "tyres snow"}
    state, _ = play(state, "tyres snow")
    assert state.cars[0].tyres == "snow" and state.phase == "race" and state.stage_no == 1
    state = place(state, 0, "m:2", 5, damage=2)
    state, _ = play(state, "roll 5 finish", "face .")
    assert state.phase == "race" and state.cars[0].damage == 2  # no mechanics: it carries over


@pytest.mark.rule("RM-RALLY-1")
def test_rm_rally_1_bundled_rallies_have_three_point_to_point_stages() -> None:
    rallies = bundled_rallies()
    assert len(rallies) >= 2
    for rally in rallies.values():
        assert len(rally.stages) == 3 and len(rally.mechanics_after) == 3
        for stage in rally.stages:
            assert stage.start_edge != stage.finish_edge and stage.to_finish[stage.entry] > 10
    assert {m for r in rallies.values() for m in r.mechanics_after} == {True, False}


@pytest.mark.rule("RM-SOLO-1")
@pytest.mark.rule("RM-RALLY-1")
def test_rm_solo_1_a_solo_rally_against_the_clock_replays() -> None:
    setup = RallymanSetup(players=[{"name": "Solo"}], rally="nordlys")
    final = check_contract(GAME, setup, seed=3, max_steps=20000)
    result = GAME.result(final)
    assert result is not None and len(result.standings[0].detail["stage_times"]) == 3


@pytest.mark.rule("RM-RALLY-2")
def test_contract_two_drivers_random_rally() -> None:
    setup = RallymanSetup(players=[{"name": "Anna"}, {"name": "Bo"}], rally="kalkbrud")
    final = check_contract(GAME, setup, seed=1, max_steps=20000)
    assert rules.to_act(final) is None


def test_every_event_has_a_sentence_in_danish_and_english() -> None:
    import numpy as np

    from racerbile.engine import DiceStream
    from racerbile.engine.autoplay import autoplay, random_or_bot

    setup = RallymanSetup(players=[{"name": "Anna"}, {"name": "Bo"}], rally="nordlys")
    state = GAME.start(setup)
    decide = random_or_bot(GAME, np.random.default_rng(7), "attacker")
    kinds: dict[str, set[str]] = {}
    for played in autoplay(GAME, state, DiceStream(7), decide, 100_000):
        result = played.step
        for event in result.events:
            for lang in ("en", "da"):
                sentence = GAME.describe(event, lang, ["Anna", "Bo"])
                assert sentence and "{" not in sentence
                kinds.setdefault(event.kind, set()).add(sentence)
        state = result.state
    assert GAME.to_act(state) is None
    assert {"moved", "card_taken", "finished", "stage_over", "rally_over"} <= set(kinds)
    assert any("Anna" in s for s in kinds["moved"])


def test_the_view_carries_the_exact_risk_of_each_legal_die() -> None:
    state = place(make_state("R R R R R R R R"), 0, "m:1", 3)
    state, _ = play(state, "roll 3 m:2", "face H", "roll 4 m:3", "face H")
    view = GAME.view(state, 0)
    assert view["risk"]["roll 5 m:4"] == "1/3" and view["risk"]["roll G m:4"] == "1/6"
    assert view["turn"]["hazards"] == 2 and view["cars"][0]["space"] == "m:3"


@pytest.mark.parametrize("lang", ["en", "da"])
def test_each_event_kind_reads_as_a_sentence(lang: str) -> None:
    from racerbile.games.rallyman import actions as a

    samples = [
        a.TyresFitted(0, "snow"),
        a.StageStarted(1, "ss-x", (1, 0)),
        a.DieRolled(0, "4", True, 2),
        a.DieRolled(1, "G", False, 2, 3),
        a.PoolRolled(0, "345GG", ".H.H.", 5),
        a.Moved(0, "start", "t0:s01", 1),
        a.LostControl(1, "t1:i2", "overspeed", "RM-CORNER-1"),
        a.SisuPlayed(0),
        a.CardTaken(0, 5, 60, "left"),
        a.CardTaken(1, 3, 30),
        a.WentOff(0, "left", "forest", 1),
        a.ShortcutDrawn(1, "puncture", "t2:c1"),
        a.SpareFitted(0, 30),
        a.Waited(1),
        a.Finished(0, 213),
        a.Retired(1, 5),
        a.StageOver(1, (213, None)),
        a.Repaired(0),
        a.RallyOver((0, 1)),
    ]
    for event in samples:
        sentence = GAME.describe(event, lang, ["Anna", "Bo"])
        assert sentence.endswith(".") and "{" not in sentence, sentence
    assert GAME.describe(samples[-3], lang, ["Anna", "Bo"]).count("DNF") == 1
