"""Hostile setups through the HTTP API: a track is a bundled id or text, never a path the
server opens, and every text and number of a setup is bounded (422 naming the field)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from racerbile.engine.record import Record, replay
from racerbile.games import get_game
from racerbile.games.racerbile.catalog import TRACKS as RB_TRACKS

_OPENED: list[str] | None = None


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open" and _OPENED is not None and isinstance(args[0], str | bytes | os.PathLike):
        _OPENED.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)  # an audit hook cannot be removed; it records only while watched


@pytest.fixture
def opened() -> Iterator[list[str]]:
    """Every file opened by this process while the test runs."""
    global _OPENED
    _OPENED = []
    try:
        yield _OPENED
    finally:
        _OPENED = None


def _post(client: TestClient, game: str, setup: dict[str, Any]) -> Any:
    return client.post("/api/games", json={"game": game, "setup": setup, "seed": 1})


def _players(n: int = 2) -> list[dict[str, str]]:
    return [{"name": f"P{i}"} for i in range(n)]


@pytest.fixture
def hostile_paths(tmp_path: Path) -> list[str]:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    present = tmp_path / "mine.toml"
    present.write_bytes(RB_TRACKS.bundled()["oval"].read_bytes())
    return [
        "/etc/shadow",
        "/etc/no-such-file",
        "/dev/zero",
        str(fifo),
        str(present),
        "tracks/racerbile/oval.toml",
        "../oval",
        "../../../../etc/passwd",
    ]


@pytest.mark.parametrize("game", ["racerbile", "vectrace"])
def test_a_track_path_is_refused_unopened_and_without_an_existence_oracle(
    client: TestClient, game: str, hostile_paths: list[str], opened: list[str]
) -> None:
    reasons = set()
    for path in hostile_paths:
        response = _post(client, game, {"players": _players(), "track": path})
        assert response.status_code == 422, (path, response.text)
        body = response.json()
        assert body["code"] == "setup/invalid" and body["reason"].startswith("setup.track: ")
        assert path not in body["reason"]
        reasons.add(body["reason"])
    assert len(reasons) == 1, reasons  # the same answer whether the path exists or not
    bundled = ", ".join(get_game(game).tracks.bundled())
    assert bundled in reasons.pop()
    touched = [p for p in opened if any(p.endswith(h.lstrip("./")) for h in hostile_paths)]
    assert touched == []


def test_racerbile_track_text_plays_and_its_record_replays_anywhere(client: TestClient) -> None:
    text = RB_TRACKS.bundled()["kringlen"].read_text()
    response = _post(client, "racerbile", {"players": _players(), "track_text": text})
    assert response.status_code == 201, response.text
    gid = response.json()["id"]
    record = Record.model_validate(client.get(f"/api/games/{gid}/record").json())
    assert record.setup["track_text"] == text
    final = replay(get_game("racerbile"), record).state
    assert final.config.track.name == RB_TRACKS.load("kringlen").name


def test_a_bundled_record_keeps_its_form(client: TestClient) -> None:
    response = _post(client, "racerbile", {"players": _players(), "track": "oval"})
    record = client.get(f"/api/games/{response.json()['id']}/record").json()
    assert record["setup"]["track"] == "oval" and "track_text" not in record["setup"]


def test_vectrace_track_text_plays(client: TestClient) -> None:
    text = "#######\n#S...F#\n#S...F#\n#######\n"
    response = _post(client, "vectrace", {"players": _players(), "track_text": text})
    assert response.status_code == 201, response.text


@pytest.mark.parametrize(
    ("game", "text", "what"),
    [
        ("racerbile", "x = " + "[" * 5000 + "]" * 5000 + "\n", "nested deeper than 16"),
        ("racerbile", "a" + ".a" * 20_000 + " = 1\n", "more than 64 dots"),
        ("racerbile", "format = 1\n" * 4500, "49152"),
        ("vectrace", "#" * 201 + "\n" + "#S" + "." * 198 + "F\n" + "#" * 201 + "\n", "201x3"),
        ("vectrace", "#####\n#S\x00F#\n#####\n", "binary file"),
        ("racerbile", 'format = "racerbile-track"\x00\n', "binary file"),
    ],
)
def test_a_hostile_track_text_is_refused_naming_the_field(
    client: TestClient, game: str, text: str, what: str
) -> None:
    response = _post(client, game, {"players": _players(1), "track_text": text})
    assert response.status_code == 422, response.text
    reason = response.json()["reason"]
    assert reason.startswith("setup.track_text: ") and what in reason, reason


@pytest.mark.parametrize("game", ["racerbile", "vectrace"])
@pytest.mark.parametrize("name", ["A\x00B", "\x1b]0;pwned\x07", "x\x9by", "line\nbreak"])
def test_a_control_character_in_a_name_is_refused(client: TestClient, game: str, name: str) -> None:
    response = _post(client, game, {"players": [{"name": name}, {"name": "Bo"}]})
    assert response.status_code == 422, response.text
    assert response.json()["reason"].startswith("setup.players.0.name: "), response.text
    assert "control character" in response.json()["reason"]


@pytest.mark.rule("RB-NOL-1")
@pytest.mark.parametrize(
    ("value", "status"),
    [(1, 201), (86_400, 201), (0.999, 422), (1e-300, 422), (86_400.5, 422), (1e308, 422)],
)
def test_rb_nol_1_stall_timer_bounds(client: TestClient, value: float, status: int) -> None:
    response = _post(client, "racerbile", {"players": _players(), "stall_timer": value})
    assert response.status_code == status, response.text
    if status == 422:
        assert response.json()["reason"].startswith("setup.stall_timer: ")
