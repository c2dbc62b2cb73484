"""The platform's command line with the relay registry line: the simulator reports the
game's own column, and the game's own command is mounted."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from relaykit import run_cli


def test_the_simulator_reports_relays_drops_column(tmp_path: Path) -> None:
    done = run_cli(
        "simulate", "relay", "-p", "steady,timid", "-n", "30", "--json", "--out", str(tmp_path)
    )
    assert done.returncode == 0, done.stderr
    players = json.loads(done.stdout)["summary"]["players"]
    assert [p["label"] for p in players] == ["steady", "timid"]
    assert all(p["drops"]["mean"] > 0 for p in players)  # 30 games without a one: ~never
    with (tmp_path / "games.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 60 and "drops" in rows[0]
    assert sum(int(r["drops"]) for r in rows) > 0


def test_the_simulator_table_has_the_drops_column() -> None:
    done = run_cli("simulate", "relay", "-p", "timid,timid", "-n", "10", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert "drops" in done.stdout


def test_relays_own_command_runs_through_the_platform_cli() -> None:
    done = run_cli("analyse", "relay", "--stop", "2", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"stop": 2, "chance": "5/6"}
    listed = run_cli("analyse", "--help")
    assert "relay" in listed.stdout


def test_relays_command_refuses_a_bad_option_in_one_line() -> None:
    done = run_cli("analyse", "relay", "--stop", "0")
    assert done.returncode == 2
    assert "--stop must be 1-200, not 0" in done.stderr
    assert "Traceback" not in done.stderr
