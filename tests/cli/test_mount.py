"""A game's commands mounted on the command line: shared groups, one error line."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from racerbile.cli.mount import TyperMount
from racerbile.engine.errors import UsageError


def _app() -> tuple[typer.Typer, TyperMount]:
    app = typer.Typer(no_args_is_help=True, add_completion=False)
    return app, TyperMount(app)


def test_a_game_command_in_a_shared_group_runs_and_fails_with_one_line() -> None:
    app, mount = _app()

    def toy(times: int = 1) -> None:
        if times < 1:
            raise UsageError(f"--times {times}: give 1 or more")
        typer.echo("toy " * times)

    mount.command("toy", group="solve")(toy)
    runner = CliRunner()
    ok = runner.invoke(app, ["solve", "toy", "--times", "2"])
    assert ok.exit_code == 0 and "toy toy" in ok.stdout
    bad = runner.invoke(app, ["solve", "toy", "--times", "0"])
    assert bad.exit_code == 2
    assert bad.stderr.startswith("error: ") and "--times 0" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1


def test_an_unknown_group_is_refused() -> None:
    _, mount = _app()
    with pytest.raises(ValueError, match="no command group 'plot'; the groups are: analyse, solve"):
        mount.command("toy", group="plot")
