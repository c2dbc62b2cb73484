"""``racerbile analyse racerbile``: table, JSON, picture; errors are one line and exit 2."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from racerbile.cli import app
from racerbile.games.racerbile.analysis_report import off_levels

runner = CliRunner()

# A one-lane ring: the top row (q = 0…13, r = 0) is driven east and ends in grass.
RING = """format = "racerbile-track"
version = 1

[meta]
name = "Ring"
laps = 2
grid_behind_line = false

[map]
origin = [-1, 0]
legend = { N = "normal", D = "downshift", B = "block", M = "midway" }
rows = \"\"\"
 N N N N N N N N N N N N N N
N                           N
 N N N N N N N N N N N N N N
\"\"\"

[finish]
edges = [[0, 2, "W"]]

[[grid]]
at = [2, 0]
facing = "E"
"""


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["analyse", "racerbile", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def ring_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tracks") / "ring.toml"
    path.write_text(RING, encoding="utf-8")
    return path


def test_table(ring_file: Path) -> None:
    code, out, _ = run("--track", str(ring_file))
    assert code == 0
    assert "expected turns per lap" in out and "off 3rd" in out and "15.6%" in out


def test_json(ring_file: Path) -> None:
    code, out, _ = run("--track", str(ring_file), "--json")
    assert code == 0
    data = json.loads(out)
    summary = data["summary"]
    assert summary["lap_length"] == 30
    assert 30 / 7.5 < summary["expected_turns_per_lap"] < 30
    assert len(data["cells"]) == 30
    cell = next(c for c in data["cells"] if c["cell"] == "10,0")
    assert cell["p_off_exact"] == ["0", "0", "5/32"] and cell["heading"] == "E"
    code, out, _ = run("--track", str(ring_file), "--json", "--rules", "babybile")
    assert code == 0 and json.loads(out)["rule_set"] == "babybile"


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_writes_the_picture(ring_file: Path, tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"ring{suffix}"
    code, stdout, _ = run("--track", str(ring_file), "--out", str(out), "--gear", "3")
    assert code == 0 and out.is_file() and "wrote" in stdout
    head = out.read_bytes()[:200]
    assert head.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in out.read_bytes()


def test_picture_of_a_bundled_track_in_first_gear(tmp_path: Path) -> None:
    out = tmp_path / "oval.png"
    code, stdout, _ = run("--track", "oval", "--gear", "1", "--out", str(out), "--json")
    assert code == 0 and out.stat().st_size > 10_000
    assert json.loads(stdout)["track"] == "oval"


def test_off_levels_per_gear() -> None:
    assert off_levels(1) == off_levels(2) == [0]
    assert off_levels(3) == [0, Fraction(1, 64), Fraction(1, 16), Fraction(5, 32)]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--track", "nowhere"), "no such track file"),
        (("--track", "oval", "--gear", "4"), "--gear 4"),
        (("--track", "oval", "--rules", "lemans"), "--rules"),
        (("--track", "oval", "--out", "picture.pdf"), ".png or .svg"),
        (("--track", "oval", "--out", "/no/such/folder/x.png"), "no such folder"),
    ],
)
def test_errors_are_one_line_and_exit_2(args: tuple[str, ...], says: str) -> None:
    code, _, err = run(*args)
    assert code == 2
    assert err.startswith("error: ") and says in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
