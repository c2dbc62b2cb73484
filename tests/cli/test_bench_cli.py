"""``racerbile bench racerbile``: runs both engines on a tiny budget and prints the rates."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from racerbile.cli import app

runner = CliRunner()


def test_bench_prints_both_rates_and_their_ratio() -> None:
    args = ["bench", "racerbile", "--json", "--games", "1", "--seconds", "1", "--laps", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"reference_turns_per_s", "fast_turns_per_s", "ratio"} <= set(data)
    assert data["reference_turns_per_s"] > 0 and data["fast_turns_per_s"] > 0
    assert data["identical"] is True


def test_bench_refuses_a_game_without_a_fast_engine() -> None:
    result = runner.invoke(app, ["bench", "vectrace", "--json"])
    assert result.exit_code != 0
    assert "no fast engine" in result.output
