"""``racerbile solve vectrace``: JSON answers, path checks, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from racerbile.cli import app as main_app
from racerbile.games.vectrace import solver
from racerbile.games.vectrace.solver import Solution

runner = CliRunner()


def test_solve_json() -> None:
    result = runner.invoke(main_app, ["solve", "vectrace", "sprint", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["moves"] == 8 and data["time"] == "119/16" and len(data["path"]) == 9


def test_solve_text_and_start() -> None:
    result = runner.invoke(main_app, ["solve", "vectrace", "sprint", "--start", "3,9"])
    assert result.exit_code == 0 and "moves, time" in result.stdout


def test_solve_no_solution(monkeypatch: pytest.MonkeyPatch) -> None:
    # a validated track always has a solution (8-connected points can be driven
    # slowly), so the unsolvable answer is checked with a stand-in solver
    monkeypatch.setattr(solver, "solve", lambda track, start=None: Solution(None))
    result = runner.invoke(main_app, ["solve", "vectrace", "sprint", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout) == {"moves": None}
    result = runner.invoke(main_app, ["solve", "vectrace", "sprint"])
    assert "no solution" in result.stdout


def test_verify_ok_and_wrong(tmp_path: Path) -> None:
    solved = json.loads(runner.invoke(main_app, ["solve", "vectrace", "sprint", "--json"]).stdout)
    good = tmp_path / "good.txt"
    good.write_text("".join(f"{x},{y}\n" for x, y in solved["path"]))
    result = runner.invoke(main_app, ["solve", "vectrace", "sprint", "--verify", str(good)])
    assert result.exit_code == 0 and "OK" in result.stdout
    bad = tmp_path / "bad.txt"
    bad.write_text("3,3\n5,3\n")
    result = runner.invoke(main_app, ["solve", "vectrace", "sprint", "--verify", str(bad)])
    assert result.exit_code == 1 and "changes by more than 1" in result.stdout


def test_errors_are_one_line_exit_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.txt"
    broken.write_text("#####\n#SxF#\n#####\n")
    cases = [
        ["vectrace", "nowhere"],
        ["vectrace", str(broken)],
        ["vectrace", "sprint", "--start", "0,0"],
        ["vectrace", "sprint", "--start", "three"],
        ["vectrace", "sprint", "--verify", str(tmp_path / "missing.txt")],
    ]
    for args in cases:
        result = runner.invoke(main_app, ["solve", *args])
        assert result.exit_code == 2, (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.output
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_main_command_line_lists_solve() -> None:
    result = runner.invoke(main_app, ["solve", "--help"])
    assert result.exit_code == 0, result.output
    assert "vectrace" in result.stdout
