"""Lobby metadata, the QR code and the page routes."""

from __future__ import annotations

import pytest
from serverkit import auth, create, token
from starlette.testclient import TestClient

from racerbile.server.routes.pages import WEB


def test_list_games_has_schema_and_bots(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/meta/games").json()}
    toy = games["toy"]
    assert (toy["min_seats"], toy["max_seats"], toy["bots"], toy["tracks"]) == (2, 4, ["mover"], [])
    assert toy["bot_descriptions"] == {"mover": "always moves"}
    assert "players" in toy["setup_schema"]["properties"]


def test_read_track_svg_unknown_is_404(client: TestClient) -> None:
    for path in ("/api/meta/tracks/toy/oval.svg", "/api/meta/tracks/chess/oval.svg"):
        assert client.get(path).status_code == 404


def test_read_qr_needs_a_token(client: TestClient) -> None:
    created = create(client)
    url = f"/api/games/{created['id']}/qr.svg"
    assert client.get(url).status_code == 401
    for response in (
        client.get(url, headers=auth(token(created, 0))),
        client.get(url, headers=auth(created["host_token"])),
    ):
        assert response.status_code == 200
        assert response.headers["content-type"] == "image/svg+xml"
        assert response.text.lstrip().startswith("<?xml")


def test_a_token_in_the_url_is_refused(client: TestClient) -> None:
    created = create(client)
    gid, host = created["id"], created["host_token"]
    for url in (f"/api/games/{gid}/qr.svg?token={host}", f"/api/games/{gid}?token={host}"):
        response = client.get(url)
        assert (response.status_code, response.json()["code"]) == (400, "auth/in_url"), url


@pytest.mark.parametrize(
    ("path", "page"),
    [
        ("/", "index.html"),
        ("/room/x", "room.html"),
        ("/play/x", "room.html"),
        ("/watch/x", "watch.html"),
        ("/join/ABCDEF", "join.html"),
        ("/join", "join.html"),
        ("/join/", "join.html"),
    ],
)
def test_pages_serve_their_files(client: TestClient, path: str, page: str) -> None:
    response = client.get(path)
    if not (WEB / page).is_file():
        assert response.status_code == 404
        return
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    assert response.text == (WEB / page).read_text(encoding="utf-8")


def test_unknown_route_answers_json(client: TestClient) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404
    assert response.json()["code"] == "http/404"


def test_list_games_describes_each_bundled_track(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/meta/games").json()}
    if "vectrace" not in games:
        pytest.skip("vectrace is not registered")
    tracks = {t["id"]: t for t in games["vectrace"]["tracks"]}
    assert tracks["sprint"]["name"] == "Sprint"
    assert tracks["sprint"]["description"]
    assert tracks["ring"]["laps"] == 2 and tracks["sprint"]["laps"] is None
