"""Crafted local files and arguments: one clear error line each, bounded memory, and no
terminal escape sequence from a file or record ever printed raw."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from racerbile.cli import app
from racerbile.games.racerbile.catalog import TRACKS

runner = CliRunner()
SRC = Path(__file__).parents[2] / "src"
EXAMPLE = Path(__file__).parents[1] / "games" / "racerbile" / "data" / "example-record.json"
ESC = "\x1b]0;owned\x07\x1b[2J"


def _one_error_line(result: object, what: str) -> None:
    assert result.exit_code == 2, result.stdout  # type: ignore[attr-defined]
    err: str = result.stderr  # type: ignore[attr-defined]
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert what in err and "Traceback" not in err, err


def test_deeply_nested_toml_track_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "nested.toml"
    path.write_text("x = " + "[" * 20_000 + "]" * 20_000 + "\n")
    _one_error_line(runner.invoke(app, ["track", "info", str(path)]), "nested deeper than 16")


def test_deeply_nested_record_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "nested.json"
    path.write_text('{"game": ' + "[" * 100_000 + "]" * 100_000 + "}")
    _one_error_line(runner.invoke(app, ["replay", str(path)]), "nested too deeply")


def test_deeply_nested_set_value_is_one_error() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    args = ["simulate", "racerbile", "-p", "greedy,greedy", "-n", "1", "--set", f"laps={deep}"]
    _one_error_line(runner.invoke(app, args), "nested too deeply")


def test_a_fifo_or_device_as_track_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero"):
        _one_error_line(runner.invoke(app, ["track", "info", path]), "not a regular file")


MEMORY_PROBE = """
import sys, tracemalloc
from racerbile.cli import app
tracemalloc.start()  # after the imports: what reading the file costs
try:
    app(["track", "info", sys.argv[1]])
except SystemExit as exit_:
    print("exit", exit_.code, file=sys.stderr)
print(tracemalloc.get_traced_memory()[1] // 2**20)
"""


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("a" + ".a" * 50_000 + " = 1\n", "larger than 49152"),  # 100 KB of dotted keys
        ("a" + ".a" * 24_000 + " = 1\n", "more than 64 dots"),  # under the size bound
        ("".join(f"k{i}.x.y = 1\n" for i in range(3_000)), "field "),
    ],
    ids=["100 KB dotted key", "48 KB dotted key", "3000 dotted keys"],
)
def test_dotted_key_toml_uses_little_memory(tmp_path: Path, text: str, what: str) -> None:
    path = tmp_path / "dotted.toml"
    path.write_text('format = "racerbile-track"\nversion = 1\n' + text)
    probe = subprocess.run(
        [sys.executable, "-c", MEMORY_PROBE, str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(SRC)},
        timeout=120,
    )
    assert "exit 2" in probe.stderr and what in probe.stderr, probe.stderr
    assert int(probe.stdout.split()[-1]) < 200, "peak memory allocated, in MB"


def _png_header_only(width: int, height: int) -> bytes:
    """A PNG that claims ``width`` x ``height`` pixels (its pixel data is a stub)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00" * 64))
        + chunk(b"IEND", b"")
    )


@pytest.mark.parametrize("side", [20_000, 1_001])
def test_a_huge_png_is_refused_before_decoding(tmp_path: Path, side: int) -> None:
    path = tmp_path / "bomb.png"  # 400 megapixels, then just over the bound
    path.write_bytes(_png_header_only(side, side))
    result = runner.invoke(app, ["track", "info", "--game", "vectrace", str(path)])
    _one_error_line(result, "the image is larger than 1000x1000 pixels")


def test_track_names_are_printed_without_control_characters(tmp_path: Path) -> None:
    text = TRACKS.bundled()["oval"].read_text()
    path = tmp_path / "evil.toml"
    path.write_text(text.replace('name = "Ovalen"', 'name = "\\u001b]0;owned\\u0007[red]x[/red]"'))
    result = runner.invoke(app, ["track", "info", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "\\x1b]0;owned\\x07[red]x[/red]" in result.stdout
    as_json = runner.invoke(app, ["track", "info", str(path), "--json"])
    assert as_json.exit_code == 0, as_json.stderr
    assert not any(c in as_json.stdout for c in "\x1b\x07\x9b")
    assert json.loads(as_json.stdout)["name"].startswith("\x1b]0;owned\x07")


def test_json_output_escapes_c1_controls_too(tmp_path: Path) -> None:
    text = TRACKS.bundled()["oval"].read_text()
    path = tmp_path / "csi.toml"
    path.write_text(text.replace('name = "Ovalen"', 'name = "\\u009b31mØ\\u007f"'))
    result = runner.invoke(app, ["track", "info", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    assert "\x9b" not in result.stdout and "\x7f" not in result.stdout
    assert '"\\u009b31mØ\\u007f"' in result.stdout


def test_replay_prints_names_as_written(tmp_path: Path) -> None:
    record = json.loads(EXAMPLE.read_text())
    record["setup"]["players"][0]["name"] = "[red]Anna[/red]"
    path = tmp_path / "markup.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "[red]Anna[/red]" in result.stdout


def test_replay_errors_show_control_characters_escaped(tmp_path: Path) -> None:
    record = json.loads(EXAMPLE.read_text())
    record["game"] = ESC
    path = tmp_path / "escape.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert "\\x1b]0;owned\\x07" in result.stderr


def test_a_names_control_character_in_a_record_is_refused(tmp_path: Path) -> None:
    record = json.loads(EXAMPLE.read_text())
    record["setup"]["players"][0]["name"] = "Anna" + ESC
    path = tmp_path / "escape.json"
    path.write_text(json.dumps(record))
    _one_error_line(runner.invoke(app, ["replay", str(path)]), "control character U+001B")


@pytest.mark.parametrize(
    ("game", "name", "text"),
    [
        ("racerbile", "mine.toml", TRACKS.bundled()["oval"].read_text()),
        ("vectrace", "mine.track", "xxxxxxx\nxs...gx\nxs...gx\nxxxxxxx\n"),
    ],
)
def test_simulate_sends_a_local_track_file_as_its_text(
    tmp_path: Path, game: str, name: str, text: str
) -> None:
    path = tmp_path / name
    path.write_text(text)
    bots = "greedy,greedy" if game == "racerbile" else "optimal,optimal"
    args = ["simulate", game, "--track", str(path), "-p", bots, "-n", "1", "--json"]
    if game == "racerbile":
        args += ["--set", "laps=1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    setup = json.loads(result.stdout)["setup"]
    assert str(path) not in json.dumps(setup)
    assert setup["track_text"].count("\n") == text.count("\n")
