"""``racerbile replay RECORD.json``: standings and drinks; bad records exit 2 naming the action."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from racerbile.cli import app

EXAMPLE = Path(__file__).parents[1] / "games" / "racerbile" / "data" / "example-record.json"
runner = CliRunner()


def test_replay_prints_standings_and_drinks() -> None:
    result = runner.invoke(app, ["replay", str(EXAMPLE)])
    assert result.exit_code == 0, result.stderr
    assert "Standings" in result.stdout and "Drinks" in result.stdout
    assert "Anna" in result.stdout and "Bo" in result.stdout


def test_replay_json() -> None:
    result = runner.invoke(app, ["replay", str(EXAMPLE), "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "racerbile" and data["over"] is True
    assert [row["place"] for row in data["standings"]] == [1, 2]
    assert {"sips", "beers", "caused"} <= set(data["drinks"][0])


def test_replay_names_the_failing_action(tmp_path: Path) -> None:
    record = json.loads(EXAMPLE.read_text())
    record["actions"].insert(3, {"kind": "step", "direction": 3})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert "action 4" in result.stderr and "Traceback" not in result.stderr


def test_replay_of_a_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "none.json")])
    assert result.exit_code == 2 and "no such record" in result.stderr
