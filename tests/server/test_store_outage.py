"""A database that stops answering (PostgreSQL stopped, a full disk) gives 503s with the code
``store/unavailable``, a few log lines and no traceback; once it is back, the server goes on
with every acknowledged action kept."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest
from pgcluster import PostgresCluster
from serverkit import PLAYERS, act, auth, create
from sqlalchemy import event
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient

from racerbile.server import Settings, create_app
from racerbile.server.guard import FailureLog
from racerbile.store import Store, StoreUnavailable, unavailable


def _play(client: TestClient, game_id: str, host: str, moves: int) -> list[dict[str, Any]]:
    """Plays ``moves`` actions with the host token; returns the record after them."""
    for _ in range(moves):
        seen = client.get(f"/api/games/{game_id}", headers=auth(host)).json()
        response = act(client, game_id, host, seen["legal_actions"][0], seen["seq"])
        assert response.status_code == 200, response.text
    actions: list[dict[str, Any]] = client.get(f"/api/games/{game_id}/record").json()["actions"]
    return actions


def _assert_unavailable(response: Any) -> None:
    assert response.status_code == 503, response.text
    assert response.json()["code"] == "store/unavailable"
    assert int(response.headers["Retry-After"]) >= 1
    assert "Traceback" not in response.text


def test_postgres_stopped_mid_game_answers_503_then_recovers(
    open_client: Callable[..., TestClient],
    postgres_cluster: PostgresCluster,
    caplog: pytest.LogCaptureFixture,
) -> None:
    client = open_client(postgres_cluster.url)
    game = create(client)
    game_id, host = game["id"], game["host_token"]
    acknowledged = _play(client, game_id, host, 6)
    with client.websocket_connect(f"/api/games/{game_id}/ws", headers=auth(host)) as ws:
        assert ws.receive_json()["seq"] == len(acknowledged)
        postgres_cluster.stop()
        with caplog.at_level(logging.WARNING):
            _check_outage(client, game, len(acknowledged))
            ws.send_json({"type": "action", "action": {"kind": "roll"}, "seq": len(acknowledged)})
            refused = ws.receive_json()
            assert (refused["type"], refused["code"]) == ("error", "store/unavailable")
        assert client.get("/api/meta/health").status_code == 200  # the server keeps running
        logged = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert 1 <= len(logged) <= 2, [r.getMessage() for r in logged]  # one line per kind
        assert all(r.exc_info is None for r in caplog.records)
        assert "store/unavailable" in logged[0].getMessage()

        postgres_cluster.start()
        back = client.get(f"/api/games/{game_id}", headers=auth(host))
        assert back.status_code == 200, back.text
        assert back.json()["seq"] == len(acknowledged)
        after = _play(client, game_id, host, 2)
        assert after[: len(acknowledged)] == acknowledged  # nothing acknowledged lost
        assert len(after) > len(acknowledged)
        assert ws.receive_json()["type"] == "state"  # the socket of before the outage goes on
    assert create(client)["id"]


def _check_outage(client: TestClient, game: dict[str, Any], seq: int) -> None:
    """Every route that needs the database answers 503 ``store/unavailable``."""
    game_id, host = game["id"], game["host_token"]
    for _ in range(20):
        _assert_unavailable(act(client, game_id, host, {"kind": "roll"}, seq))
    _assert_unavailable(client.get(f"/api/games/{game_id}", headers=auth(host)))
    _assert_unavailable(client.post("/api/games", json={"game": "toy", "setup": PLAYERS}))
    _assert_unavailable(client.get(f"/api/join/{game['join_code']}"))


def _cap_pages(client: TestClient) -> Callable[[], None]:
    """Caps the SQLite file at its current size (a full disk); returns what lifts the cap."""
    store = client.app.state.services.store  # type: ignore[attr-defined]
    limit = {"pages": 0}

    def cap_pages(dbapi_connection: Any, _record: Any) -> None:
        if limit["pages"]:  # SQLite refuses to grow the file past this
            dbapi_connection.execute(f"PRAGMA max_page_count = {limit['pages']}")

    event.listen(store.engine, "connect", cap_pages)
    with store.engine.connect() as conn:
        limit["pages"] = conn.exec_driver_sql("PRAGMA page_count").scalar()
    store.engine.dispose()

    def lift() -> None:
        limit["pages"] = 0
        store.engine.dispose()

    return lift


def test_full_disk_answers_503_then_recovers(
    open_client: Callable[..., TestClient], db_url: str
) -> None:
    client = open_client(db_url)
    # Real dice: the host sends every action, so each write's failure is its request's.
    players = {"players": [{"name": "Anna"}, {"name": "Bo"}], "target": 10**5}
    game = create(client, setup=players, dice="real")
    game_id, host = game["id"], game["host_token"]
    _play(client, game_id, host, 2)
    lift = _cap_pages(client)
    acknowledged: dict[int, dict[str, Any]] = {}  # action number -> the action sent
    refused = None
    for _ in range(400):  # the next page the actions table needs is refused
        seen = client.get(f"/api/games/{game_id}", headers=auth(host)).json()
        action, seq = seen["legal_actions"][0], seen["seq"]
        response = act(client, game_id, host, action, seq)
        if response.status_code != 200:
            refused = response
            break
        acknowledged[seq] = action
    assert refused is not None, "the capped database never filled up"
    _assert_unavailable(refused)
    assert "disk full" in refused.json()["reason"]

    lift()
    back = client.get(f"/api/games/{game_id}", headers=auth(host))
    assert back.status_code == 200, back.text
    record = client.get(f"/api/games/{game_id}/record").json()["actions"]
    assert all(record[seq] == action for seq, action in acknowledged.items())
    assert len(_play(client, game_id, host, 2)) > max(acknowledged) + 1


def test_full_disk_under_the_servers_dice_stalls_quietly_then_plays_on(
    open_client: Callable[..., TestClient], db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    client = open_client(db_url)
    players = {"players": [{"name": "Anna"}, {"name": "Bo"}], "target": 10**5}
    game = create(client, setup=players)  # digital dice: the server's own writes fail too
    game_id, host = game["id"], game["host_token"]
    _play(client, game_id, host, 2)
    lift = _cap_pages(client)
    with caplog.at_level(logging.WARNING):
        for _ in range(400):
            seen = client.get(f"/api/games/{game_id}", headers=auth(host)).json()
            if not seen["legal_actions"]:
                break  # the dice could not be stored: the game waits
            response = act(client, game_id, host, seen["legal_actions"][0], seen["seq"])
            if response.status_code != 200:
                _assert_unavailable(response)
                break
        else:
            pytest.fail("the capped database never filled up")
    assert all(r.exc_info is None for r in caplog.records)  # no traceback, not even a task's
    assert any("disk full" in r.getMessage() for r in caplog.records)
    stalled = client.get(f"/api/games/{game_id}/record").json()["actions"]
    lift()
    assert len(_play(client, game_id, host, 2)) > len(stalled)


def test_failure_log_writes_one_line_per_kind_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    failures = FailureLog(every_s=60, clock=lambda: now[0])
    with caplog.at_level(logging.WARNING):
        for _ in range(100):
            failures.failed(StoreUnavailable("connection", "refused"))
        failures.failed(StoreUnavailable("disk full", "no space"))
        now[0] = 61.0
        failures.failed(StoreUnavailable("connection", "refused"))
        failures.answered()
        failures.answered()
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 4, lines
    assert "(connection)" in lines[0] and "(disk full)" in lines[1]
    assert "99 more since the last such line" in lines[2]
    assert lines[3] == "the database answers again"


def test_database_down_at_start_still_serves_then_restores_on_use(
    postgres_cluster: PostgresCluster, caplog: pytest.LogCaptureFixture
) -> None:
    store = Store(postgres_cluster.url)
    with TestClient(create_app(Settings(), store)) as first:
        game = create(first)
    postgres_cluster.stop()
    with caplog.at_level(logging.WARNING), TestClient(create_app(Settings(), store)) as client:
        assert client.get("/api/meta/health").json() == {"games": 0}
        _assert_unavailable(client.get(f"/api/games/{game['id']}"))
        postgres_cluster.start()
        assert client.get(f"/api/games/{game['id']}").json()["seq"] == 0
    assert any("not restored" in r.getMessage() for r in caplog.records)
    assert all(r.exc_info is None for r in caplog.records)
    store.close()


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ("database or disk is full", "disk full"),
        ('could not extend file "base/16384/2619": No space left on device', "disk full"),
        ("database is locked", "locked"),
        ("attempt to write a readonly database", "read-only"),
        ("database disk image is malformed", "damaged"),
        ("disk I/O error", "I/O error"),
        ('connection failed: connection to server on socket "/tmp/x" failed', "connection"),
        ("terminating connection due to administrator command", "connection"),
        ("unable to open database file", "cannot open"),
        ("something else entirely", "error"),
    ],
)
def test_driver_failures_are_named_by_kind(message: str, kind: str) -> None:
    driver = Exception(message)
    failure = unavailable(OperationalError("INSERT INTO seats ...", {"name": "x"}, driver))
    assert failure.kind == kind
    assert failure.detail == message  # the driver's first line, never the SQL or parameters
