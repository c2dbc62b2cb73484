"""A Le Mans race set up on the start page: the host charges a fault from the referee panel,
a judge on another device gives penalty sips from the judges' console (RB-REF-2, RB-LM-2)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from rb_driver import api_state
from rb_harness import LAPTOP, PHONE, Server, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("RACERBILE_SHOTS", "/tmp/shots3"))


def _sips(page: Any, seat: int) -> int:
    return int(page.inner_text(f'#drinks tr[data-seat="{seat}"] td.sips').strip())


def _wait_sips(page: Any, seat: int, want: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.locator(f'#drinks tr[data-seat="{seat}"]').count() and _sips(page, seat) == want:
            return
        time.sleep(0.05)
    raise AssertionError(f"seat {seat} has {_sips(page, seat)} sips, not {want}")


def _shoot(page: Any, name: str, locator: str | None = None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    if locator:
        page.locator(locator).screenshot(path=str(SHOTS / f"{name}.png"))
    else:
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def _to_race(server: Server, game_id: str, host_token: str) -> None:
    """Plays the time trial and the facing through the API (the test is about the panels)."""
    for _ in range(40):
        state = api_state(server.url, game_id, host_token)
        if state["view"]["phase"] == "race":
            return
        body = {"action": state["legal_actions"][0], "seq": state["seq"]}
        server.post(f"/api/games/{game_id}/actions", body, host_token)
    raise AssertionError("the race never began")


def test_le_mans_referee_and_judge_console(racerbile_server: Server, browser: Any) -> None:
    base = racerbile_server.url
    errors: list[str] = []

    # The host sets up Le Mans: two teams and one judge.
    host_ctx = browser.new_context(viewport=LAPTOP)
    host = host_ctx.new_page()
    watch_console(host, errors)
    host.goto(base + "/")
    host.wait_for_selector('#ruleset-choice [data-value="lemans"]')
    host.click('#ruleset-choice [data-value="lemans"]')
    assert host.is_visible("#teams-card") and not host.is_visible("#players-card")
    host.fill('input[name="team-0"]', "Red")
    host.fill('input[name="team-0-driver-0"]', "Ann")
    host.fill('input[name="team-0-driver-1"]', "Bo")
    host.fill('input[name="team-1"]', "Blue")
    host.fill('input[name="team-1-driver-0"]', "Cy")
    host.click("#add-judge")
    host.fill('input[name="judge-0"]', "Judy")
    host.click("#start")
    host.wait_for_url("**/room/*")
    game_id = host.url.rstrip("/").split("/")[-1]
    host.wait_for_selector("#referee-card:not([hidden]) .ref-fault")
    host.wait_for_selector('#judge-links a[data-judge="0"]')
    judge_url = host.get_attribute('#judge-links a[data-judge="0"]', "href")
    assert judge_url and "#judge=0&token=" in judge_url
    stored = host.evaluate(f"JSON.parse(localStorage.getItem('racerbile.game.{game_id}'))")
    host_token = stored["host"]
    _to_race(racerbile_server, game_id, host_token)
    host.wait_for_selector('body[data-seq]:not([data-seq="0"])')
    host.wait_for_selector('#drinks tr[data-seat="1"]')

    # The host charges Blue two wrongly stacked caps' worth: 2 sips (RB-CELL-6).
    host.click('.ref-seat[data-seat="1"]')
    before = _sips(host, 1)
    host.click('.ref-fault[data-fault="wrong_stack"]')
    _wait_sips(host, 1, before + 2)
    # A per-cell fault counts the cells: wrong cap moved 3 cells = 3 sips.
    host.fill(".ref-count-input", "3")
    host.dispatch_event(".ref-count-input", "input")
    host.click('.ref-fault[data-fault="wrong_cap"]')
    _wait_sips(host, 1, before + 5)
    _shoot(host, "referee-panel-laptop", "#referee-card")
    _shoot(host, "room-lemans-laptop")

    # The judge opens their link on a phone and hands Red 4 penalty sips.
    judge_ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    judge = judge_ctx.new_page()
    watch_console(judge, errors)
    judge.goto(judge_url)
    judge.wait_for_selector("#referee-card:not([hidden]) .ref-judges")
    assert "Judy" in judge.inner_text("#who")
    judge.click('.ref-seat[data-seat="0"]')
    red = _sips(judge, 0)
    judge.fill(".ref-sips", "4")
    judge.dispatch_event(".ref-sips", "input")
    judge.fill(".ref-reason", "Spilled beer")
    judge.click('[data-judge-action="penalty"]')
    _wait_sips(judge, 0, red + 4)
    _wait_sips(host, 0, red + 4)  # pushed to the host too
    assert "Judy" in judge.inner_text("#log")
    _shoot(judge, "referee-panel-phone", "#referee-card")
    _shoot(judge, "room-lemans-phone")

    # The spectator sees the Le Mans standings and the clock.
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        ctx = browser.new_context(viewport=viewport)
        watch = ctx.new_page()
        watch_console(watch, errors)
        watch.goto(f"{base}/watch/{game_id}")
        watch.wait_for_selector(".board-svg [data-cell]")
        watch.wait_for_selector("#clock-card:not([hidden])")
        assert "24" in watch.inner_text("#clock") or "23:" in watch.inner_text("#clock")
        assert watch.locator("#standings .standing").count() == 2
        _shoot(watch, f"watch-lemans-{name}")
        ctx.close()

    assert not errors, errors
    judge_ctx.close()
    host_ctx.close()
