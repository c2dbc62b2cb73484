"""One store's writes on SQLite take turns in the process, so writer threads never
meet at the database (where a writer that finds it busy sleeps in SQLite's busy
handler, or with no patience fails)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from sqlalchemy import event

from racerbile.store import GameRow, Store, now

THREADS, WRITES = 8, 40


def _game(n: int) -> GameRow:
    return GameRow(f"g{n}", "toy", 1, {}, 1, "digital", "h" * 64, f"CODE{n}", (), now())


def test_writer_threads_on_one_sqlite_store_never_find_the_database_busy(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")

    @event.listens_for(store.engine, "connect")
    def impatient(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute("PRAGMA busy_timeout=0")  # a busy database fails at once

    store.engine.dispose()  # new connections, impatient ones
    for n in range(THREADS):
        store.create_game(_game(n))
    failures: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def write(n: int) -> None:
        start.wait()
        try:
            for seq in range(1, WRITES + 1):
                entries = [({"kind": "die", "value": seq}, "dice")] * 2
                store.append_actions(f"g{n}", 2 * seq - 1, entries)
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert failures == []
        for n in range(THREADS):
            assert [row.seq for row in store.actions(f"g{n}")] == list(range(1, 2 * WRITES + 1))
    finally:
        store.close()
