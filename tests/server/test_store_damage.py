"""A damaged, foreign or empty database file is refused at start with one message naming it;
a damaged row harms only its own game; a text no database may hold is refused, not a 500."""

from __future__ import annotations

import logging
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from serverkit import PLAYERS, auth, create, finish_resuming, free_port, game_row
from starlette.testclient import TestClient

from racerbile.store import RefusedValue, SeatRow, Store, StoreError


def _store_file(path: Path) -> Path:
    store = Store(f"sqlite:///{path}")
    store.create_game(game_row())
    store.close()
    return path


def _not_sqlite(path: Path) -> None:
    path.write_text("players = ['Anna', 'Bo']\n")


def _corrupt(path: Path) -> None:
    _store_file(path)
    data = bytearray(path.read_bytes())
    data[100:] = b"\xa5" * (len(data) - 100)  # keep the header, ruin every page
    path.write_bytes(bytes(data))


def _foreign(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")


def _foreign_games(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)")


def _empty(path: Path) -> None:
    path.write_bytes(b"")


BAD_FILES = {
    "not_sqlite": (_not_sqlite, "is not a SQLite database"),
    "corrupt": (_corrupt, "is damaged"),
    "foreign": (_foreign, "database of another program (tables contacts)"),
    "foreign_games": (_foreign_games, "games table without the columns"),
    "empty": (_empty, "is empty (0 bytes)"),
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_bad_database_file_is_refused_naming_it(tmp_path: Path, kind: str) -> None:
    make, message = BAD_FILES[kind]
    path = tmp_path / "bad.db"
    make(path)
    before = path.read_bytes()
    with pytest.raises(StoreError) as refused:
        Store(f"sqlite:///{path}")
    assert message in str(refused.value)
    assert str(path) in str(refused.value)
    assert "\n" not in str(refused.value)
    assert path.read_bytes() == before  # refused, not repaired or given a schema


@pytest.mark.parametrize("kind", ["corrupt", "foreign"])
def test_serve_refuses_bad_file_with_one_line_and_exit_2(tmp_path: Path, kind: str) -> None:
    make, message = BAD_FILES[kind]
    path = tmp_path / "bad.db"
    make(path)
    done = subprocess.run(
        [sys.executable, "-m", "racerbile", "serve", "--db", f"sqlite:///{path}",
         "--port", str(free_port())],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) <= 2 and lines[0].startswith("error:"), done.stderr  # rich may wrap
    assert message.split()[0] in done.stderr and "bad.db" in done.stderr


def _damage(db: Path, sql: str, *params: object) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(sql, params)


DAMAGES = {
    "setup_utf8": ("UPDATE games SET setup = CAST(x'7b22ff22' AS TEXT) WHERE id = ?", "games"),
    "setup_json": ("UPDATE games SET setup = '{not json' WHERE id = ?", "invalid JSON"),
    "action_json": ("UPDATE actions SET action = '[' WHERE game_id = ? AND seq = 2", "action 2"),
    "action_utf8": (
        "UPDATE actions SET action = CAST(x'7b226b696e64223a22ff227d' AS TEXT) "
        "WHERE game_id = ? AND seq = 1",
        "action 1",
    ),
    "seat_utf8": ("UPDATE seats SET name = CAST(x'41ff' AS TEXT) WHERE game_id = ?", "seats"),
}


@pytest.mark.parametrize("kind", sorted(DAMAGES))
def test_damaged_row_harms_only_its_game(
    open_client: Callable[..., TestClient],
    db_url: str,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    kind: str,
) -> None:
    client = open_client()
    games = [create(client) for _ in range(3)]
    for game in games:
        seat = game["seats"][0]["token"]
        body = {"action": {"kind": "roll"}, "seq": 0}
        response = client.post(f"/api/games/{game['id']}/actions", json=body, headers=auth(seat))
        assert response.status_code == 200, response.text
    damaged, *healthy = games
    sql, named = DAMAGES[kind]
    _damage(Path(db_url.removeprefix("sqlite:///")), sql, damaged["id"])

    with caplog.at_level(logging.WARNING):
        restarted = open_client()
        finish_resuming(restarted)  # it resumes the unfinished games in the background
    for game in healthy:
        assert restarted.get(f"/api/games/{game['id']}").json()["seq"] == 2
    for _ in range(2):
        answer = restarted.get(f"/api/games/{damaged['id']}")
        assert answer.status_code == 409
        assert answer.json()["code"] == "game/damaged"
        assert damaged["id"] in answer.json()["reason"] and named in answer.json()["reason"]
    mentions = [r for r in caplog.records if damaged["id"] in r.getMessage()]
    assert len(mentions) == 1 and mentions[0].exc_info is None  # logged once, no traceback


def test_nul_and_lone_surrogate_are_refused_on_every_database(any_db_url: str) -> None:
    store = Store(any_db_url)
    for name in ("An\x00na", "An\ud800na"):
        with pytest.raises(RefusedValue, match=r"seats\.name"):
            store.create_game(replace(game_row(), seats=(SeatRow(0, name, None),)))
    with pytest.raises(RefusedValue, match="at most 200"):
        store.create_game(replace(game_row(), seats=(SeatRow(0, "A" * 201, None),)))
    assert store.game("g1") is None
    assert store.game_by_code("AB\x00") is None
    store.create_game(game_row())
    with pytest.raises(RefusedValue, match=r"actions\.actor"):
        store.append_action("g1", 1, {"kind": "roll"}, "seat\x00")
    store.append_action("g1", 1, {"kind": "ro\x00ll"}, "seat:0")  # JSON escapes the NUL
    assert store.actions("g1")[0].action == {"kind": "ro\x00ll"}
    store.close()


def test_nul_in_a_name_is_never_a_server_error(
    open_client: Callable[..., TestClient], any_db_url: str
) -> None:
    client = open_client(any_db_url)
    players = {"players": [{"name": "An\x00na"}, PLAYERS["players"][1]]}
    response = client.post("/api/games", json={"game": "toy", "setup": players})
    assert response.status_code == 422, response.text
    assert "name" in response.json()["reason"]
    assert client.get("/api/meta/health").json() == {"games": 0}


def test_nul_in_a_looked_up_id_or_code_is_not_found(
    open_client: Callable[..., TestClient], any_db_url: str
) -> None:
    client = open_client(any_db_url)
    for path in ("/api/games/ab%00cd", "/api/games/ab%00cd/record", "/api/join/AB%00CDE"):
        assert client.get(path).status_code == 404, path
