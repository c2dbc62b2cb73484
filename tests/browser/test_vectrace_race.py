"""A two-car Vectrace race on the short ``sprint`` track, played by clicks on one screen."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import numpy as np
import pytest
from rb_driver import api_state, wait_idle
from rb_harness import LAPTOP, Server, watch_console

from racerbile.engine import ActionCodec
from racerbile.games.vectrace import GAME
from racerbile.games.vectrace.bots import optimal

pytestmark = pytest.mark.browser


def _replayed(base: str, game_id: str) -> Any:
    """Returns the game's state, rebuilt from its record (to decide like a good driver)."""
    with urllib.request.urlopen(f"{base}/api/games/{game_id}/record", timeout=10) as response:
        record = json.loads(response.read())
    codec = ActionCodec(GAME.action_types)
    state = GAME.start(GAME.Setup.model_validate(record["setup"]))
    for data in record["actions"]:
        state = GAME.apply(state, codec.decode(data)).state
    return state


def test_two_cars_race_to_the_finish_by_clicks(server: Server, browser) -> None:
    if "vectrace" not in server.game_ids():
        pytest.skip("the server does not offer vectrace")
    errors: list[str] = []
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_console(page, errors)
    page.goto(server.url + "/")
    page.wait_for_selector('#game-choice [data-value="vectrace"]', state="attached")
    page.click('#game-choice [data-value="vectrace"]')
    page.select_option("#track", "sprint")
    page.fill('input[name="player-0"]', "Anna")
    page.fill('input[name="player-1"]', "Bo")
    page.click("#start")
    page.wait_for_url("**/room/*")
    page.wait_for_selector("body[data-board='vectrace'] .board-svg [data-cell]")
    game_id = page.url.rstrip("/").split("/")[-1]
    host = page.evaluate(f"JSON.parse(localStorage.getItem('racerbile.game.{game_id}')).host")

    # Turn order: Bo begins.
    before = page.get_attribute("body", "data-seq") or ""
    page.click('[data-action="begin-1"]')
    wait_idle(page, before)

    rng = np.random.default_rng(0)
    verdicts: set[str] = set()
    for _ in range(80):
        seen = api_state(server.url, game_id, host)
        if seen["finished"]:
            break
        assert seen["seats"][seen["to_act"]]["name"] in page.inner_text("#turn-title")
        action = optimal(_replayed(server.url, game_id), rng).to_json()
        cell = f"{action['x']},{action['y']}"
        if action["kind"] == "move":
            targets = page.locator(".vt-target")
            assert targets.count() == 9, "the nine points of the move are shown"
            verdicts.update(targets.nth(i).get_attribute("data-verdict") for i in range(9))
        before = page.get_attribute("body", "data-seq") or ""
        page.click(f'.vt-target[data-cell="{cell}"]')
        wait_idle(page, before)
    else:
        pytest.fail("the race did not finish in 80 clicks")

    page.wait_for_selector("body[data-finished='true']")
    assert page.is_visible("#result")
    assert "fine" in verdicts and "finish" in verdicts
    # Both trails are drawn as on paper, and the log tells the race.
    assert page.locator(".vt-trail").count() == 2
    assert "finishes" in page.inner_text("#log")
    final = api_state(server.url, game_id, host)
    winner = final["result"]["standings"][0]["seat"]
    assert final["seats"][winner]["name"] in page.inner_text("#winner")
    assert not errors, errors
