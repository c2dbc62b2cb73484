"""Ludøl's compiled kernels: the seeded generators (:mod:`.pcg`), a throw's options
(:mod:`.board`) and whole games with the bots (:mod:`.kernel`).

Importing this package first drops compiled code left by older sources (see
:mod:`.cache`).
"""

from __future__ import annotations

from .cache import drop_stale_cache

drop_stale_cache()  # before any compiled module is imported (see .cache)
