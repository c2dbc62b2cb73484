"""A Racerbile game on two phones that join by code, with a spectator screen watching."""

from __future__ import annotations

import pytest
from rb_driver import api_state, best_target, wait_idle
from rb_harness import LAPTOP, PHONE, Server, watch_console

pytestmark = pytest.mark.browser


def test_two_phones_join_by_code_and_the_spectator_sees_the_moves(
    racerbile_server: Server, browser
) -> None:
    base = racerbile_server.url
    errors: list[str] = []

    # The host sets up a Racerbile race on a laptop and reads the join code off the room.
    host_ctx = browser.new_context(viewport=LAPTOP)
    host = host_ctx.new_page()
    watch_console(host, errors)
    host.goto(base + "/")
    host.wait_for_selector('#ruleset-choice [data-value="racerbile"]')
    host.click('#ruleset-choice [data-value="racerbile"]')
    host.select_option("#track", "oval")
    host.fill("#laps", "1")
    host.fill('input[name="player-0"]', "Anna")
    host.fill('input[name="player-1"]', "Bo")
    host.click("#more-card summary")
    host.fill("#seed", "2024")
    host.click("#start")
    host.wait_for_url("**/room/*")
    host.wait_for_selector("#join-code:not(:empty)")
    code = host.inner_text("#join-code").strip()
    game_id = host.url.rstrip("/").split("/")[-1]
    assert len(code) == 6
    # The QR code is fetched once the join code is shown: wait for it to arrive.
    host.wait_for_function("document.getElementById('qr').src.startsWith('blob:')", timeout=30_000)
    assert host.get_attribute("#qr", "src")

    spectator_ctx = browser.new_context(viewport=LAPTOP)
    spectator = spectator_ctx.new_page()
    watch_console(spectator, errors)
    spectator.goto(f"{base}/watch/{game_id}")
    spectator.wait_for_selector(".board-svg [data-cell]")
    assert spectator.locator("#controls").count() == 0

    # Two phones open the join link; each takes a seat and lands on its play page.
    phones = {}
    for seat, name in [(0, "Anna"), (1, "Bo")]:
        ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        watch_console(page, errors)
        page.goto(f"{base}/join/{code}")
        page.wait_for_selector(f'.seat-button[data-seat="{seat}"]')
        if seat == 1:
            assert page.locator('.seat-button[data-seat="0"]').count() == 0, "seat 0 is taken"
        page.click(f'.seat-button[data-seat="{seat}"]')
        page.wait_for_url(f"**/play/{game_id}")
        page.wait_for_selector(".rb-cap")
        assert name in page.inner_text("#who")
        phones[seat] = (ctx, page)
    tokens = {
        seat: page.evaluate(
            f"JSON.parse(localStorage.getItem('racerbile.game.{game_id}')).seat.token"
        )
        for seat, (_, page) in phones.items()
    }

    def state_for(seat: int) -> dict:
        return api_state(base, game_id, tokens[seat])

    drives = 0
    for _ in range(60):
        view = api_state(base, game_id, None)
        seat = view["to_act"]
        assert isinstance(seat, int)
        state = state_for(seat)
        page = phones[seat][1]
        other = phones[1 - seat][1]
        for phone in (page, other):  # a push may still be on its way to either phone
            phone.wait_for_function(
                f"document.body.dataset.seq === '{state['seq']}'", timeout=30_000
            )
        assert "is-mine" in (page.get_attribute("#turn", "class") or "")
        assert other.locator("#primary-actions .button, #secondary-actions .button").count() == 0
        kinds = {(a["kind"], a.get("direction")) for a in state["legal_actions"]}
        before = page.get_attribute("body", "data-seq") or ""
        if ("time_trial", None) in {(k, None) for k, _ in kinds}:
            page.click('[data-action="time-trial"]')  # start the stopwatch
            page.wait_for_timeout(150)
            page.click('[data-action="time-trial"]')  # the beer is empty
        elif any(k == "face" for k, _ in kinds):
            page.click('[data-action="face-0"]')  # the grid faces east
        elif ("shift", "up") in kinds and state["view"]["cars"][seat]["gear"] < 2:
            page.click('[data-action="shift-up"]')
        elif ("roll", None) in kinds:
            page.click('[data-action="roll"]')
        elif any(k == "step" for k, _ in kinds) and state["view"].get("moves"):
            target = best_target(state)
            page.click(f'.rb-target[data-cell="{target}"]', force=True)
            page.click(f'.rb-target[data-cell="{target}"]', force=True)  # a second tap drives
            wait_idle(page, before)
            after = state_for(seat)
            cell = ",".join(str(v) for v in after["view"]["cars"][seat]["cell"])
            # The spectator sees the cap arrive, and the same drinking table.
            spectator.wait_for_selector(
                f'.rb-cap[data-seat="{seat}"][data-at="{cell}"]', timeout=5000
            )
            spectator.wait_for_function(
                f"document.body.dataset.seq === '{after['seq']}'", timeout=5000
            )
            for row in after["view"]["drinks"]:
                shown = spectator.inner_text(f'#drinks tr[data-seat="{row["seat"]}"] td.sips')
                assert shown == str(row["sips"])
            drives += 1
            if drives >= 4:
                break
            continue
        elif ("stop", None) in kinds:
            page.click('[data-action="stop"]')
        else:
            pytest.fail(f"no control for {state['legal_actions']}")
        wait_idle(page, before)
    assert drives >= 4

    # The spectator's log tells the story; its turn banner follows the game.
    assert spectator.locator("#log li").count() >= 3  # one sentence per move
    now = api_state(base, game_id, None)
    name = now["seats"][now["to_act"]]["name"]
    spectator.wait_for_function(
        f"document.getElementById('turn-title').textContent.includes({name!r})", timeout=5000
    )

    # A phone that reloads gets its seat back from the stored token.
    ctx, page = phones[1]
    page.reload()
    page.wait_for_selector(".rb-cap")
    assert "Bo" in page.inner_text("#who")
    page.wait_for_selector("#conn[data-state='on']")

    assert not errors, errors
    for ctx, _ in phones.values():
        ctx.close()
    spectator_ctx.close()
    host_ctx.close()
