"""The one entry point platform code uses to apply an action (shared checks live here)."""

from __future__ import annotations

from typing import Any

from .contract import CHANCE, Action, Actor, Chance, Game, Step
from .errors import GameOver, NotYourTurn

TRUSTED: Actor = None  # replay and tests: the actor is whoever is to act


def step(game: Game, state: Any, action: Action, actor: Actor | str = "trusted") -> Step:
    """Applies ``action`` for ``actor`` and returns the new state with its events.

    ``actor`` is the seat (or :data:`CHANCE`) that sends the action; the default
    ``"trusted"`` skips the turn check (replay). Raises GameOver when the game has
    ended, NotYourTurn when ``actor`` is not the one to act, and whatever the game
    raises (InvalidAction, IllegalAction). ``state`` is never changed.
    """
    to_act = game.to_act(state)
    if to_act is None:
        raise GameOver("the game is over; no more actions are accepted")
    if actor != "trusted" and actor != to_act:
        raise NotYourTurn(
            f"it is {_name(game, state, to_act)}'s turn, not {_name(game, state, actor)}'s"
        )
    return game.apply(state, action)


def _name(game: Game, state: Any, actor: Actor | str) -> str:
    if isinstance(actor, Chance):
        return "the dice"
    if isinstance(actor, int):
        names = game.seat_names(state)
        return names[actor] if 0 <= actor < len(names) else f"seat {actor}"
    return "a spectator"


__all__ = ["CHANCE", "TRUSTED", "step"]
