"""The Rallyman log told one sentence per driver's turn, in English and Danish: the dice
in order with their gears, the spaces driven, what went wrong and the card that ends
it; nothing of a seeded rally is lost, and the server's incremental log tells the same."""

from __future__ import annotations

import re
from collections import deque
from typing import Any

import numpy as np
import pytest

from racerbile.engine import DiceStream, Event
from racerbile.engine.autoplay import autoplay, random_or_bot
from racerbile.engine.contract import plain_json
from racerbile.games.rallyman import GAME
from racerbile.games.rallyman import actions as a
from racerbile.games.rallyman.narrate import TURN_KINDS
from racerbile.server.loglines import LogLines

NAMES = ["Anna", "Bo"]


def _texts(events: list[tuple[int, Event]], lang: str = "en") -> list[str]:
    return [line.text for line in GAME.narrate(events, lang, NAMES)]


@pytest.mark.rule("RM-TURN-3")
def test_rm_turn_3_a_turn_of_dice_is_one_sentence_ending_with_its_card() -> None:
    events: list[tuple[int, Event]] = [
        (5, a.DieRolled(0, "3", False, 0)),
        (5, a.Moved(0, "t0:s01", "t0:s02", 3)),
        (6, a.DieRolled(0, "4", True, 1)),
        (6, a.Moved(0, "t0:s02", "t0:s03", 4)),
        (7, a.DieRolled(0, "G", False, 1)),
        (7, a.Moved(0, "t0:s03", "t0:s04", 4)),
        (8, a.CardTaken(0, 4, 20)),
        (9, a.DieRolled(1, "1", False, 0)),
    ]
    lines = GAME.narrate(events, "en", NAMES)
    assert [(line.seq, line.seat, line.kind) for line in lines] == [(8, 0, "move"), (9, 1, "move")]
    assert lines[0].text == (
        "Anna rolls gears 3, 4 (hazard) and 4 (gas), drives 3 spaces and stops: 20 s."
    )
    assert _texts(events, "da")[0] == (
        "Anna slår gear 3, 4 (faresymbol) og 4 (gas), kører 3 felter og stopper: 20 s."
    )
    assert lines[1].text == "Bo rolls gear 1."  # a turn still in progress is told so far


@pytest.mark.rule("RM-LOC-1")
@pytest.mark.rule("RM-DMG-1")
def test_rm_loc_1_a_loss_of_control_off_the_road_and_retiring_is_one_sentence() -> None:
    events: list[tuple[int, Event]] = [
        (3, a.SpareFitted(1, 30)),
        (4, a.DieRolled(1, "5", False, 0, 1)),
        (4, a.Moved(1, "t1:s01", "t1:i1", 5)),
        (4, a.LostControl(1, "t1:i1", "overspeed", "RM-CORNER-1")),
        (5, a.CardTaken(1, 5, 60, "left")),
        (5, a.WentOff(1, "left", "rock", 2)),
        (5, a.Retired(1, 5)),
        (5, a.StageOver(1, (213, None))),
    ]
    assert _texts(events) == [
        "Bo fits the spare wheel (+30 s), rolls gear 5 (secured for 1 s), drives 1 space,"
        " loses control (too fast into the corner, RM-CORNER-1), goes off to the left into"
        " rock (damage 2): 60 s and retires with damage 5.",
        "Stage SS1 is over: Anna 213 s, Bo DNF.",
    ]
    assert _texts(events, "da")[0] == (
        "Bo monterer reservehjulet (+30 s), slår gear 5 (sikret for 1 s), kører 1 felt,"
        " mister herredømmet (for hurtigt ind i svinget, RM-CORNER-1), kører af til venstre"
        " i klipper (skade 2): 60 s og udgår med skade 5."
    )


@pytest.mark.rule("RM-ATT-1")
@pytest.mark.rule("RM-SISU-1")
@pytest.mark.rule("RM-FINISH-1")
def test_rm_att_1_a_time_attack_with_sisu_across_the_line_is_one_sentence() -> None:
    events: list[tuple[int, Event]] = [
        (2, a.PoolRolled(0, "45G", ".HH", 3)),
        (3, a.Moved(0, "t3:e1", "t3:e2", 4)),
        (4, a.Moved(0, "t3:e2", "t3:e3", 5)),
        (4, a.LostControl(0, "t3:e3", "hazards", "RM-ATT-1")),
        (5, a.SisuPlayed(0)),
        (6, a.Moved(0, "t3:e3", "finish", 5)),
        (6, a.CardTaken(0, 5, 10)),
        (6, a.Finished(0, 214)),
    ]
    assert _texts(events) == [
        "Anna attacks with gears 4, 5 (hazard) and gas (hazard), takes 3 s in tokens, drives"
        " 2 spaces, loses control (too many hazards, RM-ATT-1), plays the SISU card, drives"
        " 1 space and crosses the finish line: 10 s (stage time 3:34)."
    ]
    assert _texts(events, "da") == [
        "Anna angriber med gear 4, 5 (faresymbol) og gas (faresymbol), tager 3 s i sekunder,"
        " kører 2 felter, mister herredømmet (for mange faresymboler, RM-ATT-1), spiller"
        " SISU-kortet, kører 1 felt og krydser målstregen: 10 s (prøvetid 3:34)."
    ]


@pytest.mark.rule("RM-SOLO-1")
def test_rm_solo_1_a_lone_drivers_turns_each_get_their_sentence() -> None:
    events: list[tuple[int, Event]] = [
        (1, a.Waited(0)),
        (1, a.CardTaken(0, 1, 50)),
        (2, a.DieRolled(0, "1", False, 0)),
        (2, a.Moved(0, "start", "t0:s01", 1)),
        (2, a.LostControl(0, "t0:s01", "airborne", "RM-JUMP-1")),
        (2, a.CardTaken(0, 1, 60, "spin")),
    ]
    assert _texts(events) == [
        "Anna cannot move and waits: 50 s.",
        "Anna rolls gear 1, drives 1 space, loses control (the turn ended in the air,"
        " RM-JUMP-1) and spins: 60 s.",
    ]
    assert _texts(events, "da")[0] == "Anna kan ikke køre og venter: 50 s."


@pytest.fixture(scope="module")
def rally() -> list[tuple[int, list[Event]]]:
    """A seeded two-driver rally of three stages: each action's record position, events."""
    setup = GAME.Setup.model_validate(
        {"players": [{"name": n} for n in NAMES], "rally": "kalkbrud"}
    )
    decide = random_or_bot(GAME, np.random.default_rng(6), None)
    played = autoplay(GAME, GAME.start(setup), DiceStream(6), decide, 10_000)
    return [(seq + 1, list(step.step.events)) for seq, step in enumerate(played)]


WITNESS = {  # what a move's sentence says once per event of that kind
    "pool_rolled": "attacks with",
    "lost_control": "loses control",
    "sisu_played": "SISU",
    "shortcut_drawn": "shortcut card",
    "spare_fitted": "spare wheel",
    "finished": "finish line",
    "retired": "retires",
    "waited": "cannot move",
}


def test_every_event_of_a_seeded_rally_is_told_by_one_line(rally: Any) -> None:
    events = [e for _, step in rally for e in step]
    log = list(enumerate(events))  # one record position per event: each line's span is known
    kinds = {e.kind for e in events}
    assert {"went_off", "sisu_played", "shortcut_drawn", "spare_fitted", "repaired"} <= kinds
    told = GAME.narrate(log, "en", NAMES)
    dansk = GAME.narrate(log, "da", NAMES)
    assert [(x.seq, x.kind, x.seat) for x in dansk] == [(x.seq, x.kind, x.seat) for x in told]
    assert told[-1].seq == len(events) - 1
    start = 0
    for line in told:
        span = events[start : line.seq + 1]
        assert span, line
        start = line.seq + 1
        if line.kind != "move":
            assert [e.kind for e in span] == [line.kind]
            assert line.text == GAME.describe(span[0], "en", NAMES)
            continue
        assert all(e.kind in TURN_KINDS and e.seat == line.seat for e in span), line
        drives = sum(int(n) for n in re.findall(r"drives (\d+) space", line.text))
        assert drives == sum(e.kind == "moved" for e in span), line.text
        for kind, witness in WITNESS.items():
            assert line.text.count(witness) == sum(e.kind == kind for e in span), line.text
        for card in (e for e in span if e.kind == "card_taken"):
            assert f": {card.seconds} s" in line.text, line.text
        assert sum(e.kind == "card_taken" for e in span) <= 1, line.text


@pytest.mark.parametrize("size", [9, 50])
def test_the_log_told_change_by_change_equals_the_whole_log_told_at_once(
    rally: Any, size: int
) -> None:
    """As a room keeps it: a bounded log (``size`` events) growing by each action's events."""
    log: deque[tuple[int, Event]] = deque(maxlen=size)
    told = {lang: LogLines(GAME, lang) for lang in ("en", "da")}
    for seq, step in rally:
        log.extend((seq, e) for e in step)
        for lang, lines in told.items():
            whole = [plain_json(x) for x in GAME.narrate(list(log), lang, NAMES)]
            assert lines.told(log, NAMES) == whole


def test_a_renamed_seat_is_told_anew_in_the_runs_that_grow(rally: Any) -> None:
    """The sentences kept for a growing run name the seats: a new name tells it anew."""
    log: deque[tuple[int, Event]] = deque(maxlen=50)
    told, renamed = LogLines(GAME, "en"), ["Cille", "Dan"]
    for n, (seq, step) in enumerate(rally):
        log.extend((seq, e) for e in step)
        names = NAMES if n % 7 < 4 else renamed
        whole = [plain_json(x) for x in GAME.narrate(list(log), "en", names)]
        assert told.told(log, names) == whole


def test_a_turn_told_again_is_told_for_its_own_events_names_and_language() -> None:
    """A turn's line is kept for the very same events only: another name, language or
    record position, fewer of its events or other events are told for themselves."""
    turn: list[tuple[int, Event]] = [
        (4, a.DieRolled(0, "3", False, 0)),
        (4, a.Moved(0, "t0:s01", "t0:s02", 3)),
        (5, a.CardTaken(0, 3, 20)),
    ]
    for _ in range(2):
        assert _texts(turn) == ["Anna rolls gear 3, drives 1 space and stops: 20 s."]
        assert _texts(turn, "da") == ["Anna slår gear 3, kører 1 felt og stopper: 20 s."]
        assert [x.text for x in GAME.narrate(turn, "en", ["Cille"])] == [
            "Cille rolls gear 3, drives 1 space and stops: 20 s."
        ]
        assert _texts(turn[1:]) == ["Anna drives 1 space and stops: 20 s."]
        assert [x.seq for x in GAME.narrate([(9, e) for _, e in turn], "en", NAMES)] == [9]
    other: list[tuple[int, Event]] = [(4, a.DieRolled(0, "4", True, 1)), *turn[1:]]
    assert _texts(other) == ["Anna rolls gear 4 (hazard), drives 1 space and stops: 20 s."]
