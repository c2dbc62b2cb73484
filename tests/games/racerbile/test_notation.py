"""Action notation round-trips; the one-line state notation; JSON codec round-trips."""

from __future__ import annotations

import pytest
from rb_helpers import race, ring

from racerbile.engine.codec import ActionCodec
from racerbile.engine.errors import IllegalAction, InvalidAction
from racerbile.games.racerbile import GAME
from racerbile.games.racerbile.actions import (
    Announce,
    Die,
    Face,
    Pass,
    Roll,
    Shift,
    Stall,
    StepTo,
    Stop,
    TimeTrial,
    UpsideDown,
)
from racerbile.games.racerbile.notation import format_action, format_state, parse_action
from racerbile.games.racerbile.rules import play

EXAMPLES = [
    ("roll", Roll()),
    ("die 5", Die(5)),
    ("shift up", Shift("up")),
    ("shift down", Shift("down")),
    ("step NE", StepTo(1)),
    ("stop", Stop()),
    ("pass", Pass()),
    ("announce squeal", Announce("squeal")),
    ("announce shift_up", Announce("shift_up")),
    ("time 8.5", TimeTrial(8.5)),
    ("face SW", Face(4)),
    ("stall 1", Stall(1)),
    ("stall 1 by 0", Stall(1, 0)),
    ("upside down", UpsideDown()),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_parse_and_format_round_trip(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert format_action(parse_action(text)) == text
    codec = ActionCodec(GAME.action_types)
    assert codec.decode(codec.encode(action)) == action  # type: ignore[arg-type]


def test_directions_by_number_and_any_case() -> None:
    assert parse_action("step 3") == StepTo(3) == parse_action("Step w")
    assert parse_action("announce shift up") == Announce("shift_up")


@pytest.mark.parametrize("text", ["", "step 7", "jump", "die x", "announce nothing", "shift left"])
def test_bad_notation_is_an_invalid_action(text: str) -> None:
    with pytest.raises(InvalidAction):
        parse_action(text)


def test_format_state_is_one_line_with_cars_gears_laps_and_the_turn() -> None:
    state = play(race(2, track=ring()), "roll", "die 3", "step E").state
    line = format_state(state)
    assert "\n" not in line
    assert line == (
        "babybile ring 2L auto | race | Anna 1g L0 3,0 E 1s, Bo 1g L0 1,0 E 0s"
        " | Anna move dice 3 56x0 1/3 normal"
    )


def test_illegal_actions_carry_the_state_notation() -> None:
    state = race(2, track=ring())
    with pytest.raises(IllegalAction) as err:
        play(state, "stop")
    assert err.value.position == format_state(state)
    assert err.value.rule_id == "RB-TURN-5"


def test_describe_every_event_kind_in_both_languages() -> None:
    state = race(2, track=ring())
    events = play(state, "roll", "die 5", "die 6", "die 5", "die 3", "step E", "stop").events
    for event in events:
        for lang in ("da", "en"):
            sentence = GAME.describe(event, lang, ["Anna", "Bo"])
            assert sentence and "\n" not in sentence
    assert GAME.describe(events[0], "da", ["Anna", "Bo"]) == "Annas terning viser 5 og slås om."
