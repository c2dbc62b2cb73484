"""Several servers started at once on one new PostgreSQL database: each creates the
tables only if they are missing, one at a time, and every one of them opens."""

from __future__ import annotations

import threading

import pytest

from racerbile.store import Store

OPENERS = 6


@pytest.mark.slow
def test_servers_starting_at_once_on_a_new_database_all_open(postgres_url: str) -> None:
    start = threading.Barrier(OPENERS)
    opened: list[Store] = []
    failures: list[BaseException] = []

    def open_store() -> None:
        start.wait()
        try:
            opened.append(Store(postgres_url))
        except BaseException as exc:  # reported below, whatever it is
            failures.append(exc)

    threads = [threading.Thread(target=open_store) for _ in range(OPENERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for store in opened:
        store.close()
    assert failures == []
    assert len(opened) == OPENERS
