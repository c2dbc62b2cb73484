"""Building a batch of outcomes with the cyclic garbage collector paused."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from racerbile.engine.outcome import SimSpec, collector_paused, game_outcome, seat_outcome
from racerbile.games import get_game


@pytest.fixture(autouse=True)
def _collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def _batch(games: int) -> list[object]:
    seats = (seat_outcome(0, "a", 1, 3, {"sips": 2}), seat_outcome(1, "b", 2, 3, {"sips": 1}))
    return [game_outcome(g, g, seats, 3, 9, {"off_track": ["0,0"]}) for g in range(games)]


def test_no_collection_runs_while_a_batch_is_built_and_the_collector_is_back_after() -> None:
    collections: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    gc.callbacks.append(count)
    try:
        with collector_paused():
            assert not gc.isenabled()
            before = len(collections)
            batch = _batch(20_000)
            paused = len(collections) - before
        _batch(20_000)
    finally:
        gc.callbacks.remove(count)
    assert paused == 0
    assert gc.isenabled()
    assert len(collections) > 0  # the same batch outside the block is collected
    assert len(batch) == 20_000


def test_a_collector_turned_off_by_the_caller_stays_off() -> None:
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_an_error_in_the_block_still_brings_the_collector_back() -> None:
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("boom")
    assert gc.isenabled()


def test_overlapping_pauses_on_two_threads_end_when_the_last_one_leaves() -> None:
    entered, release_first, first_left = threading.Event(), threading.Event(), threading.Event()

    def first() -> None:
        with collector_paused():
            entered.set()
            release_first.wait(5)
        first_left.set()

    thread = threading.Thread(target=first)
    thread.start()
    assert entered.wait(5)
    with collector_paused():
        release_first.set()
        assert first_left.wait(5)
        assert not gc.isenabled()  # the first thread left; this one still builds
    thread.join(5)
    assert gc.isenabled()


@pytest.mark.parametrize("game_id", ["racerbile", "ludol"])
def test_a_fast_chunk_leaves_the_collector_as_it_found_it(game_id: str) -> None:
    fast = get_game(game_id).fast
    assert fast is not None
    spec = SimSpec(game_id, fast.bench_setup(1), fast.bench_players, 0, engine="fast")
    assert len(fast.engine(1).play_chunk(spec, range(3))) == 3
    assert gc.isenabled()
