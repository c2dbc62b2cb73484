"""Two server processes on one database show every client the same game: each brings
its copy up to the store before serving it, and on PostgreSQL hears the other's
changes by LISTEN/NOTIFY (pushed to its websockets)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from serverkit import act, auth, create, rooms_of, state, token
from starlette.testclient import TestClient

from racerbile.server.errors import ApiError
from racerbile.server.peers import Peers
from racerbile.store import Head, Store


def listening(client: TestClient) -> None:
    """Waits until ``client``'s app hears the other servers."""
    peers: Peers = client.app.state.peers  # type: ignore[attr-defined]

    async def wait() -> None:
        await peers.listening.wait()

    client.portal.call(wait)  # type: ignore[union-attr]


@pytest.fixture
def two_pg(
    postgres_url: str, open_client: Callable[..., TestClient]
) -> tuple[TestClient, TestClient]:
    """Two servers on one fresh PostgreSQL database (dropped after both stopped)."""
    return open_client(postgres_url), open_client(postgres_url)


@pytest.fixture(params=["postgresql", "sqlite"])
def two(
    request: pytest.FixtureRequest, open_client: Callable[..., TestClient], db_url: str
) -> tuple[TestClient, TestClient]:
    """Two servers on one database: PostgreSQL, or a SQLite file they are told they share."""
    if request.param == "sqlite":
        return open_client(db_url, shared_database=True), open_client(db_url, shared_database=True)
    pair: tuple[TestClient, TestClient] = request.getfixturevalue("two_pg")
    return pair


def test_each_server_answers_the_latest_state(two: tuple[TestClient, TestClient]) -> None:
    first, second = two
    created = create(first)
    game_id, tok = created["id"], token(created, 0)
    assert state(second, game_id)["seq"] == 0  # the second server holds it now
    rolled = act(first, game_id, tok, {"kind": "roll"}, 0).json()
    assert rolled["seq"] == 2  # the roll and the digital die
    assert state(second, game_id, tok) == rolled
    moved = act(second, game_id, tok, {"kind": "move"}, 2)
    assert moved.status_code == 200, moved.text
    assert state(first, game_id, tok) == moved.json()
    assert state(first, game_id)["view"]["positions"][0] == rolled["view"]["die"]


def test_a_token_replaced_on_one_server_is_refused_on_the_other(
    two: tuple[TestClient, TestClient],
) -> None:
    first, second = two
    created = create(first)
    game_id, link = created["id"], token(created, 1)
    assert state(second, game_id)["seq"] == 0  # the second server holds the old tokens
    claim = first.post(f"/api/join/{created['join_code']}/claim", json={"seat": 1})
    assert claim.status_code == 200, claim.text
    refused = second.get(f"/api/games/{game_id}", headers=auth(link))
    assert (refused.status_code, refused.json()["code"]) == (401, "auth/unknown")
    seen = state(second, game_id, claim.json()["token"])
    assert (seen["role"], seen["seat"]) == ("seat", 1)


@pytest.mark.timeout(30)
def test_a_websocket_on_one_server_hears_an_action_made_on_the_other(
    two_pg: tuple[TestClient, TestClient],
) -> None:
    first, second = two_pg
    listening(first)
    created = create(second)
    game_id, tok = created["id"], token(created, 0)
    with first.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_json({"type": "auth", "token": None})
        assert socket.receive_json()["seq"] == 0
        assert act(second, game_id, tok, {"kind": "roll"}, 0).status_code == 200
        pushed = socket.receive_json()
        while pushed["seq"] == 0:  # seat 0 claimed by its first use, then the roll
            pushed = socket.receive_json()
        assert pushed["seq"] in (1, 2)  # the roll, or the roll and its digital die


def test_a_watched_room_catches_up_on_what_it_missed_while_not_listening(
    open_client: Callable[..., TestClient], db_url: str
) -> None:
    client = open_client(db_url, shared_database=True)
    created = create(client, dice="real")
    game_id = created["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_json({"type": "auth", "token": None})
        assert socket.receive_json()["seq"] == 0
        store = Store(db_url)  # another server's roll, of which no notice came
        store.append_action(game_id, 1, {"kind": "roll"}, "seat:0")
        store.close()
        rooms = rooms_of(client)
        client.portal.call(rooms.changed_elsewhere, None)  # type: ignore[union-attr]
        pushed = socket.receive_json()
        assert (pushed["seq"], pushed["to_act"]) == (1, "chance")


@pytest.mark.timeout(30)
def test_a_watched_room_that_lost_a_write_race_shows_its_watchers_the_winner(
    open_client: Callable[..., TestClient], db_url: str
) -> None:
    client = open_client(db_url, shared_database=True)
    created = create(client, dice="real")
    game_id = created["id"]
    rooms = rooms_of(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_json({"type": "auth", "token": None})
        assert socket.receive_json()["seq"] == 0
        room = client.portal.call(rooms.get, game_id)  # type: ignore[union-attr]
        host = client.portal.call(room.authenticate, created["host_token"])  # type: ignore[union-attr]
        store = Store(db_url)  # another server rolls first, of which no notice came yet
        store.append_action(game_id, 1, {"kind": "roll"}, "seat:0")
        store.close()
        # The room's own roll, written after the other's, loses (as in a race).
        with pytest.raises(ApiError, match="another server changed this game first"):
            client.portal.call(room.submit, host, {"kind": "roll"}, 0, 0, "en")  # type: ignore[union-attr]
        assert room.stale
        # The other server's notice comes: the room loads anew and its watchers see it.
        client.portal.call(rooms.changed_elsewhere, game_id)  # type: ignore[union-attr]
        pushed = socket.receive_json()
        assert (pushed["seq"], pushed["to_act"]) == (1, "chance")
        assert not rooms_of(client)._rooms[game_id].stale


def _pushed_until(socket: Any, seq: int) -> dict[str, Any]:
    """The pushes up to the first at ``seq`` or later (an error is returned at once)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message.get("type") == "error" or message.get("seq", -1) >= seq:
            return message


def _counting_head_reads(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records the games whose heads the app of ``client`` reads from the store."""
    heads = rooms_of(client)._heads
    read, asked = heads._read, []

    async def counted(game_ids: Sequence[str]) -> dict[str, Head]:
        asked.extend(game_ids)
        return await read(game_ids)

    monkeypatch.setattr(heads, "_read", counted)
    return asked


@pytest.mark.timeout(60)
def test_a_websocket_action_at_the_rooms_number_needs_no_read_and_one_past_it_catches_up(
    two: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = two
    created = create(first)
    game_id, host = created["id"], created["host_token"]
    asked = _counting_head_reads(second, monkeypatch)
    with second.websocket_connect(f"/api/games/{game_id}/ws", headers=auth(host)) as socket:
        assert socket.receive_json()["seq"] == 0
        asked.clear()
        socket.send_json({"type": "action", "action": {"kind": "roll"}, "seq": 0})
        assert _pushed_until(socket, 2)["seq"] == 2  # the roll and the digital die
        assert asked == []  # its write was the check
        # The other server moves on; this client learns of it there and acts at its number.
        moved = act(first, game_id, host, {"kind": "move"}, 2)
        assert moved.status_code == 200, moved.text
        seq = moved.json()["seq"]
        socket.send_json({"type": "action", "action": {"kind": "roll"}, "seq": seq})
        after = _pushed_until(socket, seq + 1)
        assert after["type"] == "state" and after["seq"] > seq, after
        assert game_id in asked  # the room was behind the client: it read the store
    assert state(first, game_id) == state(second, game_id)


def test_a_websocket_action_that_loses_a_write_race_is_refused_and_the_room_reloads(
    open_client: Callable[..., TestClient], db_url: str
) -> None:
    client = open_client(db_url, shared_database=True)
    created = create(client, dice="real")
    game_id, host = created["id"], created["host_token"]
    with client.websocket_connect(f"/api/games/{game_id}/ws", headers=auth(host)) as socket:
        assert socket.receive_json()["seq"] == 0
        store = Store(db_url)  # another server rolls first, of which no notice came yet
        store.append_action(game_id, 1, {"kind": "roll"}, "seat:0")
        store.close()
        socket.send_json({"type": "action", "action": {"kind": "roll"}, "seq": 0})
        refused = _pushed_until(socket, 1)
        assert (refused["type"], refused["code"]) == ("error", "action/stale")
        assert "another server changed this game first" in refused["reason"]
    seen = state(client, game_id)  # the room reloads from the store: the other's roll
    assert (seen["seq"], seen["to_act"]) == (1, "chance")
