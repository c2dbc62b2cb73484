"""Solved data kept on disk between runs: the ``optimal`` bot's policies and the fast
path's move-help tables, which take seconds to compute and never change for a track.

Each entry is one ``.npz`` file in the user's cache folder, named and checked by a key:
a digest of the track's content (:func:`track_digest`), the settings that change the
data, :data:`RULES_VERSION` and the code that computes it. A file is used only if
its stored key matches and the caller's check of its arrays' shapes, types and
values passes; anything else (missing, truncated, corrupt, from another version) is
recomputed and written again. Files are written compressed to a temporary name and
renamed, so a reader never sees half a file, and a file from newer code replaces
the older one for the same track and settings (:class:`Entry`).

``RACERBILE_CACHE_DIR`` relocates the folder; ``off`` (or ``none``, ``0``) turns the
cache off.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .track import Track

RULES_VERSION = 1  # bump when a rule change alters solved policies or move help
ENV = "RACERBILE_CACHE_DIR"
OFF = frozenset({"off", "none", "0", "false", "no"})
LOG = logging.getLogger(__name__)

Arrays = dict[str, np.ndarray]


def cache_dir() -> Path | None:
    """Returns the folder of solved data (not created yet), or None when it is off."""
    chosen = os.environ.get(ENV, "").strip()
    if chosen.lower() in OFF:
        return None
    if chosen:
        return Path(chosen).expanduser()
    try:
        from platformdirs import user_cache_path
    except ImportError:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        return base / "racerbile" / "solved"
    return user_cache_path("racerbile") / "solved"


def track_digest(track: Track) -> str:
    """Returns a digest of everything about ``track`` that moves, policies and tables
    read (cells and kinds, lines, walls, one-way edges, grid, forks, pit), in a fixed
    order, whatever file or code the track came from."""

    def edges(found: frozenset[tuple[Any, int]]) -> list[list[int]]:
        return sorted([cell.q, cell.r, d] for cell, d in found)

    def cells(found: frozenset[Any]) -> list[list[int]]:
        return sorted([cell.q, cell.r] for cell in found)

    content = {
        "cells": sorted([cell.q, cell.r, str(kind)] for cell, kind in track.cells.items()),
        "finish": edges(track.finish),
        "midway": edges(track.midway),
        "walls": edges(track.walls),
        "one_way": edges(track.one_way),
        "grid": [[s.at.q, s.at.r, s.facing] for s in track.grid],
        "forks": [
            [f.id, f.choice, [[name, cells(branch)] for name, branch in f.branches.items()]]
            for f in track.forks
        ],
        "pit": cells(track.pit.cells) if track.pit else None,
        "behind": track.grid_behind_line,
    }
    return hashlib.sha256(json.dumps(content, separators=(",", ":")).encode()).hexdigest()


def code_digest(*files: Path) -> str:
    """Returns a digest of source files (so a code change never reuses old data)."""
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@dataclass(frozen=True)
class Entry:
    """One stored result: ``slot`` names what it is about (kind, track, settings),
    ``key`` adds the rules version and the code that computed it."""

    kind: str
    slot: str
    key: str

    @property
    def name(self) -> str:
        """The file name: a newer ``key`` for the same slot replaces the older file."""
        return f"{self.kind}-{self.slot[:24]}-{self.key[:24]}.npz"


def entry(kind: str, about: Sequence[object], code: Sequence[str]) -> Entry:
    """Returns the entry of ``kind`` for ``about`` (JSON values) computed by ``code``
    (digests of the code that computes it)."""
    slot = _digest([kind, *about])
    return Entry(kind, slot, _digest([slot, RULES_VERSION, *code]))


def _digest(parts: Sequence[object]) -> str:
    return hashlib.sha256(json.dumps(parts, separators=(",", ":")).encode()).hexdigest()


def load(found: Entry, valid: Callable[[Arrays], bool]) -> Arrays | None:
    """Returns the stored arrays of ``found``, or None when there is none usable
    (missing, unreadable, another key, or ``valid`` refuses them)."""
    folder = cache_dir()
    if folder is None:
        return None
    path = folder / found.name
    try:
        with np.load(path, allow_pickle=False) as stored:
            arrays = {name: stored[name] for name in stored.files}
    except FileNotFoundError:
        return None
    except Exception as exc:  # any damage to the file means "recompute"
        LOG.warning("ignoring the unreadable cache file %s (%s)", path, exc)
        return None
    stored_key = arrays.pop("key", None)
    try:
        usable = stored_key is not None and str(stored_key) == found.key and valid(arrays)
    except (KeyError, ValueError, TypeError, IndexError):
        usable = False
    if not usable:
        LOG.warning("ignoring the cache file %s (it does not hold what its name says)", path)
        return None
    return arrays


def save(found: Entry, arrays: Mapping[str, np.ndarray]) -> None:
    """Stores ``arrays`` as ``found`` (compressed, atomically) and removes what older
    code stored for the same slot; a folder that cannot be written only costs the
    next run the computation."""
    folder = cache_dir()
    if folder is None:
        return
    path = folder / found.name
    temp: Path | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, suffix=".tmp", delete=False) as out:
            temp = Path(out.name)
            entries: dict[str, Any] = {"key": np.array(found.key), **arrays}
            np.savez_compressed(out, **entries)
        os.replace(temp, path)
        for older in folder.glob(f"{found.kind}-{found.slot[:24]}-*.npz"):
            if older != path:
                older.unlink(missing_ok=True)
    except OSError as exc:
        LOG.warning("could not store %s (%s)", path, exc)
        if temp is not None:
            temp.unlink(missing_ok=True)


def matches(array: Any, dtype: type | np.dtype[Any], shape: tuple[int, ...]) -> bool:
    """Tells whether ``array`` is an ndarray of exactly ``dtype`` and ``shape``."""
    return isinstance(array, np.ndarray) and array.dtype == dtype and array.shape == shape
