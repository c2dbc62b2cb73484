"""The store-commit benchmark's smallest round, each way: every append is timed and
stored, and the background way leaves SQLite's own checkpoints off. It checks the
figures come out, not how fast they are."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_store_commits import one_round, open_store


def test_one_short_round_each_way_times_every_append(tmp_path: Path) -> None:
    for in_commit in (True, False):
        latencies, wal_bytes = one_round(tmp_path, in_commit, threads=2, seconds=0.3)
        assert len(latencies) > 10 and min(latencies) > 0
        assert wal_bytes > 0


def test_the_in_commit_way_puts_back_sqlite_s_own_checkpoints(tmp_path: Path) -> None:
    store = open_store(tmp_path / "games.sqlite3", in_commit=True)
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 1000
        assert store._checkpoints is None
    finally:
        store.close()
