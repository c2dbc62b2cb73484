"""The first call of a compiled entry point runs with the cyclic collector paused (its
compile makes millions of objects); later calls, and the collector after, as usual."""

from __future__ import annotations

import gc

import numpy as np
from numba import njit

from racerbile.games.racerbile.fast.entrypoints import first_call


def test_the_collector_is_paused_while_the_first_call_compiles_only() -> None:
    seen: list[bool] = []

    @njit
    def double(x: np.ndarray) -> None:
        x *= 2

    assert gc.isenabled()
    for _ in range(2):
        with first_call(double):
            seen.append(gc.isenabled())
            double(np.ones(3))
    assert seen == [False, True]  # paused for the compile, not for the call after
    assert gc.isenabled()
