"""Freshness checks of rooms on a shared store, read together (``server.heads``)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest
from serverkit import run_on_own_loop

from racerbile.server.heads import HeadReader
from racerbile.store import Head, SeatRow

SEATS = (SeatRow(0, "Anna", "a" * 64),)


class _Store:
    """Reads heads as they are when a read begins, each read held until ``gate`` opens,
    and remembers each read."""

    def __init__(self) -> None:
        self.last = {"g1": 1, "g2": 2, "g3": 3}
        self.reads: list[list[str]] = []
        self.gate = asyncio.Event()
        self.fail: Exception | None = None

    async def read(self, game_ids: Sequence[str]) -> dict[str, Head]:
        self.reads.append(list(game_ids))
        seen = {game_id: (self.last[game_id], SEATS) for game_id in game_ids}  # as it began
        await self.gate.wait()
        if self.fail is not None:
            raise self.fail
        return seen


def test_questions_asked_during_a_read_go_together_in_the_next_read() -> None:
    async def main() -> tuple[list[Head], list[list[str]]]:
        store = _Store()
        reader = HeadReader(store.read)
        first = asyncio.create_task(reader.head("g1"))
        while not store.reads:  # until the first read is under way, held at the gate
            await asyncio.sleep(0)
        store.last["g1"] = 5  # committed after the first read began
        later = [asyncio.create_task(reader.head(g)) for g in ("g2", "g1", "g3", "g2")]
        await asyncio.sleep(0)
        store.gate.set()
        heads = [await first, *[await task for task in later]]
        return heads, store.reads

    heads, reads = run_on_own_loop(main())
    assert reads == [["g1"], ["g1", "g2", "g3"]]
    # The first question's read began before the change; the later ones' after it.
    assert [seq for seq, _ in heads] == [1, 2, 5, 3, 2]
    assert all(seats == SEATS for _, seats in heads)


def test_a_failed_read_fails_its_questions_and_the_next_question_reads_again() -> None:
    async def main() -> tuple[list[object], Head, int]:
        store = _Store()
        store.fail = ConnectionError("the database went away")
        reader = HeadReader(store.read)
        asked = [asyncio.create_task(reader.head(g)) for g in ("g1", "g2")]
        store.gate.set()
        failed = await asyncio.gather(*asked, return_exceptions=True)
        store.fail = None
        return failed, await reader.head("g3"), len(store.reads)

    failed, head, reads = run_on_own_loop(main())
    assert [type(f) for f in failed] == [ConnectionError, ConnectionError]
    assert head == (3, SEATS) and reads == 2


def test_a_question_given_up_leaves_the_others_answered() -> None:
    async def main() -> tuple[bool, Head]:
        store = _Store()
        reader = HeadReader(store.read)
        gone = asyncio.create_task(reader.head("g1"))
        kept = asyncio.create_task(reader.head("g1"))
        await asyncio.sleep(0)
        gone.cancel()
        store.gate.set()
        with pytest.raises(asyncio.CancelledError):
            await gone
        return gone.cancelled(), await kept

    cancelled, head = run_on_own_loop(main())
    assert cancelled and head == (1, SEATS)
