"""The Vectrace log told one sentence per move, in English and Danish: the new speed
against the one before, what the move passed or hit, and where the car stands."""

from __future__ import annotations

from fractions import Fraction

import pytest

from racerbile.games.vectrace import GAME
from racerbile.games.vectrace.events import (
    CheckpointPassed,
    Crashed,
    Finished,
    Moved,
    RaceOver,
    SetBack,
)

NAMES = ["Anna", "Bo"]


def _texts(events: list[tuple[int, object]], lang: str = "en") -> list[str]:
    return [line.text for line in GAME.narrate(events, lang, NAMES)]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("before", "frm", "to", "said"),
    [
        ((0, 0), (2, 2), (3, 1), "Anna sets off at speed +1,-1 (at 3,1)."),
        ((1, 0), (3, 1), (5, 2), "Anna accelerates to speed +2,+1 (at 5,2)."),
        ((2, 1), (5, 2), (6, 2), "Anna brakes to speed +1,+0 (at 6,2)."),
        ((1, 0), (6, 2), (7, 2), "Anna holds speed +1,+0 (at 7,2)."),
        ((1, 0), (7, 2), (7, 3), "Anna turns at speed +0,+1 (at 7,3)."),
        ((1, 0), (7, 3), (7, 3), "Anna stands still (at 7,3)."),
    ],
)
@pytest.mark.rule("VT-MOVE-2")
def test_vt_move_2_a_move_tells_its_new_speed(
    before: tuple[int, int], frm: tuple[int, int], to: tuple[int, int], said: str
) -> None:
    assert _texts([(4, Moved(0, "Anna", frm, to, before))]) == [said]


@pytest.mark.rule("VT-OPT-5")
def test_vt_opt_5_a_move_with_a_checkpoint_and_the_finish_is_one_line_in_both_languages() -> None:
    events = [
        (7, Moved(0, "Anna", (10, 5), (13, 7), (2, 1))),
        (7, CheckpointPassed(0, "Anna", 1)),
        (7, Finished(0, "Anna", 8, Fraction(22, 3))),
        (7, RaceOver((("Anna", 1), ("Bo", 2)))),
    ]
    assert _texts(events) == [
        "Anna accelerates to speed +3,+2, passes checkpoint 1 and finishes after 8 moves,"
        " time 7 1/3 (at 13,7).",
        "The race is over: 1. Anna, 2. Bo.",
    ]
    assert _texts(events, "da")[0] == (
        "Anna accelererer til fart +3,+2, passerer kontrolpunkt 1 og kommer i mål efter 8 træk,"
        " tid 7 1/3 (på 13,7)."
    )


@pytest.mark.rule("VT-OPT-1")
@pytest.mark.rule("VT-OPT-4")
def test_vt_opt_4_a_crash_sets_back_and_the_car_hit_keeps_its_own_sentence() -> None:
    events = [
        (9, Moved(1, "Bo", (4, 4), (6, 4), (2, 0))),
        (9, Crashed(1, "Bo", (6, 4), "VT-MOVE-4", "off")),
        (9, SetBack(1, "Bo", (2, 4), 3)),
        (9, Crashed(0, "Anna", (6, 4), "VT-OPT-1", "hit")),
    ]
    assert _texts(events) == [
        "Bo holds speed +2,+0, crashes: the car ends off the track (VT-MOVE-4)"
        " and is set back 3 moves (VT-OPT-4) (at 2,4).",
        "Anna crashes at 6,4: another car ran into it (VT-OPT-1).",
    ]
