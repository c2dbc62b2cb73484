"""SQLite's WAL checkpoints run in the store's background thread, not inside commits:
a commit that took the WAL past 1,000 pages used to copy them all back and sync the
file while every write queued behind it waited."""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from racerbile.store import GameRow, Store, now
from racerbile.store.checkpoint import BACKSTOP_PAGES, Checkpointer


def _game(n: int) -> GameRow:
    return GameRow(f"g{n}", "toy", 1, {}, 1, "digital", "h" * 64, f"CODE{n}", (), now())


def _wait_for(condition: object, timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_a_commit_checkpoints_only_past_the_backstop(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    try:
        with store.engine.connect() as conn:
            pages = conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar()
        assert pages == BACKSTOP_PAGES > 1000
    finally:
        store.close()


def test_the_background_thread_copies_the_wal_back_after_commits(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = Store(f"sqlite:///{path}")
    try:
        store.create_game(_game(1))
        big = {"kind": "note", "text": "x" * 3000}  # about a page an action
        for seq in range(1, 1501):
            store.append_actions("g1", seq, [(big, "host")])
        checkpoints = store._checkpoints
        assert checkpoints is not None
        _wait_for(lambda: checkpoints.done >= 1)
        # Past 1,000 pages a commit would have checkpointed by itself; it left the
        # copying to the thread, and the thread copied every page of the WAL back.
        raw = sqlite3.connect(path)
        try:
            _busy, frames, copied = raw.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        finally:
            raw.close()
        assert frames == copied
        assert [row.seq for row in store.actions("g1")][-1] == 1500
    finally:
        store.close()


def test_commits_within_an_interval_share_one_checkpoint() -> None:
    ran = threading.Event()
    runs: list[float] = []

    def checkpoint() -> None:
        runs.append(time.monotonic())
        ran.set()

    checkpointer = Checkpointer(checkpoint, interval_s=0.3)
    try:
        checkpointer.committed()
        assert ran.wait(5)
        for _ in range(50):
            checkpointer.committed()
        _wait_for(lambda: len(runs) == 2)
        time.sleep(0.5)
        assert len(runs) == 2  # 50 commits, one more checkpoint
        assert runs[1] - runs[0] >= 0.3 - 0.01
    finally:
        checkpointer.stop()


def test_stopping_runs_the_last_checkpoint_of_pending_commits() -> None:
    runs: list[int] = []
    gate = threading.Event()

    def checkpoint() -> None:
        runs.append(1)
        gate.wait(5)

    checkpointer = Checkpointer(checkpoint, interval_s=60)
    checkpointer.committed()
    _wait_for(lambda: len(runs) == 1)
    checkpointer.committed()  # comes while the first runs: pending
    gate.set()
    checkpointer.stop()  # does not wait out the interval
    assert len(runs) == 2
    checkpointer.committed()  # after stopping: nothing more runs
    time.sleep(0.05)
    assert len(runs) == 2


def test_a_failed_checkpoint_is_logged_and_tried_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    attempts: list[int] = []

    def checkpoint() -> None:
        attempts.append(1)
        if len(attempts) == 1:
            raise sqlite3.OperationalError("disk I/O error")

    checkpointer = Checkpointer(checkpoint, interval_s=0.05)
    try:
        with caplog.at_level(logging.WARNING, logger="racerbile.store.checkpoint"):
            checkpointer.committed()
            _wait_for(lambda: checkpointer.done == 1)
        assert len(attempts) == 2
        assert "checkpoint failed" in caplog.text
    finally:
        checkpointer.stop()


def test_an_in_memory_store_has_no_checkpointer() -> None:
    store = Store("sqlite://")
    try:
        assert store._checkpoints is None
    finally:
        store.close()
