"""Memoising what is computed from one state for every caller that asks about it.

A game's view is asked for the same state by every seat, the spectators and each
language; what does not depend on who asks (odds, the referee's buttons) is worth
computing once. States are immutable, so the answer for the last state object asked
stands until another state is asked about.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

R = TypeVar("R")


def per_state(compute: Callable[[Any], R]) -> Callable[[Any], R]:
    """Wraps ``compute(state)`` so it runs once for the state object last asked about.

    The state is held by a weak reference (a memo never keeps a game alive); a
    caller must not change what it is given."""
    last: list[tuple[weakref.ref[Any], R]] = []

    @functools.wraps(compute)
    def memoised(state: Any) -> R:
        if last and last[0][0]() is state:
            return last[0][1]
        answer = compute(state)
        last[:] = [(weakref.ref(state), answer)]
        return answer

    return memoised
