"""The fast path's entry points: the compiled functions Python calls (the seeding, the
batch of races, the move-help memo), their one set of options, and their first call.
"""

from __future__ import annotations

import contextlib
from typing import Any

from numba import njit

from ....engine.outcome import collector_paused

# One set of options for all of them: Numba's typing caches the implementations it
# finds per set of options, looking through every set seen for each call it types (the
# sets all hash alike), so each further set costs every compile a share of its typing.
# Without reference counting, as the race (see :data:`.race.apart`): they allocate
# nothing, and their arrays are the caller's; no C function wrapper (nothing calls them
# through one); the GIL released.
entry = njit(  # type: ignore[call-overload]  # options Numba's stubs lack
    cache=True, _nrt=False, no_cfunc_wrapper=True, nogil=True
)


def first_call(function: Any) -> contextlib.AbstractContextManager[None]:
    """Wraps a call of an :data:`entry` function: the cyclic garbage collector paused
    while its first call compiles it (or loads it from the cache). Compiling makes
    millions of objects that live until it ends, and the collector walked them over and
    over: 1.2 of 16.6 CPU seconds of a cold start, for about 120 MB more at its peak
    (410 MB instead of 290 MB), once per machine and cache."""
    return contextlib.nullcontext() if function.signatures else collector_paused()
