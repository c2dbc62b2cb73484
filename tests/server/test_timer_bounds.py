"""The room bounds every timer to 1 s .. 1 day, whatever a stored game or a game's clock asks."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from serverkit import PLAYERS, create, state
from sqlalchemy import update
from starlette.testclient import TestClient

from racerbile.store import tables


def test_a_stored_tiny_takeover_time_is_raised_to_one_second(
    open_client: Callable[..., TestClient],
) -> None:
    first = open_client()
    created = create(first, takeover_after_s=30)
    first.__exit__(None, None, None)
    store = first.app.state.services.store  # type: ignore[attr-defined]
    with store.engine.begin() as conn:  # a game stored before the bounds existed
        conn.execute(update(tables.games).values(takeover_after_s=1e-300))
    again = open_client()
    time.sleep(0.5)
    seen = state(again, created["id"])
    assert (seen["seq"], seen["takeover_after_s"]) == (0, 1.0)


@pytest.mark.parametrize(("asked", "armed"), [(1e-300, 1.0), (1e308, 86_400.0)])
def test_a_game_clock_is_bounded(client: TestClient, asked: float, armed: float) -> None:
    created = create(client, setup={**PLAYERS, "stall_s": asked})
    time.sleep(0.5)
    seen = state(client, created["id"])  # 1e308 s would overflow the timer's end date
    assert seen["seq"] == 0, "the stall timer fired below one second"
    assert [t["seconds"] for t in seen["timers"]] == [armed]
