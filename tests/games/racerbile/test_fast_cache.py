"""The fast path's compiled-code cache is dropped when any of its sources changes."""

from __future__ import annotations

from pathlib import Path

import pytest
from numba.core import config

from racerbile.games.racerbile.fast.cache import (
    STAMP,
    cache_folders,
    drop_stale_cache,
    sources_digest,
)


def _package(tmp_path: Path) -> Path:
    (tmp_path / "kernel.py").write_text("def play(): pass\n")
    (tmp_path / "turn.py").write_text("def step(): pass\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    (cache / "kernel.play-1.py311.nbi").write_bytes(b"index")
    (cache / "kernel.play-1.py311.1.nbc").write_bytes(b"code")
    (cache / "kernel.cpython-311.pyc").write_bytes(b"bytecode")
    return tmp_path


def test_a_first_run_drops_caches_it_has_no_stamp_for(tmp_path: Path) -> None:
    package = _package(tmp_path)
    assert drop_stale_cache(package)
    cache = package / "__pycache__"
    assert sorted(p.name for p in cache.iterdir()) == sorted([STAMP, "kernel.cpython-311.pyc"])
    assert (cache / STAMP).read_text() == sources_digest(package)


def test_caches_stay_while_the_sources_are_the_same(tmp_path: Path) -> None:
    package = _package(tmp_path)
    drop_stale_cache(package)
    (package / "__pycache__" / "kernel.play-1.py311.nbi").write_bytes(b"index")
    assert not drop_stale_cache(package)
    assert (package / "__pycache__" / "kernel.play-1.py311.nbi").exists()


def test_an_edit_to_a_sibling_module_drops_the_kernels_cache(tmp_path: Path) -> None:
    package = _package(tmp_path)
    drop_stale_cache(package)
    (package / "__pycache__" / "kernel.play-1.py311.nbi").write_bytes(b"index")
    (package / "turn.py").write_text("def step(): return 1\n")
    assert drop_stale_cache(package)
    assert not (package / "__pycache__" / "kernel.play-1.py311.nbi").exists()


def test_an_edit_to_the_plain_python_around_the_kernel_keeps_its_cache(tmp_path: Path) -> None:
    package = _package(tmp_path)
    (package / "engine.py").write_text("def outcomes(): pass\n")
    drop_stale_cache(package)
    (package / "__pycache__" / "kernel.play-1.py311.nbi").write_bytes(b"index")
    (package / "engine.py").write_text("def outcomes(): return 1\n")
    assert not drop_stale_cache(package)
    assert (package / "__pycache__" / "kernel.play-1.py311.nbi").exists()


def test_a_numba_cache_dir_is_kept_in_step_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pkg").mkdir()
    package = _package(tmp_path / "pkg")
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path / "numba"))
    drop_stale_cache(package)
    elsewhere = cache_folders(package)[1]
    assert elsewhere.parent == tmp_path / "numba" and (elsewhere / STAMP).is_file()
    (elsewhere / "kernel.play-1.py311.1.nbc").write_bytes(b"code")
    (package / "turn.py").write_text("def step(): return 2\n")
    assert drop_stale_cache(package)
    assert not (elsewhere / "kernel.play-1.py311.1.nbc").exists()
