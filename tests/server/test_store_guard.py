"""The guarded store: a failure of a method, awaited or not, is one API error, and the
failure log hears of it and of the call that works again."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, cast

import pytest
from serverkit import run_on_own_loop

from racerbile.server.errors import ApiError
from racerbile.server.guard import FailureLog, guarded
from racerbile.store import DuplicateWrite, Store, StoreUnavailable


class FlakyStore:
    """A store whose writes fail while ``down``; a taken number is always refused."""

    def __init__(self) -> None:
        self.down = True

    def append_actions(self, seq: int) -> str:
        return self._write(seq)

    async def append_actions_async(self, seq: int) -> str:
        await asyncio.sleep(0)
        return self._write(seq)

    def _write(self, seq: int) -> str:
        if seq == 0:
            raise DuplicateWrite("action 0 is taken")
        if self.down:
            raise StoreUnavailable("disk full", "database or disk is full")
        return "written"


@pytest.mark.parametrize("awaited", [False, True], ids=["called", "awaited"])
def test_a_failure_is_a_503_logged_once_and_the_recovery_is_logged(
    awaited: bool, caplog: pytest.LogCaptureFixture
) -> None:
    flaky = FlakyStore()
    store: Any = guarded(cast(Store, flaky), FailureLog())

    def write(seq: int) -> str:
        if awaited:
            return cast(str, run_on_own_loop(store.append_actions_async(seq)))
        return cast(str, store.append_actions(seq))

    with caplog.at_level(logging.WARNING, logger="racerbile.server.guard"):
        for _ in range(3):
            with pytest.raises(ApiError) as refused:
                write(1)
            assert refused.value.status == 503 and refused.value.code == "store/unavailable"
        with pytest.raises(DuplicateWrite):
            write(0)  # the room's own business: passed on as it is
        flaky.down = False
        assert write(1) == "written"
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2, lines
    assert "disk full" in lines[0] and lines[1] == "the database answers again"
