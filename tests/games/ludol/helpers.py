"""Test builders: positions from glasses per colour, scripted throws and choices."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from racerbile.engine import Event, step
from racerbile.games.ludol import GAME, LudolSetup
from racerbile.games.ludol.actions import Move, Throw
from racerbile.games.ludol.rules.flow import in_play
from racerbile.games.ludol.state import GOAL, State, Turn

NAMES = ("Anna", "Bo", "Cille", "Dag")


def setup(players: int = 4, profile: str = "ludol", **options: Any) -> LudolSetup:
    """Returns a setup of ``players`` one-colour participants, Anna starting as A."""
    return LudolSetup.model_validate(
        {
            "players": [{"name": n} for n in NAMES[:players]],
            "profile": profile,
            "first": 0,
            "options": options,
        }
    )


def position(
    glasses: dict[str, list[int]],
    to_move: str = "A",
    chain: int = 0,
    players: int = 4,
    profile: str = "ludol",
    **options: Any,
) -> State:
    """Returns the state with these glasses (unlisted ones in the goal), ``to_move`` to
    throw, ``chain`` throws already made in its six-chain."""
    state = GAME.start(setup(players, profile, **options))
    board = tuple(
        tuple(glasses.get(letter, []) + [GOAL] * (4 - len(glasses.get(letter, []))))
        for letter in "ABCD"[:players]
    )
    colour = "ABCD".index(to_move)
    attempts = 1 if in_play(board[colour]) else 3
    turn = Turn(colour=colour, number=1, attempts=attempts, chain=chain, throws=chain)
    return replace(state, glasses=board, turn=turn, turns=1)


def throw(state: State, top: int) -> tuple[State, tuple[Event, ...]]:
    """Applies a throw of ``top``."""
    result = step(GAME, state, Throw(top))
    return result.state, result.events


def choose(state: State, text: str) -> tuple[State, tuple[Event, ...]]:
    """Applies the action written in notation (``A10+5``, ``declare six``, ...)."""
    result = step(GAME, state, GAME.parse_action(text))
    return result.state, result.events


def moves(state: State) -> set[tuple[int, int, int]]:
    """Returns the options of the pending throw as (from, value, to)."""
    assert state.turn is not None
    return {(o.frm, o.value, o.to) for o in state.turn.options}


def legal_text(state: State) -> set[str]:
    """Returns the legal actions in notation."""
    return {GAME.format_action(a) for a in GAME.legal_actions(state)}


def kinds(events: tuple[Event, ...]) -> list[str]:
    """Returns the kinds of ``events``."""
    return [e.kind for e in events]


def move(colour: str, frm: int, value: int) -> Move:
    """Returns a move action."""
    return Move(colour, frm, value)
