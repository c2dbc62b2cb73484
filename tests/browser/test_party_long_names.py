"""Long names at the table: 40 characters without a space make no page scroll sideways
on a 390×844 phone, keep the drinks columns on screen, and leave Le Mans team names
readable next to their laps, gaps and drivers."""

from __future__ import annotations

from typing import Any

import pytest
from party_kit import LONG_NAMES, create, horizontal_overflow, host_url, open_page
from rb_harness import PHONE, Server

pytestmark = pytest.mark.browser

LE_MANS = {
    "rule_set": "lemans",
    "teams": [
        {"name": "Brøndby Bilklub Racing Team", "drivers": [LONG_NAMES[0], "Bo"]},
        {"name": "T" * 40, "drivers": ["Cy"]},
    ],
    "judges": ["J" * 40],
}


def _on_screen(page: Any, selector: str) -> None:
    for box in page.locator(selector).all():
        edge = box.bounding_box()
        assert (
            edge is not None
            and edge["x"] >= 0
            and edge["x"] + edge["width"] <= PHONE["width"] + 0.5
        ), (
            selector,
            edge,
        )


@pytest.mark.parametrize("lang", ["en", "da"])
def test_forty_characters_scroll_no_phone_page_sideways(
    racerbile_server: Server, browser: Any, lang: str
) -> None:
    errors: list[str] = []
    created = create(racerbile_server, LONG_NAMES)
    phone = {"viewport": PHONE, "is_mobile": True, "has_touch": True}
    host = open_page(browser, host_url(racerbile_server, created, f"?lang={lang}"), errors, **phone)
    host.wait_for_selector("#drinks tbody tr")
    assert horizontal_overflow(host) == 0
    _on_screen(host, "#drinks th, #drinks td")
    _on_screen(host, "#standings .standing, #turn, #join-card")

    start = open_page(browser, f"{racerbile_server.url}/?lang={lang}", errors, **phone)
    start.wait_for_selector('input[name="player-1"]')
    start.fill('input[name="player-0"]', LONG_NAMES[0])
    start.fill('input[name="player-1"]', LONG_NAMES[1])
    assert horizontal_overflow(start) == 0
    _on_screen(start, ".player-row select, .player-row input")

    join = open_page(
        browser, f"{racerbile_server.url}/join/{created['join_code']}", errors, **phone
    )
    join.wait_for_selector(".seat-button")
    assert horizontal_overflow(join) == 0
    watch = open_page(browser, f"{racerbile_server.url}/watch/{created['id']}", errors, **phone)
    watch.wait_for_selector("#standings .standing")
    assert horizontal_overflow(watch) == 0
    assert errors == []


def test_le_mans_team_names_stay_readable(racerbile_server: Server, browser: Any) -> None:
    errors: list[str] = []
    created = create(racerbile_server, [], setup=LE_MANS)
    phone = {"viewport": PHONE, "is_mobile": True, "has_touch": True}
    host = open_page(browser, host_url(racerbile_server, created), errors, **phone)
    host.wait_for_selector("#standings .standing .meta span")
    assert horizontal_overflow(host) == 0
    for name in host.locator("#standings .standing .name").all():
        edge = name.bounding_box()
        assert edge is not None and edge["width"] >= 120, "a team name shrank to a few letters"
    _on_screen(host, "#standings .standing")
    assert errors == []
