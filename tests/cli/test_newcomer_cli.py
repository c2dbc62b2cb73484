"""The command line as a newcomer meets it: every user error is one line naming what
is wrong and what to do (never a traceback), and the help reads consistently."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from racerbile.cli import app

OVAL = Path(__file__).parents[2] / "src" / "racerbile" / "tracks" / "racerbile" / "oval.toml"
SIMULATE = ["simulate", "racerbile", "-p", "greedy,greedy", "-n", "2"]
runner = CliRunner()


def error_of(*args: str) -> str:
    """Runs the command, expects exit 2 with one error line on stderr, returns it."""
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    return result.stderr


def test_track_list_of_a_game_without_cells() -> None:
    result = runner.invoke(app, ["track", "list", "--game", "vectrace"])
    assert result.exit_code == 0, result.stderr
    assert "ring" in result.stdout and "48x28" in result.stdout
    rows = json.loads(runner.invoke(app, ["track", "list", "-g", "vectrace", "--json"]).stdout)
    assert {"width", "height"} <= set(rows[0]) and "cells" not in rows[0]


def test_track_list_of_rallies_counts_their_stages() -> None:
    result = runner.invoke(app, ["track", "list", "--game", "rallyman"])
    assert result.exit_code == 0, result.stderr
    assert "nordlys" in result.stdout and "3 stages" in result.stdout
    rows = json.loads(runner.invoke(app, ["track", "list", "-g", "rallyman", "--json"]).stdout)
    assert all(row["stages"] == 3 for row in rows)


def test_simulate_track_names_a_rally_a_stage_or_a_stage_file(tmp_path: Path) -> None:
    """``--track`` enters a game's own track field (Rallyman's ``rally`` and
    ``rally_text``); a game without tracks says so in one line."""
    stages = OVAL.parents[1] / "rallyman" / "stages"
    own = tmp_path / "own.toml"
    own.write_text((stages / "ss-bakkeby.toml").read_text().replace('name = "', 'name = "Own ', 1))
    for track in ("ss-bakkeby", str(own)):
        args = ["simulate", "rallyman", "-p", "cautious", "-n", "1", "--track", track, "--json"]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.stderr
        doc = json.loads(result.stdout)
        assert doc["summary"]["games"] == 1
        sent = doc["setup"]["rally"] if track == "ss-bakkeby" else doc["setup"]["rally_text"]
        assert "Own " in sent if track != "ss-bakkeby" else sent == "ss-bakkeby"
    ludol = ("simulate", "ludol", "-p", "random,random", "--track", "x")
    assert "LUDØL has no tracks" in error_of(*ludol)


def test_simulate_track_typo_and_broken_file(tmp_path: Path) -> None:
    message = error_of(*SIMULATE, "--track", "ovl")
    assert "ovl: no such track file" in message and "bundled: kringlen, lemans, oval" in message
    broken = tmp_path / "broken.toml"
    broken.write_text("garbage\n")
    assert "TOML syntax error" in error_of(*SIMULATE, "--track", str(broken))


@pytest.mark.parametrize("where", ["file", "below a file", "unwritable"])
def test_simulate_out_that_cannot_be_a_folder(tmp_path: Path, where: str) -> None:
    a_file = tmp_path / "results"
    a_file.write_text("keep me")
    out = {"file": a_file, "below a file": a_file / "sub", "unwritable": Path("/proc/none")}[where]
    message = error_of(*SIMULATE, "--out", str(out))
    assert f"--out {out}" in message and ("folder" in message)
    assert a_file.read_text() == "keep me"


def test_simulate_help_example_works_and_bad_fields_are_named() -> None:
    help_text = runner.invoke(app, ["simulate", "--help"], env={"COLUMNS": "200"}).stdout
    assert "--set laps=2" in help_text
    result = runner.invoke(app, [*SIMULATE, "--set", "laps=2", "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["setup"]["laps"] == 2
    unknown = error_of(*SIMULATE, "--set", "options.laps=2")
    assert "--set options: no such setup field" in unknown and "laps" in unknown
    wrong = error_of(*SIMULATE, "--set", "rule_set=fast")
    assert "rule_set" in wrong and "'babybile', 'racerbile' or 'lemans'" in wrong
    assert "'fast'" in wrong


def test_simulate_and_analyse_share_the_rule_set_option_and_default() -> None:
    sim = runner.invoke(app, [*SIMULATE, "--json"])
    assert json.loads(sim.stdout)["setup"]["rule_set"] == "babybile"
    table = runner.invoke(app, [*SIMULATE, "--rule-set", "racerbile"])
    assert table.exit_code == 0 and "racerbile, racerbile rules" in table.stdout
    old = runner.invoke(app, [*SIMULATE, "--rules", "racerbile", "--json"])
    assert json.loads(old.stdout)["setup"]["rule_set"] == "racerbile"
    analysed = runner.invoke(app, ["analyse", "racerbile", "--track", "oval", "--json"])
    assert analysed.exit_code == 0, analysed.stderr
    assert json.loads(analysed.stdout)["rule_set"] == "babybile"
    assert "--rule-set" in error_of("analyse", "racerbile", "--track", "oval", "--rule-set", "x")
    old = runner.invoke(app, ["analyse", "racerbile", "--track", "oval", "--rules", "racerbile"])
    assert old.exit_code == 0 and "racerbile rules" in old.stdout
    for command in (["simulate"], ["analyse", "racerbile"]):
        shown = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"}).stdout
        assert "--rule-set" in shown and "--rules" not in shown  # the old name is hidden


def test_playthroughs_outside_the_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    message = error_of("dev", "playthroughs")
    assert "tests/playthroughs not found" in message and "--folder" in message


def test_validate_lists_every_problem(tmp_path: Path) -> None:
    text = OVAL.read_text(encoding="utf-8")
    text = text.replace('name = "Ovalen"\n', "").replace("laps = 3", 'laps = "many"')
    broken = tmp_path / "two.toml"
    broken.write_text(text.replace('orientation = "pointy"', 'orientation = "round"'))
    message = error_of("track", "validate", str(broken))
    assert "meta.name" in message and "meta.laps" in message and "meta.orientation" in message
    assert "and 2 more" in error_of("track", "info", str(broken))


def test_serve_names_the_port_and_the_address() -> None:
    assert "--port" in error_of("serve", "--port", "99999")
    probe = socket.socket()
    try:
        probe.bind(("192.0.2.1", 0))  # TEST-NET-1: on no machine
        pytest.skip("this machine has 192.0.2.1")  # pragma: no cover
    except OSError:
        pass
    finally:
        probe.close()
    message = error_of("serve", "--host", "192.0.2.1")
    assert "192.0.2.1" in message and "--host" in message and "--port" not in message


def test_play_prints_its_address_on_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    monkeypatch.setattr(uvicorn.Server, "run", lambda self: None)
    monkeypatch.setenv("COLUMNS", "40")
    result = runner.invoke(app, ["play", "--no-browser", "--port", "8765", "--db", "sqlite://"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert any("http://127.0.0.1:8765/" in line and "serves" in line for line in lines)
    assert any(line.startswith("open http://127.0.0.1:8765/ in a browser") for line in lines)


@pytest.mark.parametrize(("flags", "logged"), [([], False), (["--access-log"], True)])
def test_serve_logs_a_line_per_request_only_when_asked(
    monkeypatch: pytest.MonkeyPatch, flags: list[str], logged: bool
) -> None:
    import uvicorn

    seen: list[bool] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: seen.append(self.config.access_log))
    result = runner.invoke(app, ["serve", "--port", "8766", "--db", "sqlite://", *flags])
    assert result.exit_code == 0, result.stderr
    assert seen == [logged]


def test_version_short_help_and_flags_without_a_type() -> None:
    version = runner.invoke(app, ["--version"])
    assert version.exit_code == 0 and version.stdout.startswith("racerbile ")
    short = runner.invoke(app, ["simulate", "-h"])
    assert short.exit_code == 0 and "--players" in short.stdout
    assert "<bool>" not in short.stdout and "<str>" not in short.stdout
    replay = runner.invoke(app, ["replay", "-h"]).stdout
    assert "RECORD" in replay and "{record}" not in replay


def test_odds_prints_whole_numbers_plainly() -> None:
    table = runner.invoke(app, ["odds", "racerbile"]).stdout
    assert "/1 " not in table and "0/1" not in table
    assert "│             5 │" in table  # E(total) in 2nd gear


def test_analyse_table_is_not_squeezed_in_a_pipe() -> None:
    result = runner.invoke(app, ["analyse", "racerbile", "--track", "oval"])
    assert result.exit_code == 0
    header = [line for line in result.stdout.splitlines() if "cell" in line and "kind" in line]
    assert header and "turns (3rd)" in header[0]


def _commands(command: Any, path: str = "racerbile") -> list[tuple[str, Any]]:
    found = [(path, command)]
    for name, sub in getattr(command, "commands", {}).items():
        found += _commands(sub, f"{path} {name}")
    return found


def test_every_help_is_in_sentence_case_and_every_argument_upper_case() -> None:
    import typer

    for path, command in _commands(typer.main.get_command(app)):
        for param in command.params:
            if param.param_type_name == "argument":
                assert (param.metavar or "").isupper(), f"{path}: {param.name}"
            helped = getattr(param, "help", None)
            if helped:
                assert helped[0].isupper(), f"{path} {param.name}: {helped!r}"


def test_the_description_names_exactly_the_games_there_are() -> None:
    import tomllib

    from racerbile.games import available_games, manifest

    project = tomllib.loads((OVAL.parents[4] / "pyproject.toml").read_text(encoding="utf-8"))
    described = project["project"]["description"].casefold()
    main_help = runner.invoke(app, ["--help"], env={"COLUMNS": "200"}).stdout.casefold()
    names = {manifest(game_id).info.name.casefold() for game_id in available_games()}
    for name in names:
        assert name in described and name in main_help, name
