"""The fast path's move-help memo is kept on disk: read back for the same track
content, built again for another track, and never read from a file whose arrays
do not fit the track (compiled code does not check indices)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rb_helpers import ring

from racerbile.games.racerbile import datacache
from racerbile.games.racerbile.fast import memo
from racerbile.games.racerbile.fast.tables import track_tables


@pytest.fixture
def builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The data cache in a fresh folder; records every memo actually built."""
    monkeypatch.setenv(datacache.ENV, str(tmp_path))
    calls: list[int] = []
    build = memo.build_memo

    def counted(tables: Any) -> Any:
        calls.append(tables.nb.shape[0])
        return build(tables)

    monkeypatch.setattr(memo, "build_memo", counted)
    memo.memo_for.cache_clear()
    yield calls
    memo.memo_for.cache_clear()


def _fresh(track: Any) -> Any:
    memo.memo_for.cache_clear()  # as a new process would
    return memo.memo_for(track)


def _stored(tmp_path: Path) -> Path:
    (path,) = tmp_path.glob(f"{memo.KIND}-*.npz")
    return path


def test_a_stored_memo_is_read_back_instead_of_built(builds: list[int]) -> None:
    first = _fresh(ring())
    again = _fresh(ring())
    assert len(builds) == 1
    for a, b in zip(first, again, strict=True):
        np.testing.assert_array_equal(a, b)
        assert a.dtype == b.dtype and b.flags.c_contiguous


def test_another_track_gets_its_own_memo(builds: list[int]) -> None:
    _fresh(ring())
    _fresh(ring("N" * 15))
    assert len(builds) == 2


def test_a_memo_that_does_not_fit_the_track_is_built_again(
    builds: list[int], tmp_path: Path
) -> None:
    _fresh(ring())
    path = _stored(tmp_path)
    with np.load(path) as stored:
        arrays = {name: stored[name] for name in stored.files}
    last = np.argmax(arrays["entries"])
    arrays["entries"][last] = (arrays["entries"][last] >> 32 << 32) | arrays["options"].shape[0]
    np.savez(path.open("wb"), **arrays)
    _fresh(ring())
    assert len(builds) == 2
    path.write_bytes(path.read_bytes()[:100])  # truncated
    _fresh(ring())
    assert len(builds) == 3


def test_the_memo_check_refuses_bad_shapes_types_and_indices(builds: list[int]) -> None:
    tables = track_tables(ring())
    built = memo.memo_for(ring())
    good = built._asdict()
    assert memo.valid_memo(good, tables)
    options = built.options

    def changed(field: str, value: Any) -> dict[str, Any]:
        bad = options.copy()
        bad[field] = value
        return {**good, "options": bad}

    assert not memo.valid_memo(changed("cell", tables.nb.shape[0]), tables)
    assert not memo.valid_memo(changed("steps", 13), tables)
    assert not memo.valid_memo(changed("dirs", np.uint64(6)), tables)  # a seventh direction
    assert not memo.valid_memo({**good, "options": np.zeros(options.shape, np.int64)}, tables)
    assert not memo.valid_memo({**good, "reach": built.reach[:1]}, tables)
    tabled = built.entries >= 0
    past_the_end = built.entries.copy()
    past_the_end[tabled] += options.shape[0]  # first rows beyond the options
    assert not memo.valid_memo({**good, "entries": past_the_end}, tables)
    foreign_start = built.entries.copy()
    foreign_start[tabled] |= 1 << 62  # a first legal direction past the sixth
    assert not memo.valid_memo({**good, "entries": foreign_start}, tables)
    assert not memo.valid_memo({**good, "entries": built.entries[:-1]}, tables)
