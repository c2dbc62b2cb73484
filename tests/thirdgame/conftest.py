"""The relay game registered with one registry line, and a server app on a temporary
database. ``relay`` is importable because pytest puts this folder on ``sys.path``."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():  # Starlette asks for httpx2, which this project does not use
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from racerbile.games import REGISTRY


@pytest.fixture(autouse=True)
def relay_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "relay", "relay")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    from racerbile.server import Settings, create_app
    from racerbile.server.workers import BotPool
    from racerbile.store import Store

    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    pool = BotPool(workers=1, memory_mb=2048)
    app = create_app(Settings(join_limit=None, create_limit=None), store, pool)
    with TestClient(app) as test_client:
        yield test_client
    pool.close()
    store.close()
