"""Join links and QR codes point at the address phones reach, never at the Host header."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pydantic import ValidationError
from serverkit import auth, create, state, token
from starlette.testclient import TestClient

from racerbile.engine.capabilities import DrinkColumn
from racerbile.server import Settings
from racerbile.server.network import base_url, is_loopback, lan_addresses
from racerbile.server.routes.games import qr_svg
from racerbile.server.views import drinks_table

LAN = "http://192.168.1.20:8000"


def test_links_use_the_public_url_not_the_host_header(
    open_client: Callable[..., TestClient],
) -> None:
    client = open_client(public_url=LAN + "/")
    created = create(client)
    code = created["join_code"]
    assert created["join_link"] == f"{LAN}/join/{code}"
    hostile = {"Host": "evil.example"}
    seen = client.get(f"/api/games/{created['id']}", headers={**auth(token(created, 0)), **hostile})
    assert seen.json()["join_link"] == f"{LAN}/join/{code}"
    joined = client.get(f"/api/join/{code}", headers=hostile).json()
    assert (joined["code"], joined["link"]) == (code, f"{LAN}/join/{code}")
    host = {**auth(created["host_token"]), **hostile}
    qr = client.get(f"/api/games/{created['id']}/qr.svg", headers=host)
    assert qr.status_code == 200
    assert qr.content == qr_svg(f"{LAN}/join/{code}").body


def test_spectators_get_no_join_link(client: TestClient) -> None:
    created = create(client)
    assert state(client, created["id"])["join_link"] is None


def test_the_join_qr_by_code_needs_a_real_code(client: TestClient) -> None:
    created = create(client)
    found = client.get(f"/api/join/{created['join_code'].lower()}/qr.svg")
    assert found.status_code == 200 and found.headers["content-type"] == "image/svg+xml"
    missing = client.get("/api/join/ZZZZZZ/qr.svg")
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")


def test_without_public_url_links_use_the_listening_address(
    open_client: Callable[..., TestClient],
) -> None:
    client = open_client(host="127.0.0.1", port=8123)
    assert create(client)["join_link"].startswith("http://127.0.0.1:8123/join/")


@pytest.mark.parametrize(
    "url",
    ["ftp://x.example", "http://", "http://x.example/path", "http://x.example/?q=1", "http://u@x"],
)
def test_public_url_must_be_a_bare_base(url: str) -> None:
    with pytest.raises(ValidationError, match="public_url"):
        Settings(public_url=url)


def test_base_url_on_every_network_is_a_lan_address() -> None:
    assert base_url("0.0.0.0", 8000, lan=["10.0.0.5"]) == "http://10.0.0.5:8000"
    assert base_url("0.0.0.0", 8000, lan=[]) == "http://127.0.0.1:8000"
    assert base_url("::1", 80) == "http://[::1]:80"
    assert base_url("192.168.0.9", 9000) == "http://192.168.0.9:9000"


def test_loopback_bases_are_told_apart() -> None:
    assert is_loopback("http://127.0.0.1:8000") and is_loopback("http://localhost:1")
    assert is_loopback("http://[::1]:8000")
    assert not is_loopback(LAN) and not is_loopback("https://party.example")


def test_lan_addresses_leave_out_loopback() -> None:
    assert all(not a.startswith("127.") for a in lan_addresses())


def test_the_envelope_carries_the_drinking_table(client: TestClient) -> None:
    """Every page reads the drinks from the envelope: the game's declared columns."""
    created = create(
        client, game="racerbile", setup={"players": [{"name": "Anna"}, {"name": "Bo"}]}
    )
    drinks = state(client, created["id"])["drinks"]
    assert [c["key"] for c in drinks["columns"]] == ["sips", "beers", "caused"]
    assert [r["seat"] for r in drinks["rows"]] == [0, 1]
    assert set(drinks["rows"][0]["values"]) == {"sips", "beers", "caused"}
    assert state(client, create(client)["id"])["drinks"] is None  # the toy game drinks nothing


def test_drinks_rows_name_their_seat_by_any_key() -> None:
    columns = [DrinkColumn("beers", "beers")]
    view = {"drinks": [{"participant": 1, "beers": 2, "name": "Bo"}, "junk", {"beers": 0}]}
    table = drinks_table(columns, view)
    assert table is not None
    assert table["rows"] == [
        {"seat": 1, "values": {"beers": 2}},
        {"seat": 1, "values": {"beers": 0}},
    ]
    assert drinks_table(columns, {}) is None and drinks_table([], view) is None


def test_drink_events_in_the_log_say_how_much(client: TestClient) -> None:
    """RB-TURN-1: the first car's driver drinks a sip; the log entry carries the amount."""
    players = {"players": [{"name": "Anna"}, {"name": "Bo"}]}
    log = state(client, create(client, game="racerbile", setup=players, seed=3)["id"])["log"]
    told = [e for e in log if e["drinks"]]
    assert told, log
    first = told[0]["drinks"][0]
    assert first == {"seat": first["seat"], "amount": 1, "unit": "sip", "caused_by": None}
    assert first["seat"] in (0, 1) and "1" in told[0]["text"]


def test_taking_a_seat_tells_every_screen(client: TestClient) -> None:
    """The host's screen learns at once that a seat is held on its own phone."""
    created = create(client)
    room = client.app.state.services.rooms  # type: ignore[attr-defined]
    seen: list[tuple[bool, ...]] = []
    loaded = client.portal.call(room.get, created["id"])  # type: ignore[attr-defined]
    loaded.listeners.append(lambda r: seen.append(tuple(s.claimed for s in r.seats)))
    client.post(f"/api/join/{created['join_code']}/claim", json={"seat": 1})
    state(client, created["id"], token(created, 0))  # Anna's link used for the first time
    state(client, created["id"], token(created, 0))  # and again: nothing new to tell
    assert seen == [(False, True), (True, True)]
