"""The first call of a compiled entry point runs with the cyclic collector paused (its
compile makes millions of objects); later calls, and the collector after, as usual."""

from __future__ import annotations

import subprocess
import sys

# In a process of its own: the collector is the whole process's, and other tests'
# threads may pause it meanwhile.
CHILD = """
import gc
import numpy as np
from numba import njit
from racerbile.games.racerbile.fast.entrypoints import first_call

@njit
def double(x):
    x *= 2

seen = [gc.isenabled()]
for _ in range(2):
    with first_call(double):
        seen.append(gc.isenabled())
        double(np.ones(3))
seen.append(gc.isenabled())
print(seen)
"""


def test_the_collector_is_paused_while_the_first_call_compiles_only() -> None:
    out = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120, check=True
    )
    # enabled before; paused for the compile, not for the call after; enabled after
    assert out.stdout.split() == ["[True,", "False,", "True,", "True]"]
