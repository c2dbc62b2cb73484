"""A whole two-player Babybile race played by clicks on one screen (pass the phone)."""

from __future__ import annotations

import pytest
from rb_driver import api_state, play_turn_by_clicks
from rb_harness import LAPTOP, Server, watch_console

pytestmark = pytest.mark.browser


def test_babybile_race_to_the_finish_on_one_screen(racerbile_server: Server, browser) -> None:
    errors: list[str] = []
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    watch_console(page, errors)
    page.goto(racerbile_server.url + "/")

    # The start page: game, rule set, track, laps, two players, digital dice, a seed.
    page.wait_for_selector('#ruleset-choice [data-value="babybile"]')
    page.click('#ruleset-choice [data-value="babybile"]')
    page.select_option("#track", "oval")
    page.fill("#laps", "1")
    page.fill('input[name="player-0"]', "Anna")
    page.fill('input[name="player-1"]', "Bo")
    page.select_option('select[name="drink-1"]', "light")
    page.click('#dice-choice [data-value="digital"]')
    page.click("#more-card summary")
    page.fill("#seed", "7")
    page.click("#start")
    page.wait_for_url("**/room/*")
    page.wait_for_selector(".board-svg [data-cell]")
    page.wait_for_selector(".rb-cap[data-seat='0']")

    game_id = page.url.rstrip("/").split("/")[-1]
    host = page.evaluate(f"JSON.parse(localStorage.getItem('racerbile.game.{game_id}')).host")
    assert host, "the host token is kept on this device"

    # Every seat is played from this one screen; the banner names whose turn it is.
    seats_seen: set[int] = set()
    actions = []
    for _ in range(400):
        state = api_state(racerbile_server.url, game_id, host)
        if state["finished"]:
            break
        seat = state["to_act"]
        assert isinstance(seat, int), f"digital dice never wait for a person: {state['to_act']}"
        seats_seen.add(seat)
        name = state["seats"][seat]["name"]
        assert name in page.inner_text("#turn-title")
        actions.append(play_turn_by_clicks(page, state))
    else:
        pytest.fail("the race did not finish in 400 decisions")

    assert seats_seen == {0, 1}
    assert any(a.startswith("drive") for a in actions)
    page.wait_for_selector("body[data-finished='true']")
    assert page.is_visible("#result")
    winner = state["result"]["standings"][0]["seat"] if state.get("result") else None
    if winner is not None:
        assert state["seats"][winner]["name"] in page.inner_text("#winner")
    # The drinking table lists both players; the log tells the story in sentences.
    assert page.locator("#drinks tbody tr").count() == 2
    # One sentence per move, whole moves only: the log's last 50 events or more.
    lines = api_state(racerbile_server.url, game_id, host)["log"]
    assert page.locator("#log li").count() == len(lines) >= 4
    assert sum(line["kind"] == "move" for line in lines) >= 3
    # The language switch turns the interface and the log sentences into Danish.
    english_log = page.inner_text("#log")
    page.click("#lang")
    page.wait_for_function("document.documentElement.lang === 'da'")
    page.wait_for_function(
        "(before) => document.getElementById('log').innerText !== before", arg=english_log
    )
    assert "drukketavle" in page.inner_text("body").lower()
    page.click("#lang")
    page.wait_for_function("document.documentElement.lang === 'en'")
    # A reload gets the seat back from the stored token and shows the same state.
    page.reload()
    page.wait_for_selector("body[data-finished='true']")
    assert page.is_visible("#result")
    assert not errors, errors
    context.close()
