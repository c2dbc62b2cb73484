"""The relay test game (tests/thirdgame/relay), registered by one line in the server's
process, set up on the start page and played to the end by clicks, with a judge's
penalty from the referee console, and no JavaScript error."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rb_driver import api_state, wait_idle
from rb_harness import LAPTOP, Server, free_port, stop_server, watch_console

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
REGISTER = "from racerbile.games import REGISTRY; REGISTRY['relay'] = 'relay'"


@pytest.fixture(scope="module")
def relay_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A ``racerbile serve`` whose process adds the relay registry line first."""
    tmp = tmp_path_factory.mktemp("relay")
    port, log = free_port(), tmp / "server.log"
    paths = [str(ROOT / "src"), str(ROOT / "tests" / "thirdgame"), os.environ.get("PYTHONPATH")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    command = [sys.executable, "-c", f"{REGISTER}; from racerbile.cli import main; main()"]
    args = ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", f"sqlite:///{tmp}/r.db"]
    with log.open("wb") as handle:
        process = subprocess.Popen(
            [*command, *args], stdout=handle, stderr=subprocess.STDOUT, env=env
        )
    server = Server(f"http://127.0.0.1:{port}", process, log)
    deadline = time.monotonic() + 120  # the first start imports everything
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(server.url + "/api/meta/health", timeout=1):
                break
        except OSError:
            time.sleep(0.1)
    else:
        stop_server(server)
        pytest.fail(f"the relay server did not start:\n{log.read_text(errors='replace')}")
    yield server
    stop_server(server)


def test_relay_is_played_to_the_end_by_clicks(relay_server: Server, browser: Any) -> None:
    base, errors = relay_server.url, []
    assert "relay" in relay_server.game_ids()
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_console(page, errors)
    page.goto(base + "/")
    page.wait_for_selector('#game-choice [data-value="relay"]', state="attached")
    page.click('#game-choice [data-value="relay"]', force=True)
    page.wait_for_selector("#start:not([disabled])")
    page.fill('input[name="player-0"]', "Ann")
    page.fill('input[name="player-1"]', "Bo")
    page.click("#start")
    page.wait_for_url("**/room/*")
    page.wait_for_selector("body[data-board='relay'] .relay-lane")
    game_id = page.url.rstrip("/").split("/")[-1]
    host = page.evaluate(f"JSON.parse(localStorage.getItem('racerbile.game.{game_id}')).host")

    # The referee docks Bo (nothing to dock yet: the penalty is recorded, the score stays 0).
    before = page.get_attribute("body", "data-seq") or ""
    page.click('#referee-card [data-penalty="1"]')
    wait_idle(page, before)
    assert api_state(base, game_id, host)["log"][-1]["kind"] == "penalised"

    for _ in range(400):
        seen = api_state(base, game_id, host)
        if seen["finished"]:
            break
        carried = seen["view"]["carried"]
        button = '[data-action="hand"]' if carried >= 6 else '[data-action="roll"]'
        before = page.get_attribute("body", "data-seq") or ""
        page.click(f"#primary-actions {button}")
        wait_idle(page, before)
    final = api_state(base, game_id, host)
    assert final["finished"], "the relay did not end in 400 clicks"
    winner = next(s["seat"] for s in final["result"]["standings"] if s["place"] == 1)
    assert final["view"]["scores"][winner] >= final["view"]["target"]
    page.wait_for_selector(f'.relay-lane[data-seat="{winner}"]')
    shown = page.get_attribute(f'.relay-lane[data-seat="{winner}"]', "data-score")
    assert shown == str(final["view"]["scores"][winner])
    assert errors == []


def test_a_judge_docks_points_from_the_relays_console(relay_server: Server, browser: Any) -> None:
    base, errors = relay_server.url, []
    setup = {"players": [{"name": "Ann"}, {"name": "Bo"}], "judges": ["Judy"]}
    created = relay_server.post("/api/games", {"game": "relay", "setup": setup, "seed": 4})
    assert isinstance(created, dict)
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_console(page, errors)
    page.goto(base + created["judges"][0]["url"])
    page.wait_for_selector('#referee-card [data-penalty="0"]')
    assert page.locator("#primary-actions button").count() == 0  # a judge only referees
    before = page.get_attribute("body", "data-seq") or ""
    page.click('#referee-card [data-penalty="0"]')
    wait_idle(page, before)
    record = relay_server.get(f"/api/games/{created['id']}/record")
    assert isinstance(record, dict)
    assert record["actions"][-1] == {"kind": "penalty", "seat": 0, "points": 2, "judge": 0}
    assert errors == []
