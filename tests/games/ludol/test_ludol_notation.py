"""Notation (round trips) and the sentences of every event in Danish and English."""

from __future__ import annotations

import dataclasses

import pytest

from racerbile.engine import InvalidAction
from racerbile.engine.codec import ActionCodec
from racerbile.engine.ledger import Drank
from racerbile.games.ludol import GAME
from racerbile.games.ludol import actions as a
from racerbile.games.ludol import events as ev
from racerbile.games.ludol.describe import SENTENCES
from racerbile.games.ludol.notation import parse_state

from .helpers import NAMES, choose, legal_text, position, throw

ACTIONS = [
    a.Throw(4),
    a.Move("A", -1, 6),
    a.Move("C", 47, 3),
    a.Declare(True),
    a.Declare(False),
    a.Penalty(2, 3, judge=1, reason="spilt the 'good' beer"),
    a.Penalty(0, -1),
    a.ChugResult(4, True),
    a.Vomit(1, reason=""),
    a.Disqualify(3, reason="fight"),
    a.AllPoured(judge=0),
    a.ConfirmFlag(2, 1),
    a.DismissFlag(7, reason="fair"),
    a.PlaceGlass("B", 3, 56, reason="put back"),
    a.RemoveGlass("D", 0),
    a.SetTurn("A"),
    a.SetTurn("B", judge=1, reason="A was done"),
    a.IdleCount(12),
    a.IdleExpired(12),
    a.ChugTimeUp(0),
]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda x: x.kind)
def test_every_action_round_trips_through_notation_and_json(action: a.Action) -> None:
    text = GAME.format_action(action)
    assert GAME.parse_action(text) == action
    codec = ActionCodec(GAME.action_types)
    assert codec.decode(action.to_json()) == action


def test_notation_reads_loose_spellings_and_refuses_nonsense() -> None:
    assert GAME.parse_action(" a10 + 5 ") == a.Move("A", 10, 5)
    assert GAME.parse_action("aY+6") == a.Move("A", -1, 6)
    assert GAME.parse_action("Throw 6") == a.Throw(6)
    for bad in ("", "jump 3", "penalty beers=x", "penalty who=1", "declare maybe", "undo '"):
        with pytest.raises(InvalidAction):
            GAME.parse_action(bad)


@pytest.mark.rule("LD-BOARD-1")
def test_state_line_shows_turn_throw_glasses_and_marks() -> None:
    state, _ = throw(position({"A": [10, -1], "B": [53]}, players=2, chain=2), 6)
    line = GAME.format_state(state)
    assert line.startswith("ludol play turn1 A c3 a1 t6!") and "A0=10,y,g,g B1=53,g,g,g" in line
    again = parse_state(line, state.config)
    assert GAME.format_state(again) == line and again.turn == state.turn


def test_state_lines_read_back_with_their_options() -> None:
    config = position({}).config
    line = "ludol play turn7 B c1 a1 t2 | A0=10,y,g,g B1=y,20,x,g C2=g,g,g,g D3=30,g,g,g | poured"
    state = parse_state(line, config)
    assert GAME.format_state(state) == line and state.poured and state.glasses[1][2] == -2
    assert legal_text(state) == {"B20+2", "B20+5"} and GAME.to_act(state) == 1
    over = "ludol over turn9 A c1 a1 t4 | A0=g,g,g,g B1=1,2,3,4 | end home 0"
    assert GAME.format_state(parse_state(over, config)) == over
    poured = "ludol over |  | poured | end poured 0,1"
    assert GAME.format_state(parse_state(poured, config)) == poured
    for bad in ("ludol play turn", "ludol play turn1 A c0 a1 t- | A0=q", "chess"):
        with pytest.raises(InvalidAction):
            parse_state(bad, config)


EVENTS: list[ev.Event] = [
    ev.RolledForStart(0, 5),
    ev.RollOffTied((0, 2)),
    ev.StartOrderSet(1, (1, 2, 0)),
    ev.TurnStarted("A", 0, 1, 3),
    ev.Thrown("A", 2, 5, 1, False, ("A10+2", "A10+5")),
    ev.Thrown("B", 1, 6, 3, True, ()),
    ev.Moved("A", 0, -1, 0, 6, "six_rule"),
    ev.Moved("A", 1, 50, 56, 6, "top"),
    ev.KnockedHome(1, "B", (0, 1, 2), "A", 20, 0, 10),
    ev.PenaltyAwarded(0, 1, "third_six", "LD-SIX-2", True),
    ev.PenaltyAwarded(1, 2, "flag:passive", "LD-REF-3", False, 0),
    ev.BonusThrow("A"),
    ev.NoMove("A", 3, 2),
    ev.Declared("A", True),
    ev.FlagRaised(0, "missed_capture", 0, "A"),
    ev.FlagRaised(1, "idle", 1, "B"),
    ev.WrongColour(0, "A", "B", 20, 3),
    Drank(1, 3, "LD-HIT-1", "rule", 0, "knocked_home", "glass"),
    ev.FlagResolved(0, True, 2),
    ev.ChugEnded(0, 1, "time_up"),
    ev.ChugEnded(0, 1, "failed"),
    ev.CountStarted(0, "A", 10),
    ev.Vomited(2, 3),
    ev.Disqualified(2),
    ev.DrinkPoured(),
    ev.Overridden("set_turn", "turn to B", None, "misread", 0),
    ev.Overridden("place_glass", "B3 to 56", 1, "", 1),
    ev.GameEnded("poured", (0, 1), ((0, "12"), (1, "12"), (2, "-40"))),
    ev.GameEnded("home", (2,), ()),
]


def test_every_event_kind_has_a_danish_and_an_english_sentence() -> None:
    event_kinds = {
        cls.kind
        for cls in vars(ev).values()
        if isinstance(cls, type) and issubclass(cls, ev.Event) and cls is not ev.Event
    }
    event_kinds.add(Drank.kind)  # the ledger's entries are events too
    assert event_kinds == set(SENTENCES) == {e.kind for e in EVENTS}


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e.kind)
def test_sentences_fill_names_in_both_languages(event: ev.Event) -> None:
    en = GAME.describe(event, "en", NAMES)
    da = GAME.describe(event, "da", NAMES)
    assert en and da and en != da and "{" not in en + da
    participant = getattr(event, "participant", None)
    if participant is not None:
        assert NAMES[participant] in en and NAMES[participant] in da
    assert GAME.describe(event, "fr", NAMES) == en


def test_knock_home_sentence_names_the_glasses_to_chug() -> None:
    state, _ = throw(position({"A": [17], "B": [7, 7, 7]}), 4)
    _, events = choose(state, "A17+3")
    knock = next(e for e in events if isinstance(e, ev.KnockedHome))
    assert GAME.describe(knock, "en", NAMES) == (
        "A knocks 3 B glass(es) home on square 20: Bo chugs B0, B1, B2 within 10 s (LD-HIT-1)."
    )
    assert "Bo bunder B0, B1, B2 inden 10 s" in GAME.describe(knock, "da", NAMES)
    assert dataclasses.asdict(knock)["glasses"] == (0, 1, 2)
