"""Racerbile's drinks: beers of 11 or 8 sips on the engine's ledger (RB-DRINK-1…4)."""

from __future__ import annotations

import numpy as np

from racerbile.engine import Drank
from racerbile.games.racerbile.drinks import BeerLedger, DrinkType


def test_rb_drink_1_drink_sizes() -> None:
    assert DrinkType.standard.sips == 11
    assert DrinkType.light.sips == 8
    assert DrinkType.other.sips == 8


def test_rb_drink_2_a_new_beer_is_opened_when_one_is_empty() -> None:
    ledger = BeerLedger.of((DrinkType.standard, DrinkType.light))
    ledger = ledger.add(Drank(0, 10, "RB-DICE-4"), Drank(0, 3, "RB-TURN-1"), Drank(1, 8, "RB-X-1"))
    assert ledger.sips_drunk(0) == 13
    assert ledger.beers_finished(0) == 1
    assert ledger.sips_left(0) == 9
    assert ledger.beers_finished(1) == 1
    assert ledger.sips_left(1) == 8


def test_rb_drink_3_chug_the_rest_and_a_whole_beer() -> None:
    ledger = BeerLedger.of((DrinkType.standard,)).add(Drank(0, 4, "RB-TURN-5"))
    assert ledger.chug_rest(0) == 7
    assert ledger.chug_whole(0) == 11
    after = ledger.add(Drank(0, ledger.chug_whole(0), "RB-OPT-5"))
    assert (after.beers_finished(0), after.sips_left(0)) == (1, 7)  # spans two bottles


def test_rb_drink_4_a_false_claim_is_a_general_fault_charged_to_the_claimer() -> None:
    ledger = BeerLedger.of((DrinkType.light, DrinkType.standard))
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
    ledger = BeerLedger.of((DrinkType.standard,) * 3).add(
        Drank(1, 2, "RB-TURN-6", "general", caused_by=0),
        Drank(2, 1, "RB-TURN-6", caused_by=0),
        Drank(0, 0, "RB-DICE-5"),
    )
    assert len(ledger.entries) == 2  # zero-sip entries are not recorded
    assert ledger.sips_caused(0) == 3
    assert [row["sips"] for row in ledger.table()] == [0, 2, 1]


def test_beer_ledger_totals_carried_through_add_equal_a_recount() -> None:
    rng = np.random.default_rng(5)
    drinks = (DrinkType.standard, DrinkType.light, DrinkType.other)
    ledger = BeerLedger.of(drinks)
    for _ in range(200):
        entries = [
            Drank(int(rng.integers(3)), int(rng.integers(0, 4)), "RB-TURN-6",
                  caused_by=None if rng.random() < 0.3 else int(rng.integers(3)))
            for _ in range(int(rng.integers(1, 3)))
        ]  # fmt: skip
        ledger = ledger.add(*entries)
        recount = BeerLedger(len(drinks), ledger.entries, drinks)
        assert ledger == recount
        assert ledger.table() == recount.table()
