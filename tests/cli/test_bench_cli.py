"""``racerbile bench racerbile``: runs both engines on a tiny budget and prints the rates."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from racerbile.cli import app

runner = CliRunner()


def test_bench_prints_the_three_rates_and_their_ratios_from_one_run() -> None:
    args = ["bench", "racerbile", "--json", "--games", "1", "--seconds", "1", "--laps", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    rates = [data[f"{name}_turns_per_cpu_s"] for name in ("reference", "fast", "minimal")]
    assert all(rate > 0 for rate in rates)
    # The ratios come from the unrounded rates: from the printed ones (each rounded to a
    # tenth) they agree within the ratio's own rounding and what the rates' changed.
    fast, reference, minimal = rates[1], rates[0], rates[2]
    assert data["fast_over_reference"] == pytest.approx(
        fast / reference, abs=_rounding(0.1, fast, reference)
    )
    assert data["fast_over_minimal"] == pytest.approx(
        fast / minimal, abs=_rounding(0.001, fast, minimal)
    )
    assert data["identical"] is True and data["rounds"] >= 1


def _rounding(step: float, top: float, bottom: float) -> float:
    """The most a ratio printed to ``step``, of rates printed to a tenth, can differ
    from the ratio of the printed rates."""
    return step / 2 + (top / bottom) * (0.05 / top + 0.05 / bottom) * 1.001 + 1e-12


def test_bench_without_json_prints_a_table_of_the_rates() -> None:
    args = ["bench", "racerbile", "--games", "1", "--seconds", "0.2", "--laps", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    for word in ("reference", "fast", "minimal", "fast/reference", "fast/minimal"):
        assert word in result.stdout


def test_bench_refuses_a_game_without_a_fast_engine() -> None:
    result = runner.invoke(app, ["bench", "vectrace", "--json"])
    assert result.exit_code != 0
    assert "no fast engine" in result.output
