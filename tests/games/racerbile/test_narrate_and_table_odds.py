"""The log's one sentence per move, and the exact odds shown on the gear buttons."""

from __future__ import annotations

from fractions import Fraction

from racerbile.engine.ledger import Drank
from racerbile.games import get_game
from racerbile.games.racerbile import rules
from racerbile.games.racerbile.actions import Die, Roll
from racerbile.games.racerbile.events import Moved, Rolled, Stopped, TurnEnded, TurnStarted
from racerbile.games.racerbile.narrate import narrate
from racerbile.games.racerbile.state import State
from racerbile.games.racerbile.table_odds import gear_table
from racerbile.hexgrid import Hex

GAME = get_game("racerbile")
NAMES = ["Anna", "Bo"]


def test_a_turn_is_one_sentence_in_english_and_danish() -> None:
    a, b = Hex(0, 0), Hex(1, 0)
    events = [
        (5, TurnStarted(1, 3, 3)),
        (6, Rolled(1, (4, 3), 7, 0)),
        (7, Moved(1, a, b, 0, squeal=True)),
        (7, Drank(1, 1, "RB-DICE-6", reason="squeal")),
        (8, Moved(1, b, a, 3, squeal=True)),
        (8, Drank(1, 1, "RB-DICE-6", reason="squeal")),
        (9, Stopped(1, 2, 7)),
        (9, Drank(0, 1, "RB-TURN-6", reason="overtaken")),
        (9, TurnEnded(1)),
    ]
    (line,) = narrate(events, "en", NAMES)
    assert (line.seq, line.seat, line.kind) == (9, 1, "move")
    assert (
        line.text
        == "Bo rolls 7 in third gear, drives 2 of 7 cells, squeals twice, drinks 2; Anna drinks 1."
    )
    (dansk,) = narrate(events, "da", NAMES)
    assert dansk.text == (
        "Bo slår 7 i tredje gear, kører 2 af 7 felter, hviner to gange, drikker 2; Anna drikker 1."
    )


def _race_state() -> State:
    state: State = GAME.start(GAME.Setup.model_validate({"players": [{"name": n} for n in NAMES]}))
    state = rules.apply(state, Die(6)).state
    return rules.apply(state, Die(1)).state  # Anna first (RB-START-1)


def test_gear_odds_are_exact_and_vanish_after_the_roll() -> None:
    state = _race_state()
    (first,) = [g for g in gear_table(state) if g["gear"] == 1]
    assert first["p_clutch"] == "1/4"  # one settled die shows 1 with chance 1/4 (RB-DICE-4)
    assert Fraction(first["sips"]) >= Fraction(1, 4)
    assert gear_table(rules.apply(state, Roll()).state) == []
