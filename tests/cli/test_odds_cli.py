"""``racerbile odds GAME``: exact odds as n/d strings, or a table."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from racerbile.cli import app

runner = CliRunner()


def test_odds_json_has_exact_figures_per_gear() -> None:
    result = runner.invoke(app, ["odds", "racerbile", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"1", "2", "3"}
    assert data["3"]["p_too_fast"] == "5/32"
    assert data["3"]["p_triple_one"] == "1/64"
    assert data["2"]["p_reckless"] == "3/16"
    assert data["1"]["total"] == {"1": "1/4", "2": "1/4", "3": "1/4", "4": "1/4"}
    assert set(data["2"]) == {
        "total", "p_reckless", "p_too_fast", "p_triple_one", "p_any_one",
        "expected_total", "p_three_56", "expected_56_sips",
    }  # fmt: skip


def test_odds_table() -> None:
    result = runner.invoke(app, ["odds", "racerbile"])
    assert result.exit_code == 0
    assert "5/32" in result.stdout and "gear 3" in result.stdout


def test_odds_of_an_unknown_game_is_one_error_line() -> None:
    result = runner.invoke(app, ["odds", "nosuchgame"])
    assert result.exit_code == 2
    assert "unknown game" in result.stderr and "Traceback" not in result.stderr
