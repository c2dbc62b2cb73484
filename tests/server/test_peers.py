"""Processes on one PostgreSQL tell each other of their changes: the store sends a notice
inside each transaction that changes a game (see ``store.notices``), and a process's
listener hears the others' (see ``server.peers``)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import psycopg
import pytest
from serverkit import game_row, run_on_own_loop

from racerbile.server.peers import CHANNEL, Peers
from racerbile.store import DuplicateWrite, GameRow, SeatRow, Store, StoreError
from racerbile.store.notices import PAYLOAD_BYTES, payloads_of, read_payload


def _game(game_id: str) -> GameRow:
    """A game whose two seats are people's (a claim can take seat 1)."""
    seats = (SeatRow(0, "Anna", "a" * 64), SeatRow(1, "Bo", "b" * 64))
    return game_row(game_id, f"C{game_id.upper()}", seats)


@pytest.fixture
def announcing(postgres_url: str) -> Iterator[Store]:
    """A store on a fresh PostgreSQL database that announces its changes as ``me``."""
    store = Store(postgres_url)
    for game_id in ("g1", "g2", "g3"):
        store.create_game(_game(game_id))
    store.announce(CHANNEL, "me")
    yield store
    store.close()


@pytest.fixture
def listener(postgres_url: str) -> Iterator[psycopg.Connection]:
    with psycopg.connect(postgres_url.replace("+psycopg", ""), autocommit=True) as conn:
        conn.execute(f"LISTEN {CHANNEL}")
        yield conn


def _heard(listener: psycopg.Connection, timeout: float = 1.0) -> list[str]:
    return [note.payload for note in listener.notifies(timeout=timeout)]


def test_the_appends_committed_together_are_announced_in_one_notice(
    announcing: Store, listener: psycopg.Connection
) -> None:
    roll = [({"kind": "roll"}, "seat:0")]

    async def three_at_once() -> None:
        await announcing.append_actions_async("g3", 1, roll)  # the committer starts
        await asyncio.gather(
            *(
                announcing.append_actions_async(g, 2 if g == "g3" else 1, roll)
                for g in ["g3", "g1", "g2"]
            )
        )

    run_on_own_loop(three_at_once())  # queued in one pass of the loop: one group
    assert _heard(listener) == ["me g3", "me g1 g2 g3"]


def test_a_write_the_store_refuses_is_not_announced(
    announcing: Store, listener: psycopg.Connection
) -> None:
    announcing.append_actions("g1", 1, [({"kind": "roll"}, "seat:0")])
    assert _heard(listener) == ["me g1"]
    with pytest.raises(DuplicateWrite):
        announcing.append_actions("g1", 1, [({"kind": "move"}, "seat:0")])
    assert _heard(listener, timeout=0.5) == []  # its transaction never committed


def test_a_seat_claimed_is_announced_and_a_refused_claim_is_not(
    announcing: Store, listener: psycopg.Connection
) -> None:
    assert announcing.mark_claimed("g2", 0, "a" * 64)
    assert not announcing.claim_seat("g2", 0, "c" * 64)  # claimed already
    assert announcing.claim_seat("g3", 1, "c" * 64)
    assert _heard(listener) == ["me g2", "me g3"]


def test_only_postgresql_passes_notices(db_url: str) -> None:
    store = Store(db_url)
    with pytest.raises(StoreError, match="only PostgreSQL passes notices"):
        store.announce(CHANNEL, "me")
    store.close()


def test_many_games_are_named_in_payloads_under_postgresqls_limit() -> None:
    game_ids = [f"game{n:06d}xxxxxxxxxxxx" for n in range(1_000)]
    payloads = list(payloads_of("sender", game_ids))
    assert len(payloads) > 1
    assert all(len(p.encode()) <= PAYLOAD_BYTES for p in payloads)
    read = [read_payload(p) for p in payloads]
    assert {sender for sender, _ in read} == {"sender"}
    assert [g for _, games in read for g in games] == game_ids
    assert list(payloads_of("sender", [])) == []


def test_a_process_hears_every_game_of_the_others_notices_and_passes_over_its_own(
    postgres_url: str,
) -> None:
    store = Store(postgres_url)
    heard: list[str | None] = []

    async def note(game_id: str | None) -> None:
        heard.append(game_id)

    peers = Peers(store.engine, note)

    async def listen_and_send() -> None:
        listening = asyncio.create_task(peers.listen())
        await asyncio.wait_for(peers.listening.wait(), 10)
        async with await psycopg.AsyncConnection.connect(
            postgres_url.replace("+psycopg", ""), autocommit=True
        ) as conn:
            for payload in (f"{peers.instance} g9", "other g1 g2", "other g3"):
                await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
        for _ in range(200):
            if len(heard) >= 4:
                break
            await asyncio.sleep(0.01)
        listening.cancel()
        peers.close()

    run_on_own_loop(listen_and_send())
    store.close()
    assert heard == [None, "g1", "g2", "g3"]  # None: every watched room, on connecting
