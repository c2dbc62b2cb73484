"""The store as the server uses it: every store failure becomes one API error, logged sparingly.

Rooms call the store from worker threads, in requests, websocket messages, timers and
the restore at start. Wrapping the store once means each of those meets an
:class:`ApiError` it already handles (503 ``store/unavailable``, 409 ``game/damaged``,
422 ``value/refused``) instead of a driver's exception and its traceback; and an outage
writes one warning line per kind of failure a minute, not one traceback per request.
"""

from __future__ import annotations

import inspect
import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, cast

from ..store import (
    STORE_FAILURES,
    DamagedRecord,
    DuplicateWrite,
    RefusedValue,
    Store,
    StoreUnavailable,
    unavailable,
)
from .errors import ApiError, retry_after

log = logging.getLogger(__name__)

LOG_EVERY_S = 60.0  # at most one warning line per kind of failure in this time
RETRY_AFTER_S = 5


class FailureLog:
    """Logs database failures: the first of a kind at once, then at most one line per
    ``every_s`` with the count of those left out; one line when the database answers again."""

    def __init__(self, every_s: float = LOG_EVERY_S, clock: Callable[[], float] = time.monotonic):
        self.every_s = every_s
        self.clock = clock
        self._lock = threading.Lock()  # the store is called from worker threads
        self._logged_at: dict[str, float] = {}
        self._left_out: dict[str, int] = {}
        self._down = False

    def failed(self, exc: StoreUnavailable) -> None:
        """Counts one failure; logs it when none of its kind was logged lately."""
        with self._lock:
            now = self.clock()
            last = self._logged_at.get(exc.kind)
            if last is not None and now - last < self.every_s:
                self._left_out[exc.kind] = self._left_out.get(exc.kind, 0) + 1
                return
            self._logged_at[exc.kind] = now
            left_out = self._left_out.pop(exc.kind, 0)
            self._down = True
        more = f" ({left_out} more since the last such line)" if left_out else ""
        log.warning("%s; answering 503 store/unavailable%s", exc, more)

    def answered(self) -> None:
        """Notes a call that worked; logs once that the database is back after an outage."""
        if not self._down:
            return
        with self._lock:
            if not self._down:
                return
            self._down = False
        log.warning("the database answers again")


def guarded(store: Store, failures: FailureLog) -> Store:
    """Returns ``store`` whose every method raises only :class:`ApiError` or DuplicateWrite."""
    return cast(Store, _Guarded(store, failures))


class _Guarded:
    """Delegates every attribute to the store; wraps its methods (new ones too)."""

    def __init__(self, store: Store, failures: FailureLog):
        self._store = store
        self._failures = failures

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._store, name)
        if name.startswith("_") or not callable(value):
            return value
        if inspect.iscoroutinefunction(value):

            async def call_async(*args: Any, **kwargs: Any) -> Any:
                with self._answering():
                    return await value(*args, **kwargs)

            return call_async

        def call(*args: Any, **kwargs: Any) -> Any:
            with self._answering():
                return value(*args, **kwargs)

        return call

    @contextmanager
    def _answering(self) -> Iterator[None]:
        """Turns a store failure into its API error, and notes a call that worked."""
        try:
            yield
        except DuplicateWrite:
            raise  # the room resolves a lost race itself
        except STORE_FAILURES as exc:
            raise store_api_error(exc, self._failures) from None
        self._failures.answered()


def store_api_error(exc: Exception, failures: FailureLog) -> ApiError:
    """Returns the API error for a failure of the store (logging an outage sparingly)."""
    if isinstance(exc, DamagedRecord):
        return ApiError(409, "game/damaged", str(exc))
    if isinstance(exc, RefusedValue):
        return ApiError(422, "value/refused", f"cannot store this: {exc}")
    failure = exc if isinstance(exc, StoreUnavailable) else unavailable(exc)
    failures.failed(failure)
    return ApiError(
        503,
        "store/unavailable",
        f"the database is unavailable ({failure.kind}); try again shortly",
        headers=retry_after(RETRY_AFTER_S),
    )
