"""Test builders: tracks from text, states from one notation line, scripted turns."""

from __future__ import annotations

from textwrap import dedent
from typing import Any

from racerbile.engine import Event, step
from racerbile.games.vectrace import GAME
from racerbile.games.vectrace.notation import parse_action, parse_state
from racerbile.games.vectrace.setup import VectraceOptions, rule_options
from racerbile.games.vectrace.state import State
from racerbile.games.vectrace.track import Track, parse_track

OPEN = """
############
#..........#
#S.........F
#S.........F
#S.........F
#..........#
############
"""


def track(text: str, track_id: str = "t") -> Track:
    """Returns a validated track from an indented grid."""
    return parse_track(dedent(text).strip("\n") + "\n", source=f"{track_id}.txt", track_id=track_id)


def at(text: str, line: str, **options: Any) -> State:
    """Returns the state ``line`` (the notation after ``|``) on the track ``text``.

    ``line`` may be a whole state line or just the cars; the default head is a race
    in round 0 with seat 0 to move and order 0, 1, … .
    """
    tr = track(text)
    opts = rule_options(VectraceOptions(**options), tr)
    if "|" not in line:
        cars = line.count(";") + 1
        order = ",".join(str(i) for i in range(cars))
        line = f"{tr.id} race r0 t0 o{order} | {line}"
    names = tuple("ABCDEFGH"[i] for i in range(line.split("|")[1].count(";") + 1))
    return parse_state(line, tr, options=opts, names=names)


def start(text: str, players: int = 2, **options: Any) -> State:
    """Returns the first state of a race on ``text`` through the game's setup."""
    setup = GAME.Setup.model_validate(
        {
            "players": [{"name": "ABCDEFGH"[i]} for i in range(players)],
            "track_text": dedent(text).strip("\n") + "\n",
            "options": options,
        }
    )
    return GAME.start(setup)


def play(state: State, *moves: str) -> tuple[State, list[Event]]:
    """Applies actions written in notation; returns the state and all events."""
    events: list[Event] = []
    for text in moves:
        result = step(GAME, state, parse_action(text))
        state = result.state
        events.extend(result.events)
    return state, events


def kinds(events: list[Event]) -> list[str]:
    """Returns the kinds of ``events``."""
    return [e.kind for e in events]
