"""Relay's bots: each rolls on until it carries enough, then hands the baton on."""

from __future__ import annotations

import numpy as np

from racerbile.engine import Action
from racerbile.engine.capabilities import BotRoster

from .actions import Hand, Roll
from .state import RelayState


def _banker(enough: int):  # type: ignore[no-untyped-def]
    def bot(state: RelayState, rng: np.random.Generator) -> Action:
        needed = state.target - state.scores[state.current]
        return Hand() if state.carried >= min(enough, needed) else Roll()

    return bot


BOTS = BotRoster(
    {"steady": _banker(8), "timid": _banker(3)},
    {"steady": "hands over once it carries 8 points", "timid": "hands over at 3 points"},
)
