"""Seeded play without people: the dice from a stream, seats from a bot or at random.

The contract check, the golden playthroughs and tests all play this way, so a seed
gives the same game in each of them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .chance import DiceStream
from .contract import Action, Chance, Game


def next_action(
    game: Game,
    state: Any,
    dice: DiceStream,
    rng: np.random.Generator,
    bot: str | None = None,
) -> Action:
    """Returns the action for whoever is to act: a draw of ``dice`` at a chance point,
    else the game's bot ``bot``, or a uniformly random legal action without one."""
    if isinstance(game.to_act(state), Chance):
        return dice.choose(game.chance_outcomes(state))
    if bot is not None:
        return game.bots[bot](state, rng)
    legal = game.legal_actions(state)
    return legal[int(rng.integers(len(legal)))]
