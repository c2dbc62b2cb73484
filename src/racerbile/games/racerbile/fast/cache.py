"""Numba's compiled-code cache of the fast path, kept in step with all of its sources.

Numba checks a cached function against the file that defines it only, but the race
kernel inlines code from its sibling modules: a change to ``turn.py`` alone would let
the old compiled kernel run. So the cache files are keyed, as a whole, by a digest of
every module of the package that compiled code reads (all but :data:`PLAIN`); when
the digest changes (an edit, an upgrade that left old files behind) they are removed
before anything is compiled or loaded: in the package's ``__pycache__`` and, when
``NUMBA_CACHE_DIR`` is set, in the package's folder there.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from numba.core import config
from numba.core.caching import _CacheLocator

PACKAGE = Path(__file__).parent
STAMP = "sources.sha256"
# Plain Python around the kernel that no compiled code reads: editing it keeps the cache.
PLAIN = frozenset({"engine.py"})


def sources_digest(package: Path = PACKAGE) -> str:
    """Returns a digest of the package's Python sources (names and contents), but for
    the :data:`PLAIN` ones."""
    digest = hashlib.sha256()
    for path in sorted(p for p in package.glob("*.py") if p.name not in PLAIN):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def cache_folders(package: Path = PACKAGE) -> list[Path]:
    """The folders Numba may keep the package's compiled code in: ``__pycache__``,
    and its folder under ``NUMBA_CACHE_DIR`` when that is set (Numba's own layout)."""
    folders = [package / "__pycache__"]
    chosen = getattr(config, "CACHE_DIR", "")  # set by Numba from NUMBA_CACHE_DIR
    if chosen:
        subpath = _CacheLocator.get_suitable_cache_subpath(str(package / "__init__.py"))
        folders.append(Path(chosen).absolute() / subpath)
    return folders


def drop_stale_cache(package: Path = PACKAGE) -> bool:
    """Removes the package's cached compiled code if its sources changed since it was
    written; returns whether anything was removed. A folder that cannot be written
    (Numba then caches elsewhere) is left alone."""
    digest = sources_digest(package)
    return any([_drop_if_stale(folder, digest) for folder in cache_folders(package)])


def _drop_if_stale(cache: Path, digest: str) -> bool:
    stamp = cache / STAMP
    try:
        if stamp.is_file() and stamp.read_text() == digest:
            return False
        stale = list(cache.glob("*.nbi")) + list(cache.glob("*.nbc"))
        for path in stale:
            path.unlink(missing_ok=True)
        cache.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest)
    except OSError:
        return False
    return bool(stale)
