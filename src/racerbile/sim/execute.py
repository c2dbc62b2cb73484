"""Running many games: serially, in local processes, or on a Dask cluster.

Every executor splits the game indices into chunks, plays them with
:func:`racerbile.sim.engines.play` and returns the outcomes sorted by game index,
so one seed gives the same list whatever the executor or the number of workers.
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any

from ..engine.outcome import GameOutcome
from .engines import play
from .runner import SimSpec

Progress = Callable[[int], None]  # told how many more games have finished


def chunks(n_games: int, workers: int, size: int | None = None) -> list[range]:
    """Returns consecutive index ranges covering ``range(n_games)``: about eight per
    worker (at most 64 games each) unless ``size`` is given."""
    if size is None:
        size = max(1, min(64, math.ceil(n_games / (8 * max(1, workers)))))
    return [range(start, min(start + size, n_games)) for start in range(0, n_games, size)]


def run(
    spec: SimSpec,
    n_games: int,
    *,
    workers: int = 1,
    dask: str | None = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
) -> list[GameOutcome]:
    """Plays ``n_games`` games of ``spec`` and returns their outcomes by game index.

    ``dask`` is a scheduler address, or ``"local"`` to start a LocalCluster of
    ``workers`` processes; otherwise ``workers`` > 1 uses local processes.
    """
    tell = progress or (lambda _n: None)
    parts = chunks(n_games, workers, chunk_size)
    if dask is not None:
        outcomes = _run_dask(spec, parts, dask, workers, tell)
    elif workers > 1:
        outcomes = _run_processes(spec, parts, workers, tell)
    else:
        outcomes = _run_serial(spec, parts, tell)
    return sorted(outcomes, key=lambda o: o.index)


def _run_serial(spec: SimSpec, parts: Sequence[range], tell: Progress) -> list[GameOutcome]:
    outcomes: list[GameOutcome] = []
    for part in parts:
        done = play(spec, part)
        outcomes.extend(done)
        tell(len(done))
    return outcomes


def _run_processes(
    spec: SimSpec, parts: Sequence[range], workers: int, tell: Progress
) -> list[GameOutcome]:
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    outcomes: list[GameOutcome] = []
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = [pool.submit(play, spec, part) for part in parts]
        for future in as_completed(futures):
            done = future.result()
            outcomes.extend(done)
            tell(len(done))
    return outcomes


def _run_dask(
    spec: SimSpec, parts: Sequence[range], address: str, workers: int, tell: Progress
) -> list[GameOutcome]:
    from distributed import as_completed as dask_completed

    outcomes: list[GameOutcome] = []
    with _dask_client(address, workers) as client:
        futures = client.map(play, [spec] * len(parts), list(parts), pure=False)
        for future in dask_completed(futures):
            done = future.result()
            outcomes.extend(done)
            tell(len(done))
    return outcomes


@contextmanager
def _dask_client(address: str, workers: int) -> Iterator[Any]:
    from distributed import Client, LocalCluster

    if address != "local":
        with Client(address) as client:
            yield client
        return
    cluster = LocalCluster(
        n_workers=max(1, workers), threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, Client(cluster) as client:
        yield client
