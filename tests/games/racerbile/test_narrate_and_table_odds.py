"""The log's one sentence per move, and the exact odds shown on the gear buttons."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from rb_helpers import upshifting_step

from racerbile.engine.ledger import Drank
from racerbile.games import get_game
from racerbile.games.racerbile import rules, table_odds
from racerbile.games.racerbile.actions import SHIFT, Die, Roll
from racerbile.games.racerbile.events import Moved, Rolled, Stopped, TurnEnded, TurnStarted
from racerbile.games.racerbile.narrate import narrate
from racerbile.games.racerbile.odds import gear_odds
from racerbile.games.racerbile.rules.moves import move_options
from racerbile.games.racerbile.state import State
from racerbile.games.racerbile.table_odds import gear_table, settled_rolls
from racerbile.hexgrid import Hex

GAME = get_game("racerbile")
NAMES = ["Anna", "Bo"]


def test_a_turn_is_one_sentence_in_english_and_danish() -> None:
    a, b = Hex(0, 0), Hex(1, 0)
    events = [
        (5, TurnStarted(1, 3, 3)),
        (6, Rolled(1, (4, 3), 7, 0)),
        (7, Moved(1, a, b, 0, squeal=True)),
        (7, Drank(1, 1, "RB-DICE-6", reason="squeal")),
        (8, Moved(1, b, a, 3, squeal=True)),
        (8, Drank(1, 1, "RB-DICE-6", reason="squeal")),
        (9, Stopped(1, 2, 7)),
        (9, Drank(0, 1, "RB-TURN-6", reason="overtaken")),
        (9, TurnEnded(1)),
    ]
    (line,) = narrate(events, "en", NAMES)
    assert (line.seq, line.seat, line.kind) == (9, 1, "move")
    assert (
        line.text
        == "Bo rolls 7 in third gear, drives 2 of 7 cells, squeals twice, drinks 2; Anna drinks 1."
    )
    (dansk,) = narrate(events, "da", NAMES)
    assert dansk.text == (
        "Bo slår 7 i tredje gear, kører 2 af 7 felter, hviner to gange, drikker 2; Anna drikker 1."
    )


def _race_state() -> State:
    state: State = GAME.start(GAME.Setup.model_validate({"players": [{"name": n} for n in NAMES]}))
    state = rules.apply(state, Die(6)).state
    return rules.apply(state, Die(1)).state  # Anna first (RB-START-1)


def test_gear_odds_are_exact_and_vanish_after_the_roll() -> None:
    state = _race_state()
    (first,) = [g for g in gear_table(state) if g["gear"] == 1]
    assert first["p_clutch"] == "1/4"  # one settled die shows 1 with chance 1/4 (RB-DICE-4)
    assert Fraction(first["sips"]) >= Fraction(1, 4)
    assert gear_table(rules.apply(state, Roll()).state) == []


def test_gear_odds_count_each_settled_roll_by_its_orders() -> None:
    """RB-DICE-4: a roll counts by its total and its ones, so each multiset of dice is
    played once with its number of orders: the chances sum to 1, and the table equals
    the one found by playing every ordered roll."""
    for gear in range(1, 6):
        assert sum(chance for _, chance in settled_rolls(gear)) == 1
    checked = 0
    for state in _shift_states_in_higher_gears():
        for direction in (None, "up", "down"):
            fast = table_odds._gear_figures(state, state.turn.seat, direction)
            if fast is not None:
                assert fast == _every_ordered_roll(state, direction)
                checked += 1
    assert checked >= 4


def test_gear_odds_play_one_roll_per_total_and_ones_in_high_gears() -> None:
    """RB-DICE-4: rolls of one total and one number of ones cost the same, so one of each
    is played with their summed chance; in gears 4 and 5 (25 and 36 kinds of the 35 and
    56 multisets) the table still equals every ordered roll played."""
    assert [len(table_odds.settled_total_ways(g)) for g in (4, 5)] == [25, 36]
    assert all(
        sum(ways for _, ways in table_odds.settled_total_ways(g)) == 4**g for g in range(1, 7)
    )
    state = _shift_states_in_higher_gears()[0]
    seat = state.turn.seat
    for gear in (4, 5):
        cars = list(state.cars)
        cars[seat] = cars[seat]._replace(gear=gear)
        geared = state.replace(cars=tuple(cars))
        assert table_odds._gear_figures(geared, seat, None) == _every_ordered_roll(geared, None)


def _shift_states_in_higher_gears() -> list[State]:
    """States before the roll with the mover in gear 2 or 3, from a seeded random race."""
    rng = random.Random(5)
    state, found = _race_state(), list[State]()
    while len(found) < 2:
        turn = state.turn
        if turn is not None and turn.phase == "shift" and state.cars[turn.seat].gear in (2, 3):
            found.append(state)
        state = upshifting_step(state, rng)
    return found


def _every_ordered_roll(state: State, direction: str | None) -> dict[str, Fraction]:
    seat = state.turn.seat
    actions = [SHIFT[direction], Roll()] if direction else [Roll()]
    rolled, before = table_odds._play(state, seat, actions)
    gear = rolled.cars[seat].gear
    p_off = p_clutch = sips = Fraction(0)
    for values in itertools.product((1, 2, 3, 4), repeat=gear):
        chance = Fraction(1, 4**gear)
        after, drunk = table_odds._play(rolled, seat, [Die(v) for v in values])
        p_clutch += chance if 1 in values else 0
        ends = list(move_options(after).values()) if table_odds._moving(after, seat) else []
        p_off += chance if ends and all(end.off_track for end in ends) else 0
        sips += chance * (drunk + min((end.sips for end in ends), default=0))
    fives = gear_odds(gear)["expected_56_sips"]
    return {"p_off": p_off, "p_clutch": p_clutch, "sips": before + sips + fives}
