"""Rate limits per client address: join-code guesses and game creation answer 429 with
``Retry-After`` past the limit, other clients are unaffected, and time lets them in again."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverkit import PLAYERS

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from racerbile.server import Settings, create_app
from racerbile.server.limits import RateLimiter, client_key
from racerbile.server.settings import RateLimit
from racerbile.store import Store

LIMIT = RateLimit(burst=3, per_minute=6)  # three at once, then one every 10 s


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def clients(tmp_path: Path, clock: Clock) -> Iterator[tuple[TestClient, TestClient]]:
    """Two clients of one app, from two addresses, with small limits on a driven clock."""
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    app = create_app(Settings(join_limit=LIMIT, create_limit=LIMIT), store, clock=clock)
    with TestClient(app, client=("10.0.0.1", 4000)) as first:
        yield first, TestClient(app, client=("10.0.0.2", 4000))
    store.close()


def _create(client: TestClient) -> int:
    return client.post("/api/games", json={"game": "toy", "setup": PLAYERS}).status_code


def _refused(response: object) -> dict[str, object]:
    assert getattr(response, "status_code", None) == 429, getattr(response, "text", "")
    body: dict[str, object] = response.json()  # type: ignore[attr-defined]
    assert body["code"] == "rate/limited"
    return body


def test_game_creation_over_the_limit_answers_429_per_client(
    clients: tuple[TestClient, TestClient], clock: Clock
) -> None:
    first, second = clients
    assert [_create(first) for _ in range(3)] == [201, 201, 201]
    refused = first.post("/api/games", json={"game": "toy", "setup": PLAYERS})
    assert "games created" in str(_refused(refused)["reason"])
    assert refused.headers["Retry-After"] == "10"
    assert first.get("/api/meta/health").json() == {"games": 3}  # the refused one made none
    assert _create(second) == 201  # another address has its own bucket
    clock.now += 9.9
    assert _create(first) == 429
    clock.now += 0.2
    assert _create(first) == 201
    assert _create(first) == 429
    clock.now += 60
    assert [_create(first) for _ in range(4)] == [201, 201, 201, 429]  # burst, not more


def test_join_code_guesses_over_the_limit_answer_429(
    clients: tuple[TestClient, TestClient], clock: Clock
) -> None:
    first, second = clients
    assert [first.get(f"/api/join/AAAAA{c}").status_code for c in "ABC"] == [404] * 3
    refused = first.post("/api/join/AAAAAD/claim", json={"seat": 0})
    _refused(refused)
    assert int(refused.headers["Retry-After"]) == 10
    assert second.get("/api/join/AAAAAA").status_code == 404
    clock.now += 10
    assert first.get("/api/join/AAAAAE").status_code == 404
    assert first.get("/api/join/AAAAAF").status_code == 429


def test_limits_are_off_when_set_to_none(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    app = create_app(Settings(join_limit=None, create_limit=None), store)
    with TestClient(app) as client:
        assert {client.get("/api/join/AAAAAA").status_code for _ in range(50)} == {404}
    store.close()


def test_this_machine_is_limited_only_when_set(tmp_path: Path, clock: Clock) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    for loopback, expected in ((False, {404}), (True, {404, 429})):
        settings = Settings(join_limit=LIMIT, rate_limit_loopback=loopback)
        app = create_app(settings, store, clock=clock)
        with TestClient(app, client=("127.0.0.1", 4000)) as local:
            assert {local.get("/api/join/AAAAAA").status_code for _ in range(5)} == expected
    store.close()


def test_limit_settings_are_bounded() -> None:
    for bad in ({"burst": 0, "per_minute": 1}, {"burst": 5, "per_minute": 0}):
        with pytest.raises(ValueError, match="join_limit"):
            Settings(join_limit=bad)
    with pytest.raises(ValueError, match="rate_limit_clients"):
        Settings(rate_limit_clients=10**9)


def test_limiter_forgets_the_least_recent_client_beyond_its_size() -> None:
    clock = Clock()
    limiter = RateLimiter(RateLimit(burst=1, per_minute=1), max_clients=100, clock=clock)
    assert limiter.take("flooder") == 0
    assert limiter.take("flooder") == pytest.approx(60)
    for n in range(500):
        limiter.take(f"10.1.{n // 256}.{n % 256}")
        assert len(limiter) <= 100
    assert limiter.take("flooder") == 0  # forgotten: memory stays bounded


def test_client_key_groups_an_ipv6_network_and_maps_ipv4() -> None:
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9")
    assert client_key("2001:db8:1:2::1") != client_key("2001:db8:1:3::1")
    assert client_key("::ffff:192.0.2.7") == client_key("192.0.2.7") == "192.0.2.7"
    assert client_key(None) == "unknown"
