"""After the finish the host's screen offers a rematch (the same race again, a new game)
and a new game; a spectator's screen offers neither."""

from __future__ import annotations

import time
from typing import Any

import pytest
from party_kit import create, host_url, open_page
from rb_harness import PHONE, Server

pytestmark = pytest.mark.browser


def _finished(server: Server, game_id: str, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.get(f"/api/games/{game_id}")["finished"]:  # type: ignore[index]
            return
        time.sleep(0.5)
    raise AssertionError("the bots did not finish the race in time")


def test_the_host_starts_a_rematch_after_the_finish(racerbile_server: Server, browser: Any) -> None:
    errors: list[str] = []
    created = create(racerbile_server, ["Anna", "Bo"], bots={"0": "greedy", "1": "greedy"}, seed=2)
    _finished(racerbile_server, created["id"])
    host = open_page(
        browser, host_url(racerbile_server, created, "?lang=da"), errors, viewport=PHONE
    )
    host.wait_for_selector("#result:not([hidden]) #rematch:not([hidden])")
    assert (
        host.inner_text("#rematch") == "Omkamp" and host.get_attribute("#new-game", "href") == "/"
    )
    host.click("#rematch")
    host.wait_for_url(lambda url: "/room/" in url and created["id"] not in url)
    again = host.url.split("/room/")[1].split("?")[0]
    fresh = racerbile_server.get(f"/api/games/{again}")
    assert isinstance(fresh, dict)
    assert [s["name"] for s in fresh["seats"]] == ["Anna", "Bo"]
    assert [s["bot"] for s in fresh["seats"]] == ["greedy", "greedy"]

    spectator = open_page(
        browser, f"{racerbile_server.url}/watch/{created['id']}", errors, viewport=PHONE
    )
    spectator.wait_for_selector("#result:not([hidden])")
    assert spectator.locator("#rematch").count() == 0
    assert errors == []
