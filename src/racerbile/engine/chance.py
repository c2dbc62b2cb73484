"""Sampling chance points with a seeded generator: the digital dice.

The stream is NumPy's PCG64. Each chance point consumes exactly one double ``u`` and
picks the outcome whose cumulative probability interval holds ``u``, computed in
exact integers over the common denominator. A batch simulator that draws doubles
in bulk from a generator with the same seed therefore sees the same dice.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

import numpy as np

T = TypeVar("T")


def pick(outcomes: Sequence[tuple[T, Fraction]], u: float) -> T:
    """Returns the outcome for the uniform draw ``u`` in [0, 1)."""
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    target = int(u * denominator)
    cumulative = 0
    for outcome, p in outcomes:
        cumulative += p.numerator * (denominator // p.denominator)
        if target < cumulative:
            return outcome
    return outcomes[-1][0]


class DiceStream:
    """A seeded stream of chance decisions; ``drawn`` counts the doubles used so far."""

    def __init__(self, seed: int, drawn: int = 0):
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.drawn = 0
        self.skip(drawn)

    def skip(self, n: int) -> None:
        """Advances the stream by ``n`` draws (resuming a game after a restart)."""
        if n > 0:
            self.rng.random(n)
            self.drawn += n

    def choose(self, outcomes: Sequence[tuple[T, Fraction]]) -> T:
        """Returns one outcome drawn with its exact probability."""
        self.drawn += 1
        return pick(outcomes, float(self.rng.random()))
