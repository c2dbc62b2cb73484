"""The README's examples work: every command of its console block runs cleanly,
and the replay example prints what the README shows."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from racerbile.cli import app

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _console_commands() -> list[str]:
    block = re.search(r"```console\n(.*?)```", README, re.S)
    assert block, "the README has a console block"
    return [line[2:] for line in block.group(1).splitlines() if line.startswith("$ racerbile ")]


@pytest.mark.parametrize("command", _console_commands())
def test_readme_command_runs(command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    args = shlex.split(command)[1:]
    args = [str(tmp_path / a) if a.endswith((".svg", ".png")) else a for a in args]  # pictures
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, f"{command}\n{result.output}"
    assert result.output.strip()


def test_readme_replay_example_matches_the_program(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    shown = re.search(r"```\n\$ racerbile replay (\S+)\n(.*?)```", README, re.S)
    assert shown
    result = CliRunner().invoke(app, ["replay", shown.group(1)], terminal_width=100)
    assert result.exit_code == 0

    def squash(text: str) -> list[str]:
        return [line.strip() for line in text.strip().splitlines()]

    assert squash(result.output) == squash(shown.group(2))
