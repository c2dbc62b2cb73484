"""LD-DRINK-1: the drink ledger on the engine's unit-aware ledger: glasses emptied after
a knock-home, chugs and penalty beers per participant, each with its rule and cause;
the view, the result and the game's ``ledger`` capability all read it."""

from __future__ import annotations

import json

import pytest

from racerbile.engine import step
from racerbile.engine.ledger import Drank
from racerbile.games.ludol import GAME
from racerbile.games.ludol import actions as a
from racerbile.games.ludol.ledger import CHUG, GLASS, PENALTY_BEER, night_table

from .helpers import choose, position, throw


@pytest.mark.rule("LD-DRINK-1")
@pytest.mark.rule("LD-HIT-1")
def test_ld_drink_1_a_knock_home_is_glasses_and_one_chug_caused_by_the_capturer() -> None:
    state, _ = throw(position({"A": [17], "B": [7, 7, 7, 30]}, players=2), 4)
    after, events = choose(state, "A17+3")  # three B glasses on track 20
    drank = [e for e in events if isinstance(e, Drank)]
    assert list(GAME.ledger(after).entries) == drank  # emitted as events, kept as entries
    assert [(e.player, e.sips, e.unit, e.caused_by, e.rule_id) for e in drank] == [
        (1, 3, GLASS, 0, "LD-HIT-1"),
        (1, 1, CHUG, 0, "LD-HIT-1"),
    ]
    ledger = GAME.ledger(after)
    assert (ledger.drunk(1, GLASS), ledger.drunk(1, CHUG), ledger.drunk(1, PENALTY_BEER)) == (
        3,
        1,
        0,
    )
    assert (ledger.caused(0, GLASS), ledger.caused(0, CHUG), ledger.drunk(0, GLASS)) == (3, 1, 0)
    anna, bo = night_table(after)
    assert (bo["glasses_chugged"], bo["chugs"], bo["beers"], bo["knock_homes"]) == (3, 1, 3, 0)
    assert (anna["glasses_chugged"], anna["knock_homes"]) == (0, 1)


@pytest.mark.rule("LD-DRINK-1")
@pytest.mark.rule("LD-SIX-2")
@pytest.mark.rule("LD-REF-3")
def test_ld_drink_1_penalty_beers_automatic_and_the_referees_with_their_causes() -> None:
    state, _ = throw(position({"A": [10, 30], "B": [1]}, players=2, chain=2), 6)  # forced
    state, _ = choose(state, "A30+6")  # A10+6 would not capture either: no flag
    state = step(GAME, state, a.Penalty(1, 2, reason="spilt")).state
    state, _ = throw(state, 4)  # A's bonus throw: A10+4 would knock B@1 home
    state, _ = choose(state, "A36+4")
    state = step(GAME, state, a.ConfirmFlag(0, 1, reason="saw it")).state
    entries = [
        (e.player, e.sips, e.unit, e.rule_id, e.fault, e.reason) for e in GAME.ledger(state).entries
    ]
    assert entries == [
        (0, 1, PENALTY_BEER, "LD-SIX-2", "rule", "third_six"),
        (1, 2, PENALTY_BEER, "LD-REF-3", "general", "spilt"),
        (0, 1, PENALTY_BEER, "LD-REF-3", "general", "flag:missed_capture"),
    ]
    anna, bo = night_table(state)
    assert (anna["penalty_auto"], anna["penalty_referee"], anna["beers"]) == (1, 1, 2)
    assert (bo["penalty_auto"], bo["penalty_referee"], bo["beers"]) == (0, 2, 2)


@pytest.mark.rule("LD-DRINK-1")
def test_ld_drink_1_the_view_and_the_result_show_the_ledgers_table() -> None:
    state, _ = throw(position({"A": [17], "B": [7, 30]}, players=2), 4)
    state, _ = choose(state, "A17+3")
    view = GAME.view(state, None)
    json.dumps(view)
    assert view["drinks"] == night_table(state)
    assert {c.key for c in GAME.drinks} <= set(view["drinks"][0])
    over = step(GAME, state, a.AllPoured()).state
    result = GAME.result(over)
    assert result is not None and result.summary["drinks"] == night_table(over)
    bo = next(s for s in result.standings if s.seat == 1)
    assert bo.detail["glasses_chugged"] == 1 and bo.detail["chugs"] == 1
