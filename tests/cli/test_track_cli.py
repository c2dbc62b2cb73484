"""``racerbile track``: list, info, validate, render; errors are one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from racerbile.cli import app

BROKEN = Path(__file__).parents[1] / "games" / "racerbile" / "broken_tracks"
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["track", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


def test_list() -> None:
    code, out, _ = run("list")
    assert code == 0 and "oval" in out and "lemans" in out
    code, out, _ = run("list", "--json")
    rows = json.loads(out)
    assert {r["id"] for r in rows} == {"oval", "kringlen", "lemans"}
    assert set(rows[0]) == {"id", "name", "path", "cells"}


def test_info() -> None:
    code, out, _ = run("info", "kringlen", "--json")
    info = json.loads(out)
    assert code == 0 and info["lap_length"] == 63 and info["forks"][0]["id"] == "west"
    code, out, _ = run("info", "lemans")
    assert code == 0 and "pit" in out and "lap_length" in out


def test_info_by_path() -> None:
    path = Path(__file__).parents[2] / "src/racerbile/tracks/racerbile/oval.toml"
    code, out, _ = run("info", str(path), "--json")
    assert code == 0 and json.loads(out)["cells"] == 62


def test_validate_ok_and_broken() -> None:
    code, out, err = run("validate", "oval", str(BROKEN / "finish_hole.toml"))
    assert code == 2
    assert out.startswith("OK ")
    assert err.count("error:") == 1 and "has a hole" in err and "Traceback" not in err


@pytest.mark.parametrize("path", sorted(BROKEN.glob("*.toml")), ids=lambda p: p.name)
def test_validate_each_broken_file_exits_2(path: Path) -> None:
    code, _, err = run("validate", str(path))
    assert code == 2
    assert err.startswith("error: ") and path.name in err and "Traceback" not in err


def test_unknown_track_and_game() -> None:
    code, _, err = run("info", "nowhere")
    assert code == 2 and "nowhere" in err and "bundled:" in err
    code, _, err = run("list", "--game", "chess")
    assert code == 2 and "unknown game" in err


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_render(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"t{suffix}"
    code, _, _ = run("render", "oval", "-o", str(out), "--show", "distance", "--show", "coords")
    assert code == 0
    data = out.read_bytes()
    assert data.startswith(b"<svg" if suffix == ".svg" else b"\x89PNG")


def test_render_errors(tmp_path: Path) -> None:
    code, _, err = run("render", "oval", "-o", str(tmp_path / "t.gif"))
    assert code == 2 and ".svg or .png" in err
    code, _, err = run("render", "oval", "-o", str(tmp_path / "t.svg"), "--show", "heat")
    assert code == 2 and "unknown overlay" in err
