"""Referee mode: typed dice and the fault buttons of a physical game (RB-REF-1, RB-REF-2)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rb_helpers import lemans_race, put, race, ring, sips

from racerbile.engine import CHANCE, step
from racerbile.engine.codec import ActionCodec
from racerbile.engine.errors import GameOver, IllegalAction, InvalidAction, NotYourTurn
from racerbile.engine.ledger import Drank
from racerbile.games.racerbile import GAME
from racerbile.games.racerbile.actions import Fault, UpsideDown
from racerbile.games.racerbile.events import DieShown, Faulted, Rolled, SipCapReached
from racerbile.games.racerbile.faults import CATALOGUE
from racerbile.games.racerbile.notation import format_action, parse_action
from racerbile.games.racerbile.rules import play
from racerbile.games.racerbile.rules.referee import legal_judge_actions, legal_referee_actions

# Every physical fault the seed names: (fault type, sips per count, rule id).
SEED_FAULTS = {
    "wrong_cap": ("technical", 1, "RB-CAP-1"),  # per cell
    "upside_down": ("technical", 1, "RB-CAP-1"),  # per cell
    "on_edge": ("technical", 1, "RB-CAP-1"),  # per cell
    "own_cap_out_of_turn": ("technical", 1, "RB-CAP-1"),
    "other_cap": ("technical", 1, "RB-CAP-1"),
    "put_back": ("technical", 1, "RB-CAP-1"),  # "which again is a technical fault"
    "nudged_cap": ("technical", 1, "RB-CAP-1"),  # by accident: the whole act is one
    "die_off_table": ("technical", 1, "RB-REF-2"),
    "die_moved_cap": ("technical", 1, "RB-REF-2"),  # per cap
    "wrong_dice_count": ("technical", 1, "RB-TURN-3"),  # per die
    "wrong_stack": ("technical", 2, "RB-CELL-6"),  # two caps lie wrong
    "wrong_branch": ("technical", 1, "RB-TRACK-3"),  # per cell
    "stalled_self": ("technical", 1, "RB-NOL-1"),
    "die_crooked": ("technical", 1, "RB-REF-2"),
    "die_on_something": ("technical", 1, "RB-REF-2"),
    "rolled_out_of_turn": ("technical", 1, "RB-REF-2"),
    "clutch_out_of_turn": ("technical", 1, "RB-DICE-4"),  # per 1 shown
    "forgot_flip": ("technical", 1, "RB-CELL-3"),
    "forgot_bonk": ("technical", 1, "RB-CELL-3"),
    "wrong_wheels": ("technical", 1, "RB-OPT-1"),
    "explained_rule": ("general", 1, "RB-REF-2"),
    "explained_rule_wrongly": ("general", 1, "RB-REF-2"),
    "not_put_back": ("general", 1, "RB-CAP-1"),
    "forgot_shift_up": ("general", 1, "RB-DICE-2"),
    "forgot_shift_down": ("general", 1, "RB-DICE-3"),
    "forgot_first_last": ("general", 1, "RB-TURN-1"),
    "forgot_drink_first_last": ("general", 1, "RB-TURN-1"),
    "forgot_first_gear": ("general", 1, "RB-CELL-2"),
    "forgot_squeal": ("general", 1, "RB-DICE-6"),
    "forgot_midway": ("general", 1, "RB-CELL-4"),
    "skipped_midway_drink": ("general", 1, "RB-CELL-4"),
    "forgot_finish_first": ("general", 1, "RB-OPT-8"),
    "false_claim": ("general", 1, "RB-DRINK-4"),
}


# -- RB-REF-1: real dice typed in --------------------------------------------------------


def test_rb_ref_1_typed_dice_count_every_five_and_six_shown() -> None:
    state = put(race(2, track=ring()), 0, gear=2)
    step_ = play(state, "roll", "die 6", "die 5", "die 3", "die 6", "die 2")
    shown = [e.value for e in step_.events if isinstance(e, DieShown)]
    assert shown == [6, 5, 3, 6, 2]
    assert Rolled(0, (3, 2), 5, 3) in step_.events
    assert sips(step_.events, "RB-DICE-5", seat=0) == 1  # the third 5 or 6


def test_rb_ref_1_a_referee_action_comes_whoever_is_to_act() -> None:
    state = play(race(2, track=ring()), "roll").state
    assert GAME.to_act(state) is CHANCE
    trusted = step(GAME, state, Fault("die_off_table", 0))  # as the server does for the host
    assert sips(trusted.events, "RB-REF-2", seat=0) == 1
    assert GAME.to_act(trusted.state) is CHANCE  # still the dice's turn
    with pytest.raises(NotYourTurn):
        step(GAME, state, Fault("die_off_table", 0), actor=1)  # a seat's own token


# -- RB-REF-2: every physical fault is a button ---------------------------------------------


def test_rb_ref_2_the_catalogue_names_every_physical_fault_of_the_seed() -> None:
    assert {k: (v.fault, v.sips, v.rule_id) for k, v in CATALOGUE.items()} == SEED_FAULTS


@pytest.mark.parametrize("kind", sorted(SEED_FAULTS))
def test_rb_ref_2_each_fault_charges_its_sips_to_the_chosen_player(kind: str) -> None:
    fault, per, rule_id = SEED_FAULTS[kind]
    state = race(3, track=ring())
    step_ = play(state, f"fault {kind} 2 x3")
    assert step_.events == (
        Faulted(2, kind, 3),
        Drank(2, 3 * per, rule_id, fault, None, CATALOGUE[kind].en),
    )
    assert step_.state.ledger.sips_drunk(2) == state.ledger.sips_drunk(2) + 3 * per
    assert GAME.to_act(step_.state) == GAME.to_act(state)


def test_rb_ref_2_wrong_stack_costs_two_technical_faults() -> None:
    step_ = play(race(2, track=ring()), "fault wrong_stack 1")
    assert sips(step_.events, "RB-CELL-6", seat=1) == 2
    en, da = (GAME.describe(step_.events[0], lang, ["Anna", "Bo"]) for lang in ("en", "da"))
    assert en == "Referee: Bo stacked the caps in the wrong order, a technical fault."
    assert da == "Dommeren: Bo har lagt kapslerne i den forkerte rækkefølge, teknisk fejl."


def test_rb_ref_2_faults_out_of_range_or_unknown_are_invalid() -> None:
    state = race(2, track=ring())
    for text in ("fault dancing 0", "fault wrong_cap 5", "fault wrong_cap 0 x0"):
        with pytest.raises(InvalidAction):
            play(state, text)
    with pytest.raises(InvalidAction, match="no judge"):
        play(state, "fault wrong_cap 0 judge 0")  # judges are Le Mans only


def test_rb_ref_2_buttons_are_listed_for_every_player_until_the_end() -> None:
    state = race(2, track=ring(), upside_down=True)
    buttons = legal_referee_actions(state)
    assert len(buttons) == 2 * len(CATALOGUE) and Fault("wrong_cap", 1) in buttons
    assert UpsideDown() not in buttons
    moving = play(state, "roll", "die 2").state
    assert UpsideDown() in legal_referee_actions(moving)
    assert all(not isinstance(a, Fault) for a in GAME.legal_actions(moving))
    view = GAME.view(state, None)["referee"]
    assert [f["fault"] for f in view["faults"]] == list(CATALOGUE)
    assert "fault wrong_cap 1" in view["legal"]


def test_rb_ref_2_no_fault_after_the_race() -> None:
    state = replace(race(1, track=ring(), laps=1), final_round=True)  # the last round
    over = play(state, "roll", "die 1", "step E").state
    assert GAME.to_act(over) is None and legal_referee_actions(over) == []
    with pytest.raises(GameOver):
        step(GAME, over, Fault("wrong_cap", 0))
    with pytest.raises(IllegalAction):
        play(over, "fault wrong_cap 0")


def test_rb_ref_2_le_mans_judges_call_faults_under_the_cap() -> None:
    state = lemans_race(2, track=ring())
    step_ = play(state, "fault wrong_branch 1 x40 judge 1", "fault wrong_cap 1 x5")
    assert step_.events[0] == Faulted(1, "wrong_branch", 40, "Lis")
    assert sips(step_.events, seat=1) == 42 and SipCapReached(1, 5, 2) in step_.events
    assert GAME.describe(step_.events[0], "en", ["Kerne", "Fys"]) == (
        "Judge Lis: Fys drove the wrong way at a fork (×40), a technical fault."
    )
    judge = legal_judge_actions(state, 1)
    assert parse_action("dunlop 1 judge 1") in judge and parse_action("last lap judge 1") in judge
    assert legal_judge_actions(race(2, track=ring()), 0) == []


@pytest.mark.parametrize(
    "text", ["fault wrong_cap 1", "fault wrong_cap 1 x3", "fault forgot_bonk 0 x2 judge 1"]
)
def test_rb_ref_2_fault_notation_round_trips(text: str) -> None:
    action = parse_action(text)
    assert format_action(action) == text
    codec = ActionCodec(GAME.action_types)
    assert codec.decode(codec.encode(action)) == action
