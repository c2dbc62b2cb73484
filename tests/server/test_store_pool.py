"""The PostgreSQL store's pooled connections: one that lay unused is tested before use
(a restarted database left it dead), one just used is not (a round trip per query)."""

from __future__ import annotations

import psycopg
import pytest
from serverkit import game_row

from racerbile.store import Store, StoreUnavailable, connect


def _drop_the_stores_connections(postgres_url: str) -> None:
    """Ends every other session on the database, as a restart of the server would."""
    with psycopg.connect(postgres_url.replace("+psycopg", ""), autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.mark.parametrize("idle_s", [0.0, 3600.0])
def test_a_connection_unused_long_enough_is_tested_and_replaced_when_dead(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch, idle_s: float
) -> None:
    monkeypatch.setattr(connect, "PING_AFTER_IDLE_S", idle_s)
    store = Store(postgres_url)
    try:
        store.create_game(game_row())
        assert store.game_by_code("ABCDEF") == "g1"  # one connection in the pool now
        _drop_the_stores_connections(postgres_url)
        if idle_s == 0.0:  # unused "long enough": tested, found dead, replaced unnoticed
            assert store.game_by_code("ABCDEF") == "g1"
        else:  # just used: taken as it is, and the read fails (then the pool starts anew)
            with pytest.raises(StoreUnavailable):
                store.game_by_code("ABCDEF")
            assert store.game_by_code("ABCDEF") == "g1"
    finally:
        store.close()
