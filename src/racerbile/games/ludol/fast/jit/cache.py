"""Numba's compiled-code cache of the kernels, kept in step with all of their sources.

Numba checks a cached function against the file that defines it only, but the game
kernel compiles in code from its sibling modules: a change to ``board.py`` alone would
let the old compiled kernel run. So the cache files are keyed, as a whole, by a digest
of every module of this package; when the digest changes they are removed before
anything is compiled or loaded.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

PACKAGE = Path(__file__).parent
STAMP = "sources.sha256"


def sources_digest(package: Path = PACKAGE) -> str:
    """Returns a digest of the package's Python sources (names and contents)."""
    digest = hashlib.sha256()
    for path in sorted(package.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def drop_stale_cache(package: Path = PACKAGE) -> bool:
    """Removes the package's cached compiled code if its sources changed since it was
    written; returns whether anything was removed. A folder that cannot be written
    (Numba then caches elsewhere) is left alone."""
    cache = package / "__pycache__"
    stamp = cache / STAMP
    digest = sources_digest(package)
    try:
        if stamp.is_file() and stamp.read_text() == digest:
            return False
        stale = list(cache.glob("*.nbi")) + list(cache.glob("*.nbc"))
        for path in stale:
            path.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest)
    except OSError:
        return False
    return bool(stale)
