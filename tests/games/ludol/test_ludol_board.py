"""Move legality (spec §2.4) and the board scenarios of §5 (1, 3, 4, 7–10)."""

from __future__ import annotations

import pytest

from racerbile.engine import IllegalAction, step
from racerbile.games.ludol import GAME
from racerbile.games.ludol.events import KnockedHome
from racerbile.games.ludol.rules.board import blocked_squares, occupancy
from racerbile.games.ludol.setup import PROFILES
from racerbile.games.ludol.state import GOAL, YARD, track_square

from .helpers import choose, kinds, move, moves, position, throw


@pytest.mark.rule("LD-BOARD-1")
def test_ld_board_1_start_squares_13_apart_home_column_private_goal_at_56() -> None:
    assert [track_square(k, 0) for k in range(4)] == [0, 13, 26, 39]
    assert track_square(1, 50) == 11  # B's last shared square, two before its start
    state, _ = throw(position({"A": [50], "B": [37]}), 6)  # B@37 stands on A@50's square
    assert (50, 6, GOAL) in moves(state)  # 56 is the goal, reached exactly
    assert moves(throw(position({"A": [48], "B": [9]}), 4)[0]) == {(48, 4, 52)}  # private column


@pytest.mark.rule("LD-ROROS-1")
def test_ld_roros_1_scenario_1_top_or_bottom_face_no_bonus() -> None:
    state, _ = throw(position({"A": [10]}), 2)
    assert moves(state) == {(10, 2, 12), (10, 5, 15)}
    after, events = choose(state, "A10+5")
    assert "bonus_throw" not in kinds(events)
    assert after.turn is not None and after.turn.number == 2  # the next turn (B is all home)


@pytest.mark.rule("LD-ROROS-2")
@pytest.mark.parametrize(
    ("at", "top", "expected"),
    [
        (51, 2, {(51, 2, 53)}),
        (48, 3, {(48, 3, 51)}),
        (47, 4, {(47, 4, 51), (47, 3, 50)}),
        (45, 2, {(45, 2, 47), (45, 5, 50)}),
    ],
)
def test_ld_roros_2_scenario_3_no_bottom_face_in_or_into_the_home_column(
    at: int, top: int, expected: set[tuple[int, int, int]]
) -> None:
    state, _ = throw(position({"A": [at]}), top)
    assert moves(state) == expected


@pytest.mark.rule("LD-ROROS-2")
def test_ld_roros_2_per_throw_option_refuses_the_bottom_face_while_a_glass_is_in_the_column() -> (
    None
):
    state, _ = throw(position({"A": [10, 52]}, roros_exception="per_throw"), 2)
    assert moves(state) == {(10, 2, 12), (52, 2, 54)}
    state, _ = throw(position({"A": [10, 52]}), 2)
    assert (10, 5, 15) in moves(state)


@pytest.mark.rule("LD-SIX-1")
def test_ld_six_1_scenario_4_six_rule_beats_the_exception() -> None:
    state, _ = throw(position({"A": [50, 20]}), 1)
    assert {m for m in moves(state) if m[0] == 50} == {(50, 1, 51), (50, 6, GOAL)}
    after, events = choose(state, "A50+6")
    assert "bonus_throw" in kinds(events)
    assert after.turn is not None and after.turn.colour == 0 and after.turn.throw is None


@pytest.mark.rule("LD-SIX-1")
def test_ld_six_1_norsk_has_no_swap_and_no_roros() -> None:
    state, _ = throw(position({"A": [10]}, profile="norsk"), 1)
    assert moves(state) == {(10, 1, 11)}
    state, _ = throw(position({"A": [10]}, profile="norsk"), 2)
    assert moves(state) == {(10, 2, 12)}


@pytest.mark.rule("LD-ENTER-1")
def test_ld_enter_1_only_a_six_or_a_one_as_six_leaves_the_yard() -> None:
    for top in range(1, 7):
        state, _ = throw(position({"A": [YARD, YARD, YARD, YARD]}), top)
        expected = {(YARD, 6, 0)} if top in (1, 6) else set()
        assert moves(state) == expected
    state, _ = throw(position({"A": [YARD] * 4}, profile="norsk"), 1)
    assert moves(state) == set()


@pytest.mark.rule("LD-ENTER-1")
def test_ld_enter_1_an_opposing_block_on_the_start_square_stops_the_entry() -> None:
    b_on_a_start = (0 - 13) % 52  # B's progress on track square 0
    state, _ = throw(position({"A": [YARD, 5], "B": [b_on_a_start, b_on_a_start]}), 6)
    assert {m[0] for m in moves(state)} == {5}
    with pytest.raises(IllegalAction) as err:
        step(GAME, state, move("A", YARD, 6))
    assert err.value.rule_id == "LD-ENTER-1"


@pytest.mark.rule("LD-MOVE-1")
def test_ld_move_1_exact_finish_overshoot_is_illegal_and_the_glass_stays() -> None:
    state, events = throw(position({"A": [53]}), 5)
    assert "no_move" in kinds(events)
    assert state.glasses[0][0] == 53 and state.turn is not None and state.turn.number == 2


@pytest.mark.rule("LD-MOVE-1")
def test_ld_move_1_a_player_with_an_option_must_move() -> None:
    state, _ = throw(position({"A": [10]}), 3)
    assert GAME.to_act(state) == 0
    assert {type(a).__name__ for a in GAME.legal_actions(state)} == {"Move"}


@pytest.mark.rule("LD-BLOCK-1")
def test_ld_block_1_scenario_7_a_block_of_two_stops_passing_and_landing() -> None:
    state, events = throw(position({"A": [17], "B": [7, 7]}), 4)
    assert moves(state) == set() and "no_move" in kinds(events)


@pytest.mark.rule("LD-BLOCK-1")
@pytest.mark.rule("LD-HIT-1")
def test_ld_block_1_scenario_8_three_do_not_block_and_all_three_are_chugged() -> None:
    state, _ = throw(position({"A": [17], "B": [7, 7, 7, 30]}), 4)
    assert moves(state) == {(17, 4, 21), (17, 3, 20)}
    after, events = choose(state, "A17+3")
    knocks = [e for e in events if isinstance(e, KnockedHome)]
    assert len(knocks) == 1 and knocks[0].glasses == (0, 1, 2) and knocks[0].countdown == 10
    assert knocks[0].participant == 1 and knocks[0].colour == "B"
    assert after.glasses[1] == (YARD, YARD, YARD, 30)
    assert after.chugs[0].status == "running"
    assert [(e.player, e.sips, e.unit) for e in after.ledger.entries] == [
        (1, 3, "glass"),
        (1, 1, "chug"),
    ]


@pytest.mark.rule("LD-BLOCK-1")
def test_ld_block_1_scenario_9_own_block_passable_and_three_dissolve_it() -> None:
    state, _ = throw(position({"A": [17, 20, 20]}), 4)
    assert {(17, 4, 21), (17, 3, 20), (20, 4, 24), (20, 3, 23)} <= moves(state)
    after, _ = choose(state, "A17+3")
    occ = occupancy(after.glasses)
    assert occ[20] == {0: 3}
    assert 20 not in blocked_squares(occ, 1, after.config.profile)
    assert 20 in blocked_squares(occupancy(state.glasses), 1, state.config.profile)


@pytest.mark.rule("LD-BLOCK-1")
def test_ld_block_1_norsk_towers_of_two_or_more_block_everybody_the_owner_too() -> None:
    norsk = PROFILES["norsk"]
    assert norsk.block_sizes == frozenset({2, 3, 4}) and not norsk.owner_passes_blocks
    state, _ = throw(position({"A": [17, 20, 20]}, profile="norsk"), 4)
    assert moves(state) == {(20, 4, 24)}
    state, _ = throw(position({"A": [17], "B": [7, 7, 7]}, profile="norsk"), 3)
    assert moves(state) == set()


@pytest.mark.rule("LD-HIT-2")
def test_ld_hit_2_scenario_10_start_square_immunity() -> None:
    state, _ = throw(position({"A": [10], "B": [0, YARD]}), 3)
    after, events = choose(state, "A10+3")
    assert "knocked_home" not in kinds(events)
    assert occupancy(after.glasses)[13] == {0: 1, 1: 1}
    assert after.turn is not None and after.turn.colour == 1
    b_turn, _ = throw(after, 6)
    entered, events = choose(b_turn, "By+6")
    knocks = [e for e in events if isinstance(e, KnockedHome)]
    assert [(k.colour, k.glasses) for k in knocks] == [("A", (0,))]
    assert occupancy(entered.glasses)[13] == {1: 2}
    assert 13 in blocked_squares(occupancy(entered.glasses), 0, entered.config.profile)


@pytest.mark.rule("LD-HIT-2")
def test_ld_hit_2_immunity_is_for_the_owners_own_start_square_only() -> None:
    state, _ = throw(position({"A": [10], "B": [0], "C": [39]}), 3)  # C@39 = track 13
    after, events = choose(state, "A10+3")
    knocks = [e for e in events if isinstance(e, KnockedHome)]
    assert [(k.colour, k.glasses) for k in knocks] == [("C", (0,))]
    assert after.glasses[1][0] == 0


@pytest.mark.rule("LD-HIT-2")
def test_ld_hit_2_landing_on_an_immune_glass_can_be_made_illegal() -> None:
    state, _ = throw(position({"A": [10], "B": [0]}, immune_landing="illegal"), 3)
    assert moves(state) == {(10, 4, 14)}  # the bottom face; the top 3 would land on B@0
    assert (10, 3, 13) in moves(throw(position({"A": [10], "B": [0]}), 3)[0])


@pytest.mark.rule("LD-HIT-2")
def test_ld_hit_2_norsk_has_no_immunity() -> None:
    state, _ = throw(position({"A": [10], "B": [0]}, profile="norsk"), 3)
    _, events = choose(state, "A10+3")
    assert "knocked_home" in kinds(events)
