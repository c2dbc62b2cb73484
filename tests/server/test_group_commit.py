"""Group commit: writes queued while one commits go together in the next commit, and a
write that fails fails alone."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from serverkit import run_on_own_loop
from sqlalchemy import event

from racerbile.store import DuplicateWrite, GameRow, Store, now
from racerbile.store.groupcommit import GroupCommit


class Recorder:
    """A commit that records its groups; the first waits until released, and a group
    holding "bad" fails."""

    def __init__(self) -> None:
        self.groups: list[list[Any]] = []
        self.committing = threading.Event()
        self.release = threading.Event()

        self.attempts = 0

    def __call__(self, group: Sequence[Any]) -> None:
        self.attempts += 1
        if not self.groups:
            self.committing.set()
            assert self.release.wait(10)
        if "down" in group:
            raise ConnectionError("the database does not answer")
        if "bad" in group:
            raise ValueError("bad write")
        self.groups.append(list(group))


def _owned(error: BaseException) -> bool:
    return isinstance(error, ValueError)  # "bad" is one write's own; "down" is everyone's


def _start(commit: GroupCommit, data: Any, errors: dict[Any, BaseException]) -> threading.Thread:
    def write() -> None:
        try:
            commit.run(data)
        except BaseException as exc:  # collected for the assertions
            errors[data] = exc

    thread = threading.Thread(target=write)
    thread.start()
    return thread


def _wait_queued(commit: GroupCommit, count: int) -> None:
    deadline = time.monotonic() + 10
    while len(commit._queue) < count:
        assert time.monotonic() < deadline, "the writers did not queue"
        time.sleep(0.001)


def _grouped(recorder: Recorder, queued: tuple[str, ...]) -> dict[Any, BaseException]:
    """Commits "a" alone and, while it commits, queues ``queued`` behind it; returns
    the writes' failures once all are done."""
    errors: dict[Any, BaseException] = {}
    commit = GroupCommit(recorder, _owned)
    first = _start(commit, "a", errors)
    assert recorder.committing.wait(10)  # "a" is being committed, alone
    others = [_start(commit, data, errors) for data in queued]
    _wait_queued(commit, len(queued))
    recorder.release.set()
    for thread in [first, *others]:
        thread.join(10)
    return errors


def test_writes_queued_during_a_commit_go_together_in_the_next() -> None:
    recorder = Recorder()
    assert _grouped(recorder, ("b", "c", "d")) == {}
    assert recorder.groups[0] == ["a"]
    assert sorted(recorder.groups[1]) == ["b", "c", "d"] and len(recorder.groups) == 2


def test_a_write_that_fails_fails_alone_and_the_others_are_committed() -> None:
    recorder = Recorder()
    errors = _grouped(recorder, ("b", "bad", "c"))
    assert list(errors) == ["bad"] and isinstance(errors["bad"], ValueError)
    committed = sorted(data for group in recorder.groups for data in group)
    assert committed == ["a", "b", "c"]


def test_a_failure_no_write_owns_fails_the_whole_group_at_once() -> None:
    recorder = Recorder()
    errors = _grouped(recorder, ("b", "down", "c"))
    assert sorted(errors) == ["b", "c", "down"]
    assert all(isinstance(e, ConnectionError) for e in errors.values())
    assert recorder.attempts == 2  # "a" alone, then the group once: not once a write


def _game(game_id: str) -> GameRow:
    return GameRow(game_id, "toy", 1, {}, 1, "digital", "h" * 64, f"C{game_id}", (), now())


@pytest.mark.parametrize("clash", ["first", "last"])
def test_a_taken_action_number_fails_only_its_game_in_a_group(any_db_url: str, clash: str) -> None:
    store = Store(any_db_url)
    try:
        for game_id in ("g1", "g2", "g3"):
            store.create_game(_game(game_id))
        store.append_actions("g2", 1, [({"kind": "die", "value": 1}, "dice")])
        entries = [({"kind": "die", "value": 2}, "dice")]
        writes = [("g1", 1), ("g2", 1), ("g3", 1)]  # g2's action 1 is taken
        if clash == "last":
            writes.reverse()
        appended: list[int] = []  # each statement that appends (one for a group)

        def counted(*args: Any) -> None:
            appended.extend([1] if "INSERT INTO actions" in args[2] else [])

        event.listen(store.engine, "before_cursor_execute", counted)
        results: dict[str, BaseException | None] = {}
        store._appends._leading.acquire()  # the writes queue up, as behind a leader
        threads = []
        for game_id, seq in writes:

            def write(game_id: str = game_id, seq: int = seq) -> None:
                try:
                    store.append_actions(game_id, seq, entries)
                    results[game_id] = None
                except DuplicateWrite as exc:
                    results[game_id] = exc

            threads.append(threading.Thread(target=write))
            threads[-1].start()
        _wait_queued(store._appends, 3)
        store._appends._leading.release()
        for thread in threads:
            thread.join(10)
        assert results["g1"] is None and results["g3"] is None
        assert isinstance(results["g2"], DuplicateWrite)
        assert [r.action["value"] for r in store.actions("g2")] == [1]  # the first stands
        assert [r.seq for r in store.actions("g1")] == [1] == [r.seq for r in store.actions("g3")]
        assert len(appended) == 4  # the group failed, then g1, g2 and g3 alone
    finally:
        store.close()


# -- coroutines' writes: committed by the group's own thread, awaited on the loop


async def _grouped_async(recorder: Recorder, queued: tuple[str, ...]) -> dict[Any, BaseException]:
    """:func:`_grouped` with coroutines: "a" first, alone, then ``queued`` while it commits."""
    commit = GroupCommit(recorder, _owned)
    errors: dict[Any, BaseException] = {}

    async def write(data: str) -> None:
        try:
            await commit.run_async(data)
        except BaseException as exc:  # collected for the assertions
            errors[data] = exc

    first = asyncio.create_task(write("a"))
    assert await asyncio.to_thread(recorder.committing.wait, 10)
    others = [asyncio.create_task(write(data)) for data in queued]
    while len(commit._queue) < len(queued):
        await asyncio.sleep(0.001)
    recorder.release.set()
    await asyncio.wait_for(asyncio.gather(first, *others), 10)
    commit.close()
    return errors


def test_coroutines_writes_queued_during_a_commit_go_together_in_the_next() -> None:
    recorder = Recorder()
    assert run_on_own_loop(_grouped_async(recorder, ("b", "c", "d"))) == {}
    assert recorder.groups[0] == ["a"]
    assert sorted(recorder.groups[1]) == ["b", "c", "d"] and len(recorder.groups) == 2


def test_a_coroutines_write_that_fails_fails_alone_and_a_failure_no_one_owns_fails_all() -> None:
    recorder = Recorder()
    errors = run_on_own_loop(_grouped_async(recorder, ("b", "bad", "c")))
    assert list(errors) == ["bad"] and isinstance(errors["bad"], ValueError)
    assert sorted(d for group in recorder.groups for d in group) == ["a", "b", "c"]
    recorder = Recorder()
    errors = run_on_own_loop(_grouped_async(recorder, ("b", "down", "c")))
    assert sorted(errors) == ["b", "c", "down"]
    assert all(isinstance(e, ConnectionError) for e in errors.values())


def test_the_writes_of_one_pass_of_the_loop_wake_the_committing_thread_once() -> None:
    """Every room that acts in one pass of the loop queues its write; the committing
    thread is woken once, at the end of the pass, and commits them in one group."""
    recorder = Recorder()
    recorder.release.set()
    commit = GroupCommit(recorder, _owned)
    wakes = []
    notify = commit._queued.notify
    commit._queued.notify = lambda n=1: (wakes.append(n), notify(n))  # type: ignore[method-assign]

    async def main() -> None:
        await commit.run_async("a")  # starts the committing thread
        while not commit._queued._waiters:  # type: ignore[attr-defined]  # it is idle
            await asyncio.sleep(0.001)
        wakes.clear()
        await asyncio.gather(*(commit.run_async(data) for data in ("b", "c", "d")))
        assert len(wakes) == 1

    run_on_own_loop(main())
    commit.close()
    assert recorder.groups == [["a"], ["b", "c", "d"]]


def test_threads_and_coroutines_share_a_group() -> None:
    recorder = Recorder()
    commit = GroupCommit(recorder, _owned)
    errors: dict[Any, BaseException] = {}

    async def main() -> None:
        first = asyncio.create_task(commit.run_async("a"))
        assert await asyncio.to_thread(recorder.committing.wait, 10)
        thread = _start(commit, "t", errors)  # a thread's write, queued behind "a"
        second = asyncio.create_task(commit.run_async("c"))
        while len(commit._queue) < 2:
            await asyncio.sleep(0.001)
        recorder.release.set()
        await asyncio.wait_for(asyncio.gather(first, second), 10)
        await asyncio.to_thread(thread.join, 10)

    run_on_own_loop(main())
    commit.close()
    assert errors == {}
    assert recorder.groups[0] == ["a"] and sorted(recorder.groups[1]) == ["c", "t"]


def test_closing_commits_what_is_queued_then_refuses_more() -> None:
    recorder = Recorder()
    recorder.release.set()
    commit = GroupCommit(recorder, _owned)

    async def main() -> None:
        await asyncio.gather(*(commit.run_async(d) for d in ("a", "b", "c")))
        commit.close()
        assert commit._committer is not None and not commit._committer.is_alive()
        with pytest.raises(RuntimeError, match="closed"):
            await commit.run_async("d")

    run_on_own_loop(main())
    assert sorted(d for group in recorder.groups for d in group) == ["a", "b", "c"]


def test_the_store_awaits_an_append_and_refuses_a_taken_number(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    try:
        store.create_game(_game("g1"))
        entries = [({"kind": "die", "value": 2}, "dice"), ({"kind": "die", "value": 3}, "dice")]

        async def main() -> None:
            await store.append_actions_async("g1", 1, entries, finished=True)
            with pytest.raises(DuplicateWrite, match="actions 2 to 3"):
                await store.append_actions_async("g1", 2, entries)

        run_on_own_loop(main())
        assert [(r.seq, r.action["value"]) for r in store.actions("g1")] == [(1, 2), (2, 3)]
        row = store.game("g1")
        assert row is not None and row.finished is not None
    finally:
        store.close()
