"""The one auto-play driver: seeded dice or a seat's decision, then the step.

The room (digital dice and bot seats), the simulator's reference runner, the golden
playthroughs and the contract check all play through :func:`autoplay`, so a seed gives
the same game in each of them. A caller says how a seat decides (``decide``); the dice
come from a :class:`DiceStream` (``None``: real dice, which a person sends).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from .chance import DiceStream
from .contract import Action, Actor, Bot, Chance, Game, Seat, Step

Decide = Callable[[Any, Seat], Action | None]
"""How a seat decides: its action for the state, or None when a person decides."""


@dataclass(frozen=True)
class Played:
    """One automatic step: the state before, who acted, the action and its step."""

    before: Any
    actor: Actor
    action: Action
    step: Step


def autoplay(
    game: Game, state: Any, dice: DiceStream | None, decide: Decide, max_actions: int
) -> Iterator[Played]:
    """Plays from ``state`` until a person is to act, the game ends or ``max_actions``
    have been played, yielding each step.

    At a chance point the dice decide (the driver stops there without dice); at a seat,
    ``decide``. The driver asks ``to_act`` itself, so the checks of
    :func:`~racerbile.engine.step` hold by construction and it applies directly.
    Whatever the game raises for a bad action (RulesError) reaches the caller.
    """
    for _ in range(max_actions):
        actor = game.to_act(state)
        if actor is None:
            return
        if isinstance(actor, Chance):
            if dice is None:
                return
            action: Action | None = dice.choose(game.chance_outcomes(state))
        else:
            action = decide(state, actor)
        if action is None:
            return
        result = game.apply(state, action)
        yield Played(state, actor, action, result)
        state = result.state


def random_or_bot(game: Game, rng: np.random.Generator, bot: str | None = None) -> Decide:
    """Returns a ``decide`` for every seat: the game's bot ``bot``, or without one a
    uniformly random legal action, all drawing from one generator."""
    if bot is not None:
        chosen = game.bots[bot]
        return lambda state, _seat: chosen(state, rng)
    return lambda state, _seat: random_legal(game, state, rng)


def seat_bots(bots: Mapping[Seat, Bot], rngs: Mapping[Seat, np.random.Generator]) -> Decide:
    """Returns a ``decide`` where seat ``k`` plays ``bots[k]`` with its own generator
    (None for a seat without a bot: a person decides there)."""
    return lambda state, seat: bots[seat](state, rngs[seat]) if seat in bots else None


def random_legal(game: Game, state: Any, rng: np.random.Generator) -> Action:
    """Returns a uniformly random legal action."""
    legal = game.legal_actions(state)
    return legal[int(rng.integers(len(legal)))]
