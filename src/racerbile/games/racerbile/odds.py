"""Exact odds of a Racerbile roll per gear, derived from the game's own chance model.

One throw of one die has the outcomes of :func:`~.rules.die_outcomes`; a 5 or 6 is
thrown again (RB-DICE-5), so a settled die is uniform on 1-4 and the number of 5s
and 6s shown per die is geometric. Everything here is exact (``Fraction``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...engine.capabilities import OddsTable
from .rules import die_outcomes

RETHROWN = (5, 6)


def die_model() -> tuple[dict[int, Fraction], Fraction]:
    """Returns (the distribution of a settled die, the chance that a throw is re-thrown)."""
    outcomes = [(action.value, p) for action, p in die_outcomes()]
    again = sum((p for v, p in outcomes if v in RETHROWN), Fraction(0))
    settled = {v: p / (1 - again) for v, p in outcomes if v not in RETHROWN}
    return settled, again


def total_distribution(gear: int) -> dict[int, Fraction]:
    """Returns P(total) for ``gear`` dice (RB-DICE-1)."""
    settled, _ = die_model()
    dist = {0: Fraction(1)}
    for _ in range(gear):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for value, q in settled.items():
                nxt[total + value] = nxt.get(total + value, Fraction(0)) + p * q
        dist = nxt
    return dict(sorted(dist.items()))


def shown56_head(gear: int, upto: int) -> list[Fraction]:
    """Returns P(exactly n fives and sixes shown) for n = 0..upto over ``gear`` dice."""
    _, again = die_model()
    per_die = [again**k * (1 - again) for k in range(upto + 1)]
    dist = [Fraction(1)] + [Fraction(0)] * upto
    for _ in range(gear):
        dist = [
            sum((dist[i] * per_die[n - i] for i in range(n + 1)), Fraction(0))
            for n in range(upto + 1)
        ]
    return dist


def gear_odds(gear: int) -> dict[str, Any]:
    """Returns the exact figures of one roll in ``gear`` (see :func:`odds_table`)."""
    settled, again = die_model()
    totals = total_distribution(gear)
    p1 = settled[1]
    head = shown56_head(gear, 2)
    mean56 = gear * again / (1 - again)
    # E[max(0, n - 2)] = E[n] - 2 + 2 P(0) + P(1)  (RB-DICE-5)
    sips56 = mean56 - 2 + 2 * head[0] + head[1]
    return {
        "total": totals,
        "p_reckless": sum((p for t, p in totals.items() if 7 <= t <= 9), Fraction(0)),
        "p_too_fast": sum((p for t, p in totals.items() if t >= 10), Fraction(0)),
        "p_triple_one": p1**3 if gear == 3 else Fraction(0),
        "p_any_one": 1 - (1 - p1) ** gear,
        "expected_total": sum((t * p for t, p in totals.items()), Fraction(0)),
        "p_three_56": 1 - sum(head, Fraction(0)),
        "expected_56_sips": sips56,
    }


def odds_table() -> dict[str, dict[str, Any]]:
    """Returns the odds of gears 1-3 keyed "1", "2", "3", as exact Fractions."""
    return {str(gear): gear_odds(gear) for gear in (1, 2, 3)}


# The figures shown as rows of ``racerbile odds racerbile`` (the distribution of
# the total is in the JSON only).
ROWS = {
    "p_reckless": "P(7-9)",
    "p_too_fast": "P(10-12)",
    "p_triple_one": "P(three 1s)",
    "p_any_one": "P(any 1)",
    "expected_total": "E(total)",
    "p_three_56": "P(3+ fives/sixes)",
    "expected_56_sips": "E(5/6 sips)",
}


def odds_figures() -> OddsTable:
    """Returns the odds of a roll in each gear as the platform's odds table."""
    return OddsTable("odds of one roll", "gear", odds_table(), ROWS)
