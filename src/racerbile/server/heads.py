"""Group reads of the store's heads: many rooms' freshness checks in one query.

A server on a database other processes write to asks the store, before every answer,
what a room must match to be current (:meth:`racerbile.store.Store.head`). Asked one
at a time, each question is a query through a worker thread, which under load was
most of such a server's work. So the questions that arrive while one query is under
way go together in the next (:meth:`~racerbile.store.Store.heads`). That query starts
after all of them were asked, so each answer still holds every change committed before
its question: no answer is stale.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

from ..store import Head

ReadHeads = Callable[[Sequence[str]], Awaitable[dict[str, Head]]]


class HeadReader:
    """Answers :meth:`head` questions, those asked meanwhile in one read each time."""

    def __init__(self, read: ReadHeads):
        self._read = read
        self._asked: dict[str, list[asyncio.Future[Head]]] = {}
        self._reading: asyncio.Task[None] | None = None

    async def head(self, game_id: str) -> Head:
        """Returns the head of ``game_id`` as the store holds it now (or a read's error)."""
        answer: asyncio.Future[Head] = asyncio.get_running_loop().create_future()
        self._asked.setdefault(game_id, []).append(answer)
        if self._reading is None or self._reading.done():
            self._reading = asyncio.create_task(self._answer_all())
        return await answer

    async def _answer_all(self) -> None:
        while self._asked:
            asked, self._asked = self._asked, {}
            try:
                heads = await self._read(sorted(asked))
            except asyncio.CancelledError:
                for answer in _unanswered(asked):
                    answer.cancel()
                raise
            except Exception as exc:  # each question of this read fails as it would alone
                for answer in _unanswered(asked):
                    answer.set_exception(exc)
                continue
            for game_id, answers in asked.items():
                for answer in answers:
                    if not answer.done():
                        answer.set_result(heads[game_id])


def _unanswered(asked: dict[str, list[asyncio.Future[Head]]]) -> list[asyncio.Future[Head]]:
    """The questions still waiting (a caller that gave up, cancelled, is not answered)."""
    return [answer for answers in asked.values() for answer in answers if not answer.done()]
