"""One seed, one result: serial, local processes and Dask give identical outcomes."""

from __future__ import annotations

import pytest

from racerbile.sim import SimSpec, run
from racerbile.sim.execute import chunks


def test_chunks_cover_every_game_once() -> None:
    parts = chunks(103, workers=3)
    assert [i for part in parts for i in part] == list(range(103))
    assert chunks(10, workers=1, size=4) == [range(0, 4), range(4, 8), range(8, 10)]


def test_progress_counts_every_game(toy_spec: SimSpec) -> None:
    seen: list[int] = []
    outcomes = run(toy_spec, 23, progress=seen.append, chunk_size=5)
    assert seen == [5, 5, 5, 5, 3]
    assert [o.index for o in outcomes] == list(range(23))


def test_one_and_two_workers_and_dask_agree(toy_spec: SimSpec) -> None:
    serial = run(toy_spec, 40)
    assert run(toy_spec, 40, workers=2, chunk_size=3) == serial
    assert run(toy_spec, 40, workers=2, dask="local", chunk_size=7) == serial


def test_a_different_seed_gives_different_games(toy_spec: SimSpec) -> None:
    from dataclasses import replace

    assert run(replace(toy_spec, seed=12), 10) != run(toy_spec, 10)


@pytest.mark.parametrize("workers", [1, 2])
def test_the_fast_engine_name_without_a_fast_engine_is_refused(
    toy_spec: SimSpec, workers: int
) -> None:
    from dataclasses import replace

    with pytest.raises(RuntimeError, match="no fast engine for toy_race:GAME"):
        run(replace(toy_spec, engine="fast"), 2, workers=workers)
