"""Digital dice sampling, and the drink ledger counted per unit."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import numpy as np

from racerbile.engine import DiceStream, Drank, Ledger, pick
from racerbile.engine.ledger import drink_totals


def test_pick_follows_the_exact_intervals() -> None:
    outcomes = [("a", Fraction(1, 4)), ("b", Fraction(1, 2)), ("c", Fraction(1, 4))]
    assert [pick(outcomes, u) for u in (0.0, 0.2499, 0.25, 0.7499, 0.75, 0.9999)] == list("aabbcc")


def test_dice_stream_resumes_and_matches_bulk_draws() -> None:
    outcomes = [(v, Fraction(1, 6)) for v in range(1, 7)]
    first = DiceStream(7)
    seq = [first.choose(outcomes) for _ in range(50)]
    resumed = DiceStream(7, drawn=20)
    assert [resumed.choose(outcomes) for _ in range(30)] == seq[20:]
    bulk = np.random.default_rng(7).random(50)
    assert [pick(outcomes, float(u)) for u in bulk] == seq


def test_dice_stream_is_fair() -> None:
    outcomes = [(v, Fraction(1, 4)) for v in range(4)]
    dice = DiceStream(3)
    counts = Counter(dice.choose(outcomes) for _ in range(8000))
    assert all(1800 < counts[v] < 2200 for v in range(4))


def test_ledger_totals_are_derived_from_entries_per_unit() -> None:
    ledger = Ledger(3).add(
        Drank(1, 2, "RB-TURN-6", "general", caused_by=0),
        Drank(2, 1, "RB-TURN-6", caused_by=0),
        Drank(0, 0, "RB-DICE-5"),
        Drank(2, 1, "LU-X-1", unit="glass", caused_by=1),
    )
    assert len(ledger.entries) == 3  # entries of 0 are not recorded
    assert ledger.caused(0) == 3 and ledger.caused(0, "glass") == 0
    assert [ledger.drunk(p) for p in range(3)] == [0, 2, 1]
    assert [ledger.drunk(p, "glass") for p in range(3)] == [0, 0, 1]
    assert ledger.caused(1, "glass") == 1 and ledger.drunk(0, "chug") == 0


def test_drink_totals_of_events_equal_the_ledger() -> None:
    entries = [Drank(0, 3, "X-1", caused_by=1), Drank(1, 2, "X-2"), Drank(1, 1, "X-3", unit="chug")]
    ledger = Ledger(2).add(*entries)
    totals = drink_totals(entries, 2)
    assert [t["drunk"] for t in totals] == [ledger.drunk(0), ledger.drunk(1)] == [3, 2]
    assert [t["caused"] for t in totals] == [0, 3]
    assert drink_totals(entries, 2, "chug")[1] == {"drunk": 1, "caused": 0}


def _linear_pick(outcomes: list[tuple[str, Fraction]], u: float) -> str:
    """The definition: walk the exact cumulative numerators over the common denominator."""
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    target, cumulative = int(u * denominator), 0
    for outcome, p in outcomes:
        cumulative += p.numerator * (denominator // p.denominator)
        if target < cumulative:
            return outcome
    return outcomes[-1][0]


def test_pick_with_remembered_intervals_equals_the_exact_walk() -> None:
    rng = np.random.default_rng(11)
    tables = [
        [(str(v), Fraction(1, 6)) for v in range(1, 7)],
        [("a", Fraction(1, 3)), ("z", Fraction(0)), ("b", Fraction(1, 7)), ("c", Fraction(11, 21))],
        [("a", Fraction(1, 2)), ("b", Fraction(1, 2))],
    ]
    for table in tables:
        denominator = math.lcm(*(p.denominator for _, p in table))
        edges = [k / denominator for k in range(denominator)]
        near = [math.nextafter(e, side) for e in edges for side in (0.0, 1.0)]
        draws = [*rng.random(20_000), *edges, *near, 0.0, math.nextafter(1.0, 0.0)]
        as_tuple = tuple(table)  # remembered by identity
        for u in draws:
            expected = _linear_pick(table, float(u))
            assert pick(as_tuple, float(u)) == expected
            assert pick(table, float(u)) == expected  # a list is never remembered


def test_ledger_totals_carried_through_add_equal_a_recount() -> None:
    rng = np.random.default_rng(5)
    ledger = Ledger(3)
    for _ in range(200):
        entries = [
            Drank(int(rng.integers(3)), int(rng.integers(0, 4)), "RB-TURN-6",
                  caused_by=None if rng.random() < 0.3 else int(rng.integers(3)),
                  unit=("sip", "glass")[int(rng.integers(2))])
            for _ in range(int(rng.integers(1, 3)))
        ]  # fmt: skip
        ledger = ledger.add(*entries)
        recount = Ledger(3, ledger.entries)
        for unit in ("sip", "glass"):
            assert [ledger.drunk(p, unit) for p in range(3)] == [
                recount.drunk(p, unit) for p in range(3)
            ]
            assert [ledger.caused(p, unit) for p in range(3)] == [
                recount.caused(p, unit) for p in range(3)
            ]
