"""The simulator on Racerbile: its statistics adapter, and the CLI's track picture."""

from __future__ import annotations

import math
from pathlib import Path

from typer.testing import CliRunner

from racerbile.cli import app
from racerbile.sim import SimSpec, board_cells, run, summarise

PLAYERS = ("greedy", "stalin", "optimal")


def _spec(rule_set: str = "racerbile") -> SimSpec:
    players = [{"name": f"{name} {k + 1}"} for k, name in enumerate(PLAYERS)]
    setup = {"players": players, "rule_set": rule_set, "track": "oval", "laps": 1}
    return SimSpec("racerbile", setup, PLAYERS, 9)


def test_racerbile_outcomes_add_up() -> None:
    outcomes = run(_spec(), 6)
    for game in outcomes:
        given = sum(s.stats["overtakes_given"] for s in game.seats)
        assert given == sum(s.stats["overtakes_taken"] for s in game.seats)
        assert given == len(game.locations["overtake"])
        assert sum(s.stats["off_track"] for s in game.seats) == len(game.locations["off_track"])
        for seat in game.seats:
            assert seat.stats["beers"] == seat.stats["sips"] // 11  # RB-DRINK-1: standard beers
            assert seat.turns >= 1
        assert game.length == max(s.turns for s in game.seats)
        assert sorted(s.place for s in game.seats)[0] == 1
    summary = summarise(outcomes)
    assert math.isclose(sum(p.wins for p in summary.players), 6)


def test_board_cells_cover_every_location() -> None:
    cells = board_cells(_spec())
    assert cells is not None and all(len(outline) == 6 for outline in cells.values())
    for game in run(_spec("babybile"), 3):
        for keys in game.locations.values():
            assert set(keys) <= set(cells)


def test_simulate_racerbile_draws_the_track(tmp_path: Path) -> None:
    args = ["simulate", "racerbile", "--track", "oval", "--players", ",".join(PLAYERS)]
    result = CliRunner().invoke(
        app, [*args, "--games", "4", "--set", "laps=1", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert "optimal" in result.stdout
    for name in ("games.csv", "summary.json", "sips.png", "win_rate.png", "track.png"):
        assert (tmp_path / name).stat().st_size > 0
