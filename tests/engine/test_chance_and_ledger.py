"""Digital dice sampling, and the drink ledger (RB-DRINK-1…4)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import numpy as np

from racerbile.engine import DiceStream, Drank, DrinkType, Ledger, pick


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


def test_rb_drink_1_drink_sizes() -> None:
    assert DrinkType.standard.sips == 11
    assert DrinkType.light.sips == 8
    assert DrinkType.other.sips == 8


def test_rb_drink_2_a_new_beer_is_opened_when_one_is_empty() -> None:
    ledger = Ledger((DrinkType.standard, DrinkType.light))
    ledger = ledger.add(Drank(0, 10, "RB-DICE-4"), Drank(0, 3, "RB-TURN-1"), Drank(1, 8, "RB-X-1"))
    assert ledger.sips_drunk(0) == 13
    assert ledger.beers_finished(0) == 1
    assert ledger.sips_left(0) == 9
    assert ledger.beers_finished(1) == 1
    assert ledger.sips_left(1) == 8


def test_rb_drink_3_chug_the_rest_and_a_whole_beer() -> None:
    ledger = Ledger((DrinkType.standard,)).add(Drank(0, 4, "RB-TURN-5"))
    assert ledger.chug_rest(0) == 7
    assert ledger.chug_whole(0) == 11
    after = ledger.add(Drank(0, ledger.chug_whole(0), "RB-OPT-5"))
    assert (after.beers_finished(0), after.sips_left(0)) == (1, 7)  # spans two bottles


def test_rb_drink_4_a_false_claim_is_a_general_fault_charged_to_the_claimer() -> None:
    ledger = Ledger((DrinkType.light, DrinkType.standard))
    entry = Drank(0, 1, "RB-DRINK-4", "general", reason="claimed a lower count")
    ledger = ledger.add(entry)
    assert ledger.entries == (entry,)
    assert ledger.table()[0] == {
        "seat": 0,
        "drink": "light",
        "sips": 1,
        "beers": 0,
        "sips_left": 7,
        "caused": 0,
    }


def test_ledger_totals_are_derived_from_entries() -> None:
    ledger = Ledger((DrinkType.standard,) * 3).add(
        Drank(1, 2, "RB-TURN-6", "general", caused_by=0),
        Drank(2, 1, "RB-TURN-6", caused_by=0),
        Drank(0, 0, "RB-DICE-5"),
    )
    assert len(ledger.entries) == 2  # zero-sip entries are not recorded
    assert ledger.sips_caused(0) == 3
    assert [row["sips"] for row in ledger.table()] == [0, 2, 1]


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
    drinks = (DrinkType.standard, DrinkType.light, DrinkType.other)
    ledger = Ledger(drinks)
    for _ in range(200):
        entries = [
            Drank(int(rng.integers(3)), int(rng.integers(0, 4)), "RB-TURN-6",
                  caused_by=None if rng.random() < 0.3 else int(rng.integers(3)))
            for _ in range(int(rng.integers(1, 3)))
        ]  # fmt: skip
        ledger = ledger.add(*entries)
        recount = Ledger(drinks, ledger.entries)
        assert ledger == recount
        assert ledger.table() == recount.table()
