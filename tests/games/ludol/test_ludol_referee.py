"""The referee (LD-REF-1…4), the drink ledger (LD-DRINK-1), disqualification and the
ends by drink-out and by disqualification (LD-DQ-1, LD-END-2…4)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from pydantic import ValidationError

from racerbile.engine import CHANCE, IllegalAction, Record, replay, step
from racerbile.engine.contract import clocks
from racerbile.games.ludol import GAME, LudolSetup
from racerbile.games.ludol import actions as a
from racerbile.games.ludol.events import KnockedHome, PenaltyAwarded
from racerbile.games.ludol.ledger import night_table
from racerbile.games.ludol.rules.flow import glass_score, scores
from racerbile.games.ludol.state import GOAL, REMOVED, YARD

from .helpers import choose, kinds, position, setup, throw


def ref(state, action):
    result = step(GAME, state, action)
    return result.state, result.events


@pytest.mark.rule("LD-REF-1")
def test_ld_ref_1_one_referee_up_to_two_line_judges_inputs_never_in_the_legal_list() -> None:
    judged = LudolSetup.model_validate(
        {"players": [{"name": "Anna"}, {"name": "Bo"}], "line_judges": ["Jo", "Kim"]}
    )
    assert GAME.judges(GAME.start(judged)) == ["Jo", "Kim"]
    with pytest.raises(ValidationError, match="line_judges"):
        LudolSetup.model_validate(
            {"players": [{"name": "A"}, {"name": "B"}], "line_judges": ["J", "K", "L"]}
        )
    referee_kinds = {t for t in GAME.referee_action_types}
    assert (
        a.Penalty in referee_kinds and a.SetTurn in referee_kinds and a.Throw not in referee_kinds
    )
    state, _ = throw(position({"A": [10]}), 3)
    assert not [x for x in GAME.legal_actions(state) if type(x) in referee_kinds]
    with pytest.raises(IllegalAction) as err:
        step(GAME, state, a.Penalty(1, 1, judge=0, reason="no judges in this game"))
    assert err.value.rule_id == "LD-REF-1"


@pytest.mark.rule("LD-REF-2")
def test_ld_ref_2_overrides_move_remove_turn_and_penalties_with_audit() -> None:
    state, _ = throw(position({"A": [10], "B": [20]}), 3)
    placed, events = ref(state, a.PlaceGlass("B", 0, 40, reason="it slid"))
    assert "overridden" in kinds(events)
    assert placed.glasses[1][0] == 40
    removed, _ = ref(placed, a.RemoveGlass("B", 1, reason="knocked over"))
    assert removed.glasses[1][1] == REMOVED
    turned, _ = ref(removed, a.SetTurn("B", reason="A passed"))
    assert turned.turn is not None and turned.turn.colour == 1 and GAME.to_act(turned) is CHANCE
    back, _ = ref(turned, a.Penalty(0, 2, reason="argued"))
    assert night_table(back)[0]["penalty_referee"] == 2
    with pytest.raises(IllegalAction, match="taken back by undoing it"):
        step(GAME, back, a.Penalty(0, -1, reason="too harsh"))
    assert [(e.kind, e.reason) for e in back.audit] == [
        ("place_glass", "it slid"),
        ("remove_glass", "knocked over"),
        ("set_turn", "A passed"),
        ("penalty", "argued"),
    ]


@pytest.mark.rule("LD-REF-2")
def test_ld_ref_2_referee_inputs_are_recorded_and_replay() -> None:
    the_setup = setup(2)
    state = GAME.start(the_setup)
    record = Record.new(GAME, the_setup)
    script = [a.Throw(6), a.Move("A", YARD, 6), a.Penalty(1, 1, reason="spill"), a.Throw(2)]
    script += [a.Move("A", 0, 2), a.SetTurn("A", judge=None, reason="A again")]
    for action in script:
        state = step(GAME, state, action).state
        record = record.with_action(action)
    again = replay(GAME, Record.parse(record.model_dump_json()))
    assert again.state == state and state.glasses[0][0] == 2
    assert [e.kind for e in state.audit] == ["penalty", "set_turn"]


@pytest.mark.rule("LD-REF-3")
@pytest.mark.rule("LD-HIT-3")
def test_ld_hit_3_capture_not_compulsory_a_missed_capture_is_flagged() -> None:
    state, _ = throw(position({"A": [10, 30], "B": [1]}), 4)  # B@1 = track 14 = A10 + 4
    assert any(o.captures for o in state.turn.options)  # type: ignore[union-attr]
    after, events = choose(state, "A30+4")
    assert [f.kind for f in after.flags] == ["missed_capture"] and "flag_raised" in kinds(events)
    confirmed, events = ref(after, a.ConfirmFlag(0, 2, reason="saw it"))
    beer = [e for e in events if isinstance(e, PenaltyAwarded)]
    assert beer and beer[0].beers == 2 and beer[0].participant == 0 and not beer[0].auto
    assert confirmed.flags[0].status == "confirmed"
    dismissed, _ = ref(after, a.DismissFlag(0))
    assert dismissed.flags[0].status == "dismissed" and not dismissed.ledger.entries
    with pytest.raises(IllegalAction):
        step(GAME, dismissed, a.ConfirmFlag(0))


@pytest.mark.rule("LD-REF-4")
def test_ld_ref_4_idle_turn_counts_down_then_flags() -> None:
    state = position({"A": [10], "B": [20]})
    timers = clocks(GAME.clock(state))
    assert [type(t.action) for t in timers] == [a.IdleCount] and timers[0].seconds == 60
    counting, events = ref(state, timers[0].action)
    assert "count_started" in kinds(events)
    timers = clocks(GAME.clock(counting))
    assert [type(t.action) for t in timers] == [a.IdleExpired] and timers[0].seconds == 10
    flagged, events = ref(counting, timers[0].action)
    assert [f.kind for f in flagged.flags] == ["idle"] and "flag_raised" in kinds(events)
    with pytest.raises(IllegalAction):
        step(GAME, flagged, a.IdleExpired(1))  # the count is over
    thrown, _ = throw(counting, 3)
    assert thrown.turn is not None and not thrown.turn.counting  # acting stops the count
    assert not clocks(GAME.clock(position({"A": [10]}, profile="norsk")))


@pytest.mark.rule("LD-HIT-1")
def test_ld_hit_1_the_chug_countdown_and_the_referees_verdict() -> None:
    state, _ = throw(position({"A": [10], "B": [1, 40]}), 4)
    after, events = choose(state, "A10+4")
    knock = next(e for e in events if isinstance(e, KnockedHome))
    assert knock.glasses == (0,) and knock.countdown == 10
    timers = [t for t in clocks(GAME.clock(after)) if isinstance(t.action, a.ChugTimeUp)]
    assert timers and timers[0].seconds == 10 and timers[0].action.chug == knock.chug
    up, _ = ref(after, timers[0].action)
    assert up.chugs[0].status == "time_up"
    failed, _ = ref(up, a.ChugResult(0, False, reason="too slow"))
    assert failed.chugs[0].status == "failed" and night_table(failed)[1]["chugs_failed"] == 1
    assert failed.ledger == after.ledger  # A21: no automatic sanction for a failed chug


@pytest.mark.rule("LD-DRINK-1")
def test_ld_drink_1_ledger_counts_glasses_chugs_and_penalty_beers_per_participant() -> None:
    state, _ = throw(position({"A": [10], "B": [1, 1, 1]}, chain=2), 1)  # forced six: beer
    state, _ = choose(state, "A10+6")
    state, _ = ref(state, a.Penalty(1, 1, reason="spilt"))
    row_a, row_b = night_table(state)[:2]
    assert row_a["penalty_auto"] == 1 and row_a["beers"] == 1 and row_a["glasses_poured"] == 4
    assert row_b["penalty_referee"] == 1
    with pytest.raises(ValidationError, match="abv"):
        LudolSetup.model_validate({"players": [{"name": "A"}, {"name": "B"}], "abv": 2.5})
    state, _ = throw(position({"A": [10], "B": [1, 1, 1]}), 4)
    state, _ = choose(state, "A10+4")
    assert night_table(state)[1]["glasses_chugged"] == 3 and night_table(state)[1]["beers"] == 3


@pytest.mark.rule("LD-DQ-1")
def test_ld_dq_1_third_vomit_disqualifies_glasses_leave_turns_skipped() -> None:
    state = position({"A": [10], "B": [20], "C": [30]}, players=3)
    for count in (1, 2):
        state, events = ref(state, a.Vomit(1))
        assert "disqualified" not in kinds(events) and state.vomits[1] == count
    state, events = ref(state, a.Vomit(1))
    assert "disqualified" in kinds(events) and state.glasses[1] == (REMOVED,) * 4
    state, _ = throw(state, 3)
    state, _ = choose(state, "A10+3")
    assert state.turn is not None and state.turn.colour == 2  # B is skipped
    with pytest.raises(IllegalAction):
        step(GAME, state, a.Vomit(1))


@pytest.mark.rule("LD-END-3")
def test_ld_end_3_all_but_one_disqualified_ends_the_game() -> None:
    state = position({"A": [10], "B": [20], "C": [30]}, players=3)
    state, _ = ref(state, a.Disqualify(0, reason="fight"))
    state, _ = ref(state, a.Disqualify(2))
    assert state.ending is not None and state.ending.reason == "disqualified"
    assert state.ending.winners == (1,) and GAME.to_act(state) is None
    result = GAME.result(state)
    assert result is not None and result.standings[0].seat == 1
    assert result.summary["kitty_to_winner"] is True


@pytest.mark.rule("LD-END-2")
def test_ld_end_2_all_poured_ends_after_the_move_and_scores_by_distance() -> None:
    state, _ = throw(position({"A": [10, YARD, GOAL, 52], "B": [40, 20]}, players=2), 6)
    poured, events = ref(state, a.AllPoured(reason="kegs empty"))
    assert "drink_poured" in kinds(events) and poured.phase == "play"
    over, events = choose(poured, "A10+6")  # the six's bonus throw is forfeited (A17)
    assert over.phase == "over" and "bonus_throw" not in kinds(events)
    assert scores(over) == {0: Fraction(16 - 10 + 66 + 52), 1: Fraction(40 + 20 + 66 + 66)}
    assert over.ending is not None and over.ending.winners == (1,)
    assert glass_score(YARD) == -10 and glass_score(GOAL) == 66 and glass_score(55) == 55


@pytest.mark.rule("LD-END-2")
def test_ld_end_2_poured_between_moves_ends_at_once_ties_share_and_colours_divide() -> None:
    state = position({"A": [10], "B": [10]}, players=2)
    over, _ = ref(state, a.AllPoured())
    assert over.ending is not None and over.ending.winners == (0, 1)  # A19: shared
    two = LudolSetup.model_validate(
        {"players": [{"name": "A", "colours": 2}, {"name": "B"}], "first": 0}
    )
    base = GAME.start(two)
    base = replace(base, glasses=((10, 10, 10, 10), (GOAL,) * 4, (GOAL, GOAL, GOAL, 20)))
    assert scores(base) == {0: Fraction(40 + 264, 2), 1: Fraction(198 + 20)}


@pytest.mark.rule("LD-END-4")
def test_ld_end_4_glasses_may_be_emptied_and_the_kitty_goes_only_to_a_home_or_last_winner() -> None:
    state, _ = ref(position({"A": [10], "B": [20]}, players=2), a.AllPoured())
    result = GAME.result(state)
    assert result is not None and result.summary["may_empty_glasses"] is True
    assert result.summary["kitty_to_winner"] is False
    assert [s.seat for s in result.standings] == [1, 0]
    assert result.standings[0].detail["score"] == str(20 + 3 * 66)
