"""Browser test fixtures: a real ``racerbile serve`` in a subprocess and a real Chromium.

Chromium comes from the system (``RACERBILE_CHROMIUM``, default ``/usr/bin/chromium``);
tests are skipped when it or Playwright is missing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from rb_harness import CHROMIUM, CHROMIUM_ARGS, Server, start_server, stop_server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A fresh ``racerbile serve``, or the server at ``RACERBILE_BROWSER_URL`` when set."""
    external = os.environ.get("RACERBILE_BROWSER_URL")
    if external:
        yield Server(external.rstrip("/"), None, None)
        return
    srv = start_server(tmp_path_factory.mktemp("server"))
    try:
        yield srv
    finally:
        stop_server(srv)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(autouse=True)
def close_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """Closes what a test left open in the session's browser: an open page keeps
    rendering (clocks, animations) and slows every later test."""
    yield
    browser = request.node.funcargs.get("browser")
    for context in list(getattr(browser, "contexts", ())):
        context.close()


@pytest.fixture
def racerbile_server(server: Server) -> Server:
    """The server, when it plays Racerbile (skips while the game is not registered)."""
    from racerbile.games import available_games

    if "racerbile" not in available_games():
        pytest.skip("the racerbile game is not registered")
    if "racerbile" not in server.game_ids():
        log = server.log.read_text(errors="replace")[-3000:] if server.log else ""
        pytest.fail(f"the server does not offer the registered racerbile game:\n{log}")
    return server
