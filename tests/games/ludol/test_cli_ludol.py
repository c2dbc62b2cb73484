"""Ludøl on the command line: ``odds ludol`` (spec §4.1) and ``analyse ludol`` (§4.2)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from racerbile.cli import app

runner = CliRunner()


@pytest.mark.rule("LD-ENTER-2")
@pytest.mark.rule("LD-SIX-2")
def test_odds_ludol_json_is_exact_per_profile() -> None:
    result = runner.invoke(app, ["odds", "ludol", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"norsk", "ludol"}
    assert data["ludol"]["unique_highest"] == "25/36"
    assert data["norsk"]["per_turn"] == "91/216"
    assert data["ludol"]["per_turn"] == "19/27"
    assert data["ludol"]["turns"] == "27/19"
    assert data["ludol"]["throws_per_turn"] == "3/2"
    assert data["ludol"]["beers"] == "1/18"
    assert data["ludol"]["larger_face_mean"] == "5/1"
    assert data["ludol"]["lowest"] == "-40/1" and data["ludol"]["highest"] == "264/1"


def test_odds_ludol_table_shows_fractions() -> None:
    result = runner.invoke(app, ["odds", "ludol"])
    assert result.exit_code == 0, result.stderr
    assert "profile ludol" in result.stdout
    for text in ("25/36", "91/216", "19/27", "216/91", "27/19", "1/18", "E(turns)"):
        assert text in result.stdout


@pytest.mark.rule("LD-SIX-2")
@pytest.mark.rule("LD-MOVE-1")
def test_analyse_ludol_json_gives_the_solo_figures_of_4_2_exactly() -> None:
    result = runner.invoke(app, ["analyse", "ludol", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"norsk", "ludol"}
    assert data["ludol"] == {
        "turns": "165249350987/14540225760",
        "throws": "13386662633/765275040",
        "beers": "250234/531441",
    }
    assert data["norsk"]["beers"] == "0/1"
    assert float(Fraction(data["norsk"]["turns"])) == pytest.approx(18.7228, abs=5e-5)
    assert float(Fraction(data["norsk"]["throws"])) == pytest.approx(26.7619, abs=5e-5)


def test_analyse_ludol_table_for_one_profile() -> None:
    result = runner.invoke(app, ["analyse", "ludol", "--rule-set", "ludol"])
    assert result.exit_code == 0, result.stderr
    assert "11.36498" in result.stdout and "250234/531441" in result.stdout
    assert "norsk" not in result.stdout


def test_analyse_ludol_unknown_profile_is_one_error_line() -> None:
    result = runner.invoke(app, ["analyse", "ludol", "--rule-set", "dansk"])
    assert result.exit_code == 2
    assert "--rule-set 'dansk'" in result.stderr and "norsk, ludol" in result.stderr
    assert "Traceback" not in result.stderr
