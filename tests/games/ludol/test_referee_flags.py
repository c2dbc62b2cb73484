"""LD-REF-3 (g), seed §17g: a participant who moves a glass of a colour they do not play
has the try kept and flagged for the referee, who confirms it (penalty beers) or
dismisses it; the glass stays and the throw is still theirs."""

from __future__ import annotations

import pytest

from racerbile.engine import IllegalAction, Record, replay, step
from racerbile.games.ludol import GAME, LudolSetup
from racerbile.games.ludol import actions as a
from racerbile.games.ludol.ledger import night_table
from racerbile.games.ludol.state import State

from .helpers import kinds, position, throw


def _thrown(profile: str = "ludol") -> State:
    state, _ = throw(position({"A": [10], "B": [20]}, profile=profile), 3)
    return state


@pytest.mark.rule("LD-REF-3")
def test_ld_ref_3_g_a_wrong_colour_move_is_kept_flagged_and_the_glass_stays() -> None:
    state = _thrown()
    result = step(GAME, state, a.Move("B", 20, 3), actor=0)  # Anna (A) moves Bo's glass
    after = result.state
    assert kinds(result.events) == ["wrong_colour", "flag_raised"]
    assert after.glasses == state.glasses and after.turn == state.turn
    assert [(f.kind, f.participant, f.status) for f in after.flags] == [("wrong_colour", 0, "open")]
    assert GAME.to_act(after) == 0 and GAME.legal_actions(after) == GAME.legal_actions(state)
    assert GAME.describe(result.events[1], "en", ["Anna", "Bo"]) == (
        "Flag 0 for the referee: Anna (A), does not know their own colour (LD-REF-3)."
    )
    played = step(GAME, after, a.Move("A", 10, 3)).state  # the throw is used as it should be
    assert played.glasses[0][0] == 13


@pytest.mark.rule("LD-REF-3")
def test_ld_ref_3_g_the_referee_confirms_with_beers_or_dismisses() -> None:
    flagged = step(GAME, _thrown(), a.Move("B", 20, 4)).state  # the bottom face of the 3
    confirmed = step(GAME, flagged, a.ConfirmFlag(0, 2, reason="that was Bo's")).state
    assert confirmed.flags[0].status == "confirmed"
    assert night_table(confirmed)[0]["penalty_referee"] == 2
    dismissed = step(GAME, flagged, a.DismissFlag(0, reason="the table typed it wrong")).state
    assert dismissed.flags[0].status == "dismissed" and night_table(dismissed)[0]["beers"] == 0


@pytest.mark.rule("LD-REF-3")
def test_ld_ref_3_g_the_try_is_recorded_and_replays() -> None:
    the_setup = LudolSetup.model_validate(
        {"players": [{"name": "Anna"}, {"name": "Bo"}], "first": 0}
    )
    state, record = GAME.start(the_setup), Record.new(GAME, the_setup)
    script = [a.Throw(6), a.Move("B", -1, 6), a.ConfirmFlag(0), a.Move("A", -1, 6)]
    for action in script:
        state = step(GAME, state, action).state
        record = record.with_action(action)
    again = replay(GAME, Record.parse(record.model_dump_json()))
    assert again.state == state and [f.status for f in state.flags] == ["confirmed"]
    assert state.glasses[0][0] == 0 and state.glasses[1] == (-1,) * 4


@pytest.mark.rule("LD-REF-3")
@pytest.mark.rule("LD-SEAT-1")
def test_ld_ref_3_g_what_is_refused_instead_of_flagged() -> None:
    state = _thrown()
    cases = [
        (a.Move("B", 21, 3), "LD-REF-3", "no glass of B stands on 21"),
        (a.Move("B", 20, 5), "LD-ROROS-1", "cannot be used as 5"),
        (a.Move("E", 20, 3), "LD-SEAT-1", "not in play"),
    ]
    for action, rule_id, words in cases:
        with pytest.raises(IllegalAction) as err:
            step(GAME, state, action)
        assert err.value.rule_id == rule_id and words in err.value.reason
    norsk = _thrown(profile="norsk")  # no referee: the base game refuses it
    with pytest.raises(IllegalAction) as err:
        step(GAME, norsk, a.Move("B", 20, 3))
    assert err.value.rule_id == "LD-SEAT-1"
    two = LudolSetup.model_validate(
        {"players": [{"name": "Anna", "colours": 2}, {"name": "Bo"}], "first": 0}
    )
    start = GAME.start(two)
    own, _ = throw(start, 6)
    with pytest.raises(IllegalAction) as err:  # Anna's other colour: its own turns
        step(GAME, own, a.Move("B", -1, 6))
    assert err.value.rule_id == "LD-SEAT-1" and "its own turns" in err.value.reason
    assert not own.flags
