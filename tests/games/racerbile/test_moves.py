"""Move help: each reachable end cell with its cost and cheapest path (RB-TURN-4/5, RB-DICE-6/7)."""

from __future__ import annotations

from rb_helpers import put, race, ring

from racerbile.games.racerbile import GAME
from racerbile.games.racerbile.rules import play
from racerbile.games.racerbile.rules.moves import move_options
from racerbile.hexgrid import Hex


def test_move_help_lists_end_cells_with_stop_costs() -> None:
    state = play(race(2, track=ring()), "roll", "die 3").state
    options = move_options(state)
    assert options[Hex(5, 0)].sips == 0 and options[Hex(5, 0)].directions == (0, 0, 0)
    assert options[Hex(3, 0)].sips == 2 and options[Hex(3, 0)].unmoved == 2
    assert Hex(2, 0) not in options  # at least one cell (RB-TURN-5)
    assert Hex(-1, 1) in options  # backwards is legal in Babybile: (1,0), (0,0), (-1,1)


def test_move_help_counts_squeals_on_7_to_9() -> None:
    state = put(race(2, track=ring()), 0, gear=3, cell=(10, 0))
    state = play(state, "roll", "die 3", "die 2", "die 2").state
    option = move_options(state)[Hex(10, 2)]
    assert (option.sips, option.squeals) == (3, 3)
    assert option.directions == (0, 0, 0, 5, 4, 3, 3)


def test_move_help_shows_off_track_ends_on_10_to_12() -> None:
    state = put(race(2, track=ring()), 0, gear=3, cell=(10, 0))
    state = play(state, "roll", "die 4", "die 3", "die 3").state
    options = move_options(state)
    off = options[Hex(14, 0)]
    assert off.off_track and off.unmoved == 7 and off.sips == 7
    assert all(o.unmoved == 0 or o.off_track for o in options.values())  # no braking


def test_move_help_follows_the_move_in_progress_and_the_view_shows_it() -> None:
    state = play(race(2, track=ring()), "roll", "die 3", "step E").state
    options = move_options(state)
    assert set(options) == {Hex(3, 0), Hex(4, 0), Hex(5, 0)}
    assert options[Hex(3, 0)].sips == 2
    view = GAME.view(state, 0)
    assert {tuple(o["cell"]) for o in view["moves"]} == {(3, 0), (4, 0), (5, 0)}
    assert "moves" not in GAME.view(state, 1)


def test_every_path_of_the_move_help_can_be_played() -> None:
    state = put(race(3), 0, gear=3)  # the oval: wide, with a downshift bend
    state = play(state, "roll", "die 3", "die 3", "die 2").state
    for cell, option in move_options(state).items():
        steps = [f"step {d}" for d in option.directions]
        stop = ["stop"] if option.unmoved and not option.off_track else []
        after = play(state, *steps, *stop).state
        assert after.cars[0].cell == cell
