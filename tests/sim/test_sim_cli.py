"""``racerbile simulate``: tables, JSON, the CSV and the plots, and clear errors."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from racerbile.cli import app

runner = CliRunner()
TOY = ["simulate", "toy_race:GAME", "--players", "slow,fast,random", "--games", "30"]


def test_simulate_prints_the_player_table() -> None:
    result = runner.invoke(app, [*TOY, "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "win % [95% CI]" in result.stdout
    assert "seat 3 (random)" in result.stdout
    assert "games/s" in result.stdout


def test_simulate_json_is_one_document_and_independent_of_workers() -> None:
    one = runner.invoke(app, [*TOY, "--json"])
    two = runner.invoke(app, [*TOY, "--json", "--workers", "2"])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    assert first["summary"] == second["summary"]
    assert first["summary"]["games"] == 30
    assert first["setup"]["players"] == ["slow 1", "fast 2", "random 3"]


def test_simulate_out_writes_the_csv_and_the_plots(tmp_path: Path) -> None:
    result = runner.invoke(app, [*TOY, "--out", str(tmp_path / "run")])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "run"
    with (folder / "games.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 30 * 3
    assert sum(float(r["win"]) for r in rows) == 30
    for name in ("sips.png", "win_rate.png"):
        assert (folder / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert json.loads((folder / "summary.json").read_text())["summary"]["games"] == 30


def test_simulate_refuses_an_unknown_bot_with_the_list() -> None:
    result = runner.invoke(app, ["simulate", "toy_race:GAME", "--players", "slow,zippy"])
    assert result.exit_code == 2
    assert "unknown toyrace bot(s) zippy; available: fast, random, slow" in result.output


def test_simulate_refuses_a_bad_setup_field() -> None:
    result = runner.invoke(app, [*TOY, "--set", "length=far"])
    assert result.exit_code == 2
    assert "setup field length" in result.output


def test_simulate_fast_engine_falls_back_with_a_note() -> None:
    result = runner.invoke(app, [*TOY, "--engine", "fast", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["engine"] == "reference"
    assert "playing with the reference engine" in result.stderr


def test_simulate_prepares_the_fast_path_as_its_own_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first fast run compiles: that is a step of its own, said so, and its time is
    left out of the speed figures (here the 'compile' is the first chunk's sleep)."""
    import time
    from collections.abc import Sequence

    import toy_race

    from racerbile.engine.capabilities import FastPath
    from racerbile.sim import GameOutcome, SimSpec, play_chunk

    calls: list[Sequence[int]] = []

    class Compiling:
        def unsupported(self, spec: SimSpec) -> str | None:
            return None

        def play_chunk(self, spec: SimSpec, indices: Sequence[int]) -> list[GameOutcome]:
            if not calls:
                time.sleep(0.5)
            calls.append(indices)
            return play_chunk(spec, indices)

    engine = Compiling()
    fast = FastPath(engine=lambda threads: engine, bench_setup=dict, bench_players=())
    monkeypatch.setattr(toy_race.ToyRace, "fast", fast)
    doc = json.loads(runner.invoke(app, [*TOY, "--engine", "fast", "--json"]).stdout)
    assert list(calls[0]) == [0]  # the preparing step played game 0 alone, first
    assert doc["timing"]["prepare_fast_path_seconds"] >= 0.5  # the sleep went there
    calls.clear()
    result = runner.invoke(app, [*TOY, "--engine", "fast"])
    assert result.exit_code == 0, result.output
    assert "fast path ready in" in result.stderr
    assert "left out of the speed figures" in result.stderr
