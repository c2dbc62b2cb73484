"""Ludøl in the simulator: its columns (spec §4.3), the drink bill, workers and Dask."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from racerbile.cli import app
from racerbile.games.ludol import GAME
from racerbile.games.ludol.stats import COLUMNS, outcome_stats
from racerbile.sim import SimSpec, play_game, run, summarise

runner = CliRunner()


def _spec(players: tuple[str, ...], seed: int = 5, profile: str = "ludol") -> SimSpec:
    names = [{"name": f"{bot} {k + 1}"} for k, bot in enumerate(players)]
    return SimSpec("ludol", {"players": names, "profile": profile}, players, seed)


@pytest.mark.rule("LD-HIT-1")
@pytest.mark.rule("LD-SIX-2")
@pytest.mark.rule("LD-DRINK-1")
def test_columns_add_up_from_the_events_of_one_game() -> None:
    setup = GAME.Setup.model_validate(_spec(("aggressive",) * 3).setup)
    outcome = play_game(GAME, setup, ("aggressive",) * 3, seed=5, index=0)
    seats = outcome.seats
    assert all(set(s.stats) == set(COLUMNS) for s in seats)
    # every knock-home made is a glass someone drank; throws outnumber turns (bonus throws)
    knocks = sum(s.stats["knock_homes"] for s in seats)
    assert 0 < knocks <= sum(s.stats["glasses_drunk"] for s in seats)
    for s in seats:
        assert s.stats["throws"] > s.turns > 0
        assert s.stats["beers"] == s.stats["glasses_drunk"] + s.stats["penalty_beers"]
        assert s.stats["to_buy"] == 4 + s.stats["beers"]  # four glasses poured per colour
    assert sorted(s.place for s in seats)[0] == 1
    assert outcome.length == max(s.turns for s in seats)


@pytest.mark.rule("LD-SIX-2")
def test_norsk_has_no_penalty_beers() -> None:
    outcomes = run(_spec(("fast", "random_larger"), profile="norsk"), 3)
    assert all(s.stats["penalty_beers"] == 0 for g in outcomes for s in g.seats)
    assert any(s.stats["throws"] > 0 for g in outcomes for s in g.seats)


@pytest.mark.slow
def test_one_and_two_workers_give_the_same_games() -> None:
    spec = _spec(("aggressive", "aggressive", "aggressive", "aggressive"), seed=2)
    serial = run(spec, 4, workers=1)
    assert run(spec, 4, workers=2, chunk_size=1) == serial
    assert len({g.seed for g in serial}) == 4


@pytest.mark.slow
def test_dask_local_gives_the_same_games() -> None:
    spec = _spec(("random_larger", "aggressive", "random", "fast"), seed=3)
    assert run(spec, 4, workers=2, dask="local", chunk_size=1) == run(spec, 4)


def test_the_bill_sums_each_game_over_its_participants() -> None:
    outcomes = run(_spec(("random_larger", "fast", "aggressive")), 5)
    summary = summarise(outcomes, GAME.stats)
    totals = {t.label: t for t in summary.totals}
    drunk = [sum(s.stats["beers"] for s in g.seats) for g in outcomes]
    bought = [sum(s.stats["to_buy"] for s in g.seats) for g in outcomes]
    assert totals["beers drunk"].stat.mean == pytest.approx(sum(drunk) / 5)
    assert totals["beers to buy"].stat.mean == pytest.approx(sum(bought) / 5)
    assert totals["beers to buy"].at_quantile == max(bought)  # 95 % of 5 games: all of them
    turns = totals["turns"].stat.mean
    assert turns == pytest.approx(sum(s.turns for g in outcomes for s in g.seats) / 5)


@pytest.mark.slow
def test_simulate_ludol_prints_its_columns_and_the_bill(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["simulate", "ludol", "-p", "aggressive,aggressive,aggressive,aggressive"]
    result = runner.invoke(app, [*args, "-n", "2", "-w", "2", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    for header in ("turns", "throws", "hits", "pen", "beers", "all 4 players together"):
        assert header in result.stdout
    assert "beers to buy" in result.stdout and "in 95% of games" in result.stdout
    with (out / "games.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 8
    assert {"throws", "knock_homes", "glasses_drunk", "penalty_beers", "place"} <= set(rows[0])
    assert (out / "beers.png").stat().st_size > 0
    doc = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert [t["label"] for t in doc["summary"]["totals"]][:2] == ["beers drunk", "beers to buy"]


@pytest.mark.rule("LD-START-1")
def test_a_fixed_start_counts_colour_a_s_first_turn() -> None:
    names = [{"name": "Anna"}, {"name": "Bo"}]
    state = GAME.start(GAME.Setup.model_validate({"players": names, "first": 1}))
    seats = outcome_stats(state, []).seats
    assert seats[state.owner[0]]["turns"] == 1 and state.owner[0] == 1
    assert seats[0]["turns"] == 0
