"""Who may take back what in Racerbile (``may_void``), and who throws the real dice."""

from __future__ import annotations

from racerbile.games import get_game
from racerbile.games.racerbile import rules
from racerbile.games.racerbile.actions import Die, Fault, Roll, Shift, StepTo, Stop
from racerbile.games.racerbile.state import State

GAME = get_game("racerbile")


def _race() -> State:
    names = [{"name": "Anna"}, {"name": "Bo"}]
    state: State = GAME.start(GAME.Setup.model_validate({"players": names}))
    for value in (6, 1):  # the start order: Anna first (RB-START-1)
        state = rules.apply(state, Die(value)).state
    return state


def test_the_host_may_take_back_anything_a_judge_only_calls() -> None:
    state = _race()
    assert GAME.may_void(state, [Stop()], "host") is None
    assert GAME.may_void(state, [Fault("wrong_cap", 0)], "judge") is None
    assert "judges'" in (GAME.may_void(state, [Roll()], "judge") or "")


def test_a_player_takes_back_only_the_turn_in_progress() -> None:
    state = rules.apply(_race(), Roll()).state
    assert GAME.may_void(state, [Roll()], "seat") is None  # no die thrown yet
    assert "turn in progress" in (GAME.may_void(state, [Shift("up"), Roll()], "seat") or "")
    state = rules.apply(state, Die(2)).state  # first gear: the roll is settled
    assert GAME.may_void(state, [Die(2)], "seat") is None  # a typing slip, before moving
    assert "roll stands" in (GAME.may_void(state, [Roll(), Die(2)], "seat") or "")
    step = next(a for a in GAME.legal_actions(state) if isinstance(a, StepTo))
    moved = rules.apply(state, step).state
    assert GAME.may_void(moved, [step], "seat") is None
    assert "dice stand" in (GAME.may_void(moved, [Die(2), step], "seat") or "")
    assert "stands" in (GAME.may_void(moved, [Stop()], "seat") or "")


def test_the_mover_throws_the_real_dice_and_anyone_the_start_order() -> None:
    start = GAME.start(GAME.Setup.model_validate({"players": [{"name": "A"}, {"name": "B"}]}))
    assert GAME.roller(start) is None
    state = rules.apply(_race(), Roll()).state
    assert GAME.roller(state) == state.turn.seat  # type: ignore[union-attr]
