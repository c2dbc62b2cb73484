"""Sampling chance points with a seeded generator: the digital dice.

The stream is NumPy's PCG64. Each chance point consumes exactly one double ``u`` and
picks the outcome whose cumulative probability interval holds ``u``, computed in
exact integers over the common denominator. A batch simulator that draws doubles
in bulk from a generator with the same seed therefore sees the same dice.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import numpy as np

T = TypeVar("T")


def pick(outcomes: Sequence[tuple[T, Fraction]], u: float) -> T:
    """Returns the outcome for the uniform draw ``u`` in [0, 1)."""
    denominator, cumulative = _intervals(outcomes)
    # the first outcome whose cumulative numerator exceeds the target (the last if none)
    index = bisect_right(cumulative, int(u * denominator))
    return outcomes[min(index, len(outcomes) - 1)][0]


_Intervals = tuple[int, tuple[int, ...]]  # common denominator, cumulative numerators
_KNOWN: dict[int, tuple[Sequence[object], _Intervals]] = {}  # by id, with the object kept


def _intervals(outcomes: Sequence[tuple[T, Fraction]]) -> _Intervals:
    """Returns the exact integer intervals of ``outcomes``; remembered for tuples (a
    game hands out the same immutable tuple at every throw), recomputed for the rest."""
    known = _KNOWN.get(id(outcomes))
    if known is not None and known[0] is outcomes:
        return known[1]
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    cumulative, total = [], 0
    for _, p in outcomes:
        total += p.numerator * (denominator // p.denominator)
        cumulative.append(total)
    found = (denominator, tuple(cumulative))
    immutable = type(outcomes) is tuple and all(type(pair) is tuple for pair in outcomes)
    if immutable and len(_KNOWN) < 64:
        _KNOWN[id(outcomes)] = (outcomes, found)
    return found


class DiceStream:
    """A seeded stream of chance decisions; ``drawn`` counts the doubles used so far."""

    def __init__(self, seed: int, drawn: int = 0):
        import numpy as np  # here, so importing the engine stays light (a fast CLI start)

        self.seed = seed
        self.rng: np.random.Generator = np.random.default_rng(seed)
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
