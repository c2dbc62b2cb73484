"""The turn (spec §2.3): the roll-off, seats and colours, tries, bonus throws, the six
rule's chain and its penalty beers; scenarios 2, 5 and 6 of §5."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pydantic import ValidationError

from racerbile.engine import CHANCE, IllegalAction, step
from racerbile.games.ludol import GAME, LudolSetup
from racerbile.games.ludol.actions import Declare, Throw
from racerbile.games.ludol.events import PenaltyAwarded, StartOrderSet
from racerbile.games.ludol.state import GOAL, YARD

from .helpers import choose, kinds, legal_text, position, throw


def _rolled(setup: LudolSetup, tops: list[int]):
    state = GAME.start(setup)
    events = []
    for top in tops:
        result = step(GAME, state, Throw(top))
        state, events = result.state, [*events, *result.events]
    return state, events


@pytest.mark.rule("LD-START-1")
def test_ld_start_1_roll_off_ties_reroll_among_the_tied_letters_clockwise() -> None:
    setup = LudolSetup.model_validate({"players": [{"name": n} for n in ("Anna", "Bo", "Cille")]})
    state = GAME.start(setup)
    assert GAME.to_act(state) is CHANCE and GAME.roller(state) == 0
    state, events = _rolled(setup, [5, 6, 6])  # Bo and Cille tie
    assert "roll_off_tied" in kinds(tuple(events)) and state.phase == "order"
    assert state.rolloff is not None and state.rolloff.contenders == (1, 2)
    assert GAME.roller(state) == 1
    state, events = _rolled(setup, [5, 6, 6, 2, 4])  # Cille wins the re-roll
    order = next(e for e in events if isinstance(e, StartOrderSet))
    assert order.winner == 2 and state.owner == (2, 0, 1)  # Cille A, then Anna B, Bo C
    assert state.turn is not None and state.turn.colour == 0 and GAME.roller(state) == 2


@pytest.mark.rule("LD-START-1")
@pytest.mark.rule("LD-ROROS-2")
def test_ld_start_1_the_roll_off_uses_the_top_face_only() -> None:
    setup = LudolSetup.model_validate({"players": [{"name": "Anna"}, {"name": "Bo"}]})
    state, events = _rolled(setup, [1, 2])  # a 1 is not a 6 here, nor is its bottom used
    order = next(e for e in events if isinstance(e, StartOrderSet))
    assert order.winner == 1 and state.owner == (1, 0)


@pytest.mark.rule("LD-SEAT-1")
def test_ld_seat_1_one_participant_plays_several_colours_each_with_its_own_turns() -> None:
    setup = LudolSetup.model_validate(
        {"players": [{"name": "Anna", "colours": 2}, {"name": "Bo"}], "first": 1}
    )
    state = GAME.start(setup)
    assert state.owner == (1, 0, 0) and state.colours_of(0) == (1, 2)
    colours = []
    for _ in range(3):
        assert state.turn is not None
        colours.append(state.turn.colour)
        state, _ = throw(state, 2)  # no entry: three tries, then the next colour
        state, _ = throw(state, 3)
        state, _ = throw(state, 4)
    assert colours == [0, 1, 2]


@pytest.mark.rule("LD-SEAT-1")
def test_ld_seat_1_two_to_four_participants_and_at_most_four_colours() -> None:
    with pytest.raises(ValidationError, match="players"):
        LudolSetup.model_validate({"players": [{"name": "Anna"}]})
    with pytest.raises(ValidationError, match="LD-SEAT-1"):
        LudolSetup.model_validate(
            {"players": [{"name": "A", "colours": 3}, {"name": "B", "colours": 2}]}
        )
    with pytest.raises(ValidationError, match="different"):
        LudolSetup.model_validate({"players": [{"name": "A"}, {"name": "A"}]})
    with pytest.raises(ValidationError, match="extra"):
        LudolSetup.model_validate({"players": [{"name": "A"}, {"name": "B"}], "colour": 1})


@pytest.mark.rule("LD-ENTER-2")
def test_ld_enter_2_scenario_2_enter_with_a_one_then_a_single_bonus_throw() -> None:
    state, _ = throw(position({"A": [YARD] * 4}), 1)
    assert legal_text(state) == {"Ay+6"}
    state, events = choose(state, "Ay+6")
    assert "bonus_throw" in kinds(events)
    assert state.turn is not None and state.turn.attempts == 1 and state.turn.colour == 0
    state, _ = throw(state, 3)  # 0 -> 3 or 4: a move, then the turn passes
    assert GAME.to_act(state) == 0


@pytest.mark.rule("LD-ENTER-2")
def test_ld_enter_2_scenario_2_three_failed_tries_pass_the_turn() -> None:
    state = position({"A": [YARD] * 4, "B": [10]})
    for top, left in ((3, 2), (4, 1)):
        state, events = throw(state, top)
        assert "no_move" in kinds(events) and state.turn is not None
        assert state.turn.colour == 0 and state.turn.attempts == left
    state, events = throw(state, 2)
    assert state.turn is not None and state.turn.colour == 1 and "turn_started" in kinds(events)


@pytest.mark.rule("LD-ENTER-2")
def test_ld_enter_2_three_tries_also_with_other_glasses_in_the_goal_only() -> None:
    assert position({"A": [YARD]}).turn.attempts == 3  # type: ignore[union-attr]
    assert position({"A": [YARD, 54]}).turn.attempts == 1  # type: ignore[union-attr]


@pytest.mark.rule("LD-BONUS-1")
def test_ld_bonus_1_every_six_gives_another_throw_with_no_three_sixes_forfeit() -> None:
    state = position({"A": [0]}, profile="norsk")
    for n in range(1, 6):
        state, _ = throw(state, 6)
        state, events = choose(state, f"A{6 * (n - 1)}+6")
        assert "bonus_throw" in kinds(events)
    assert state.turn is not None and state.turn.chain == 5 and state.glasses[0][0] == 30


@pytest.mark.rule("LD-BONUS-1")
def test_ld_bonus_1_norsk_six_without_a_move_still_gives_its_bonus() -> None:
    state, events = throw(position({"A": [53]}, profile="norsk"), 6)
    assert "bonus_throw" in kinds(events) and state.turn is not None and state.turn.number == 1
    state, events = throw(position({"A": [53]}, profile="norsk"), 5)
    assert "bonus_throw" not in kinds(events)


@pytest.mark.rule("LD-SIX-2")
def test_ld_six_2_scenario_5_forced_sixes_cost_a_beer_each() -> None:
    state = position({"A": [10], "B": [30]})
    beers = 0
    for top in (6, 1, 1, 6):
        state, events = throw(state, top)
        beers += sum(e.beers for e in events if isinstance(e, PenaltyAwarded))
        assert state.turn is not None
        if state.turn.chain >= 3:
            assert legal_text(state) == {f"A{state.glasses[0][0]}+6"}
        state, _ = choose(state, f"A{state.glasses[0][0]}+6")
    assert state.glasses[0][0] == 34 and beers == 2
    state, _ = throw(state, 4)
    assert legal_text(state) == {"A34+4", "A34+3"}
    state, _ = choose(state, "A34+4")
    assert state.glasses[0][0] == 38 and state.throws == 5
    assert state.turn is not None and state.turn.colour == 1
    assert [e.reason for e in state.ledger.entries] == ["third_six", "third_six"]


@pytest.mark.rule("LD-SIX-2")
@pytest.mark.rule("LD-REF-3")
def test_ld_six_2_scenario_5_a_six_used_as_one_ends_the_turn_with_a_passive_flag() -> None:
    state, _ = throw(position({"A": [10], "B": [30]}), 6)
    state, _ = choose(state, "A10+6")
    state, _ = throw(state, 6)
    state, events = choose(state, "A16+1")
    assert state.glasses[0][0] == 17 and not state.ledger.entries
    assert [f.kind for f in state.flags] == ["passive"] and "flag_raised" in kinds(events)
    assert state.turn is not None and state.turn.colour == 1


@pytest.mark.rule("LD-SIX-2")
def test_ld_six_2_scenario_6_forced_six_that_cannot_move_still_gives_its_bonus() -> None:
    state, events = throw(position({"A": [53], "B": [30]}, chain=2), 1)
    assert [e.beers for e in events if isinstance(e, PenaltyAwarded)] == [1]
    assert "bonus_throw" in kinds(events)
    assert state.turn is not None and state.turn.colour == 0 and state.turn.throw is None
    assert GAME.to_act(state) is CHANCE and state.glasses[0][0] == 53


@pytest.mark.rule("LD-SIX-2")
def test_ld_six_2_the_beer_is_charged_before_the_win_check() -> None:
    state, _ = throw(position({"A": [50], "B": [30]}, chain=2), 6)
    state, events = choose(state, "A50+6")
    assert kinds(events)[-1] == "game_ended" and state.ending is not None
    assert state.ending.winners == (0,) and [e.sips for e in state.ledger.entries] == [1]


@pytest.mark.rule("LD-SIX-2")
def test_ld_six_2_counting_the_whole_turn_makes_failed_tries_count() -> None:
    state = position({"A": [YARD] * 4, "B": [30]}, six_chain="turn")
    state, _ = throw(state, 3)
    state, _ = throw(state, 4)
    state, events = throw(state, 6)  # the third throw of the turn
    assert [e.reason for e in events if isinstance(e, PenaltyAwarded)] == ["third_six"]
    state = position({"A": [YARD] * 4, "B": [30]})
    state, _ = throw(state, 3)
    state, _ = throw(state, 4)
    state, events = throw(state, 6)  # the first throw of a new chain
    assert not [e for e in events if isinstance(e, PenaltyAwarded)]


@pytest.mark.rule("LD-SIX-2")
def test_ld_six_2_a_forced_move_refuses_the_one() -> None:
    state, _ = throw(position({"A": [10], "B": [30]}, chain=2), 1)
    with pytest.raises(IllegalAction) as err:
        step(GAME, state, GAME.parse_action("A10+1"))
    assert err.value.rule_id == "LD-SIX-2"


@pytest.mark.rule("LD-SIX-3")
def test_ld_six_3_a_one_or_six_with_no_move_may_be_declared_a_six() -> None:
    state, _ = throw(position({"A": [17], "B": [5, 5]}), 6)  # B's block on track 18
    assert GAME.legal_actions(state) == [Declare(True), Declare(False)]
    six, events = choose(state, "declare six")
    assert "bonus_throw" in kinds(events) and six.turn is not None and six.turn.colour == 0
    one, events = choose(state, "declare one")
    assert one.turn is not None and one.turn.colour == 1
    with pytest.raises(IllegalAction) as err:
        step(GAME, state, GAME.parse_action("A17+6"))
    assert err.value.rule_id == "LD-SIX-3"


@pytest.mark.rule("LD-END-1")
def test_ld_end_1_all_glasses_home_wins() -> None:
    state, _ = throw(position({"A": [52], "B": [30]}), 4)
    state, _ = choose(state, "A52+4")
    assert state.phase == "over" and GAME.to_act(state) is None
    result = GAME.result(state)
    assert result is not None and result.standings[0].seat == 0 and result.standings[0].place == 1
    assert result.summary["kitty_to_winner"] is True


@pytest.mark.rule("LD-END-1")
def test_ld_end_1_a_participant_with_two_colours_needs_both_home_unless_any_colour() -> None:
    def game(finish: str):
        setup = LudolSetup.model_validate(
            {
                "players": [{"name": "Anna", "colours": 2}, {"name": "Bo"}],
                "first": 0,
                "options": {"finish": finish},
            }
        )
        state = GAME.start(setup)
        assert state.turn is not None
        glasses = ((52, GOAL, GOAL, GOAL), (10, 20, 30, 40), (5, 6, 7, 8))
        return replace(state, glasses=glasses, turn=replace(state.turn, attempts=1))

    state, _ = throw(game("all_colours"), 4)
    state, _ = choose(state, "A52+4")
    assert state.phase == "play" and state.turn is not None and state.turn.colour == 1
    assert state.owner == (0, 0, 1)  # Anna plays A and B: B still has to come home
    state, _ = throw(game("any_colour"), 4)
    state, _ = choose(state, "A52+4")
    assert state.ending is not None and state.ending.winners == (0,)
