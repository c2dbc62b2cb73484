"""LD-REF-2's "undo the last move" is a void of recorded actions (the platform's undo):
the referee or a line judge may void, a player may not; the view counts the actions
the undo voids (the last move and all after it); the record keeps them, replay skips
them, and the board, the ledger, the flags and the chugs come back as before the move."""

from __future__ import annotations

import pytest

from racerbile.engine import Record, replay, step
from racerbile.engine.referee import void_refusal
from racerbile.games.ludol import GAME
from racerbile.games.ludol import actions as a
from racerbile.games.ludol.state import State

from .helpers import position, setup

KNOCK = [a.Throw(6), a.Move("A", -1, 6), a.PlaceGlass("B", 0, 40), a.Throw(1)]
"""Anna enters, the referee puts Bo's glass on B@40 (track 1), Anna throws a 1."""


def _played(actions: list[a.Action]) -> tuple[list[State], Record]:
    the_setup = setup(2)
    states, record = [GAME.start(the_setup)], Record.new(GAME, the_setup)
    for action in actions:
        states.append(step(GAME, states[-1], action).state)
        record = record.with_action(action)
    return states, record


def _undo(record: Record, state: State) -> Record:
    """Voids what the view's ``undo`` counts: the last live actions of the record."""
    count = GAME.view(state, None)["undo"]
    live = [n for n in range(1, len(record.actions) + 1) if "void" not in record.actions[n - 1]]
    return record.with_void(live[-count:])


@pytest.mark.rule("LD-REF-2")
def test_ld_ref_2_the_referee_and_line_judges_may_void_players_may_not() -> None:
    state = position({"A": [10], "B": [20]})
    move = [a.Move("A", 10, 3)]
    assert void_refusal(GAME, state, move, "host") is None
    assert void_refusal(GAME, state, move, "judge") is None
    assert "only the referee or a line judge" in str(void_refusal(GAME, state, move, "seat"))
    over = step(GAME, state, a.AllPoured()).state
    assert "the game is over" in str(void_refusal(GAME, over, move, "host"))


@pytest.mark.rule("LD-REF-2")
@pytest.mark.rule("LD-DRINK-1")
def test_ld_ref_2_undoing_a_knock_home_brings_back_the_board_ledger_flags_and_chugs() -> None:
    states, record = _played([*KNOCK, a.Move("A", 0, 1), a.Penalty(1, 1, reason="slow")])
    before, after = states[4], states[-1]
    assert after.chugs and after.flags and after.ledger.entries  # chug, passive flag, drinks
    view = GAME.view(after, None)
    assert (view["undo"], view["can_undo"]) == (2, True)  # the move and the penalty
    undone = _undo(record, after)
    assert undone.actions[-1] == {"void": [5, 6]} and len(undone.actions) == 7
    again = replay(GAME, Record.parse(undone.model_dump_json())).state
    assert again == before and GAME.view(again, None) == GAME.view(before, None)
    assert GAME.ledger(again).entries == () and not again.chugs and not again.flags
    assert again.turn is not None and again.turn.throw == 1  # the throw is chosen again
    chosen = step(GAME, again, a.Move("A", 0, 6)).state
    assert chosen.glasses[0][0] == 6 and chosen.glasses[1][0] == 40


@pytest.mark.rule("LD-REF-2")
@pytest.mark.rule("LD-REF-3")
def test_ld_ref_2_the_undo_counts_from_the_last_move_not_a_wrong_colour_try() -> None:
    states, _ = _played([*KNOCK[:2]])
    assert GAME.view(states[0], None)["undo"] == 0  # nothing moved yet
    assert GAME.view(states[-1], None)["undo"] == 1
    states, record = _played([*KNOCK, a.Move("B", 40, 1)])  # Anna tries Bo's glass
    assert GAME.view(states[-1], None)["undo"] == 4  # the entry, the placing, the throw, the try
    again = replay(GAME, _undo(record, states[-1])).state
    assert again == states[1]  # back to before Anna's entry
