"""The TV scoreboard fits one 1920×1080 screen read from 3 m: every text at least
32 px, the join QR on screen, standings and drinks of every seat, the latest roll and
who must drink now."""

from __future__ import annotations

from typing import Any

import pytest
from party_kit import SMALL_TEXT, TV, create, open_page
from rb_harness import Server

pytestmark = pytest.mark.browser

NAMES = ["Anna", "B" * 40, "Carl Erik", "Dorte", "Eva", "Frederikke Marie"]
LE_MANS = {
    "rule_set": "lemans",
    "teams": [
        {"name": "Brøndby Bilklub Racing Team", "drivers": ["D" * 40, "Bo"]},
        {"name": "Blue", "drivers": ["Cy", "Dan"]},
        {"name": "Green Machine", "drivers": ["Eva"]},
    ],
    "judges": ["Judy"],
}


@pytest.mark.parametrize(("lang", "rule_set"), [("en", "babybile"), ("da", "lemans")])
def test_the_scoreboard_fits_a_tv_with_big_text_and_the_qr(
    racerbile_server: Server, browser: Any, lang: str, rule_set: str
) -> None:
    errors: list[str] = []
    lemans = rule_set == "lemans"
    created = create(racerbile_server, NAMES, seed=7, setup=LE_MANS if lemans else {})
    seats = 3 if lemans else len(NAMES)
    url = f"{racerbile_server.url}/watch/{created['id']}?mode=scoreboard&lang={lang}"
    page = open_page(browser, f"{url}#code={created['join_code']}", errors, viewport=TV)
    page.wait_for_selector("#sb-standings .standing")
    page.wait_for_function(
        "(() => { const qr = document.getElementById('sb-qr'); return qr.naturalWidth > 0 })()"
    )
    if not lemans:
        page.wait_for_selector("#sb-banner.is-on .sb-chip")  # RB-TURN-1: the leader's sip
    size = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert size[0] <= TV["width"] and size[1] <= TV["height"], size
    qr = page.locator("#sb-qr").bounding_box()
    assert qr is not None and qr["y"] + qr["height"] <= TV["height"] and qr["width"] >= 200
    assert page.inner_text("#sb-code") == created["join_code"]
    assert page.locator("#sb-standings .standing").count() == seats
    assert page.locator("#sb-drinks tbody tr").count() == seats
    assert page.inner_text("#sb-latest").strip()
    assert page.inner_text("#sb-time").strip()
    for box in page.locator(".sb-card, .sb-banner").all():
        edge = box.bounding_box()
        assert edge is not None and edge["y"] + edge["height"] <= TV["height"]
        cut = box.evaluate("(el) => el.scrollHeight - el.clientHeight")
        assert cut <= 1, f"{box.get_attribute('class')} hides {cut} px of its content"
    small = page.evaluate(SMALL_TEXT, page.locator("body").element_handle())
    assert small == [], small
    assert errors == []


def test_the_spectator_screen_switches_to_the_scoreboard_and_back(
    racerbile_server: Server, browser: Any
) -> None:
    errors: list[str] = []
    created = create(racerbile_server, ["Anna", "Bo"])
    page = open_page(
        browser,
        f"{racerbile_server.url}/watch/{created['id']}#code={created['join_code']}",
        errors,
        viewport=TV,
    )
    page.wait_for_selector(".board-svg")
    qr = page.locator("#qr-wrap img").bounding_box()
    assert qr is not None and qr["width"] >= 200, "the spectator screen shows the QR large"
    page.click("#mode")
    page.wait_for_selector("#scoreboard:not([hidden]) #sb-standings .standing")
    assert "mode=scoreboard" in page.url and page.is_hidden("#watch-main")
    page.click("#mode")
    page.wait_for_selector("#watch-main:not([hidden])")
    assert "mode=" not in page.url
    assert errors == []
