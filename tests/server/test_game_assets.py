"""Each game's browser code, served read-only from its declared web folder."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import toygame
from starlette.testclient import TestClient

from racerbile.engine.capabilities import WebAssets
from racerbile.games import available_games, web_assets


@pytest.fixture
def toy_web(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Declares a web folder for the toy game, next to a file that must stay unreachable."""
    folder = tmp_path / "toy" / "web"
    folder.mkdir(parents=True)
    (folder / "main.js").write_text("export const id = 'toy';\n", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("not for the web\n", encoding="utf-8")
    web = WebAssets(folder, board="main.js")
    monkeypatch.setattr(toygame, "MANIFEST", dataclasses.replace(toygame.MANIFEST, web=web))
    return folder


def test_every_bundled_game_declares_its_board_module() -> None:
    for game_id in available_games():
        assets = web_assets(game_id)
        if game_id == "toy":  # the toy game plays on the generic board
            continue
        assert assets is not None, game_id
        assert (assets.folder / assets.board).is_file(), game_id


def test_web_assets_of_an_unknown_game_names_it() -> None:
    with pytest.raises(KeyError, match="chess"):
        web_assets("chess")


def test_a_game_folder_is_served_at_its_static_address(client: TestClient, toy_web: Path) -> None:
    response = client.get("/games/toy/static/main.js")
    assert response.status_code == 200
    assert response.text == "export const id = 'toy';\n"
    assert "javascript" in response.headers["content-type"]


def test_board_js_redirects_to_the_declared_module(client: TestClient, toy_web: Path) -> None:
    response = client.get("/games/toy/board.js", follow_redirects=False)
    assert response.status_code == 307
    assert response.headers["location"] == "/games/toy/static/main.js"


def test_a_game_without_web_assets_gets_the_generic_board(client: TestClient) -> None:
    response = client.get("/games/toy/board.js", follow_redirects=False)
    assert response.headers["location"] == "/static/generic.js"
    assert client.get("/games/toy/static/main.js").status_code == 404
    assert client.get("/static/generic.js").status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/games/racerbile/static/../../server/app.py",
        "/games/racerbile/static/%2e%2e/%2e%2e/server/app.py",
        "/games/racerbile/static/..%2f..%2fserver%2fapp.py",
        "/games/racerbile/static/%2e%2e%2f%2e%2e%2fserver%2fapp.py",
        "/games/racerbile/static/....//....//server/app.py",
        "/games/racerbile/static/%252e%252e/%252e%252e/server/app.py",
        "/games/racerbile/static/../__init__.py",
        "/games/racerbile/static//etc/passwd",
        "/games/toy/static/../secret.txt",
        "/games/toy/static/%2e%2e/secret.txt",
        "/games/toy/static/..%5csecret.txt",
        "/games/chess/static/board.js",
        "/games/../server/app.py",
    ],
)
def test_paths_out_of_a_game_folder_are_404(client: TestClient, toy_web: Path, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404, path
    assert "not for the web" not in response.text
    assert "create_app" not in response.text
