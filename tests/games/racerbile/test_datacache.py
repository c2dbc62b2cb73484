"""Solved policies are kept on disk: found again by the track's content and the rule
switches, recomputed when the track or a switch changes, and a damaged file is
recomputed and replaced (never trusted, never a crash)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rb_helpers import ring

from racerbile.games.racerbile import datacache
from racerbile.games.racerbile import policy as policy_module
from racerbile.games.racerbile.track import Track

ENTRY = datacache.entry("test", ["something"], ["code"])


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The data cache in a fresh folder, and no policy kept in memory."""
    monkeypatch.setenv(datacache.ENV, str(tmp_path))
    monkeypatch.setattr(policy_module, "_POLICIES", {})
    return tmp_path


@pytest.fixture
def solves(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Records every policy actually solved (not read from the cache)."""
    calls: list[tuple[Any, ...]] = []
    solve = policy_module._solve

    def counted(*args: Any) -> policy_module.Policy:
        calls.append(args[1:])
        return solve(*args)

    monkeypatch.setattr(policy_module, "_solve", counted)
    return calls


def _fresh(track: Track, facing: bool = True, crossings: int = 2) -> policy_module.Policy:
    policy_module._POLICIES.clear()  # as a new process would
    return policy_module.policy_for(track, facing, False, crossings)


def _files(folder: Path) -> list[Path]:
    return sorted(folder.glob("policy-*.npz"))


def test_a_stored_policy_is_read_back_instead_of_solved(folder: Path, solves: list[Any]) -> None:
    track = ring()
    first = _fresh(track)
    again = _fresh(ring())  # the same content, another Track object
    assert len(solves) == 1 and len(_files(folder)) == 1
    assert again.positions == first.positions
    for a, b in zip(first.values + first.q, again.values + again.q, strict=True):
        np.testing.assert_array_equal(a, b)


def test_a_changed_track_or_switch_is_solved_again(folder: Path, solves: list[Any]) -> None:
    _fresh(ring())
    _fresh(ring("N" * 6 + "D" + "N" * 7))  # one downshift cell more
    _fresh(ring(), facing=False)
    _fresh(ring(), crossings=3)
    assert len(solves) == 4 and len(_files(folder)) == 4


@pytest.mark.parametrize(
    "damage",
    [
        lambda path: path.write_bytes(path.read_bytes()[: path.stat().st_size // 2]),
        lambda path: path.write_bytes(b"not a zip file at all"),
        lambda path: np.savez(path.open("wb"), key=np.array("another key"), values=np.zeros(3)),
    ],
    ids=["truncated", "garbage", "another-key"],
)
def test_a_damaged_file_is_solved_again_and_replaced(
    folder: Path, solves: list[Any], damage: Any
) -> None:
    good = _fresh(ring())
    (path,) = _files(folder)
    damage(path)
    again = _fresh(ring())
    assert len(solves) == 2
    np.testing.assert_array_equal(again.values[0], good.values[0])
    _fresh(ring())
    assert len(solves) == 2  # the rewritten file is good


def test_a_file_with_the_key_but_wrong_arrays_is_not_trusted(
    folder: Path, solves: list[Any]
) -> None:
    good = _fresh(ring())
    (path,) = _files(folder)
    with np.load(path) as stored:
        key, values, q = stored["key"], stored["values"], stored["q"]
    np.savez(path.open("wb"), key=key, values=values[:1], q=q)  # one crossing short
    assert _fresh(ring()).values[1].shape == good.values[1].shape
    np.savez(path.open("wb"), key=key, values=values.astype(np.float32), q=q)
    _fresh(ring())
    assert len(solves) == 3


def test_the_cache_can_be_turned_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(datacache.ENV, "off")
    assert datacache.cache_dir() is None
    datacache.save(ENTRY, {"a": np.zeros(2)})
    assert datacache.load(ENTRY, lambda arrays: True) is None
    monkeypatch.setenv(datacache.ENV, str(tmp_path / "elsewhere"))
    datacache.save(ENTRY, {"a": np.zeros(2)})
    stored = datacache.load(ENTRY, lambda arrays: True)
    assert stored is not None and list(stored) == ["a"]
    assert not list((tmp_path / "elsewhere").glob("*.tmp"))  # written atomically


def test_an_unwritable_folder_costs_only_the_computation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv(datacache.ENV, str(blocker / "cache"))
    datacache.save(ENTRY, {"a": np.zeros(2)})  # no error
    assert datacache.load(ENTRY, lambda arrays: True) is None


def test_newer_code_replaces_the_file_of_older_code(folder: Path) -> None:
    older, newer = datacache.entry("test", ["a"], ["v1"]), datacache.entry("test", ["a"], ["v2"])
    other = datacache.entry("test", ["b"], ["v1"])
    datacache.save(older, {"a": np.zeros(2)})
    datacache.save(other, {"a": np.zeros(2)})
    datacache.save(newer, {"a": np.ones(2)})
    assert sorted(p.name for p in folder.iterdir()) == sorted([newer.name, other.name])
    assert datacache.load(older, lambda arrays: True) is None
    stored = datacache.load(newer, lambda arrays: True)
    assert stored is not None and stored["a"].tolist() == [1.0, 1.0]


def test_the_track_digest_follows_the_content_only() -> None:
    assert datacache.track_digest(ring()) == datacache.track_digest(ring())
    assert datacache.track_digest(ring()) != datacache.track_digest(ring("N" * 13 + "D"))
    one_way = ring(extra='[constraints]\none_way = [[3, 0, "E"]]')
    assert datacache.track_digest(one_way) != datacache.track_digest(ring())
