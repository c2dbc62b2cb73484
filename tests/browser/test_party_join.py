"""Joining in seconds: the start page's code box, /join without a code, and the host's
QR code, whose link (decoded from the picture) seats a second browser."""

from __future__ import annotations

from typing import Any

import pytest
from party_kit import create, host_url, open_page
from rb_harness import LAPTOP, PHONE, Server

pytestmark = pytest.mark.browser


def _take_seat(page: Any, seat: int, game_id: str) -> None:
    page.wait_for_selector(f'.seat-button[data-seat="{seat}"]')
    page.click(f'.seat-button[data-seat="{seat}"]')
    page.wait_for_url(f"**/play/{game_id}")
    page.wait_for_selector(".rb-cap")


def test_a_friend_joins_through_the_start_pages_code_box(
    racerbile_server: Server, browser: Any
) -> None:
    errors: list[str] = []
    created = create(racerbile_server, ["Anna", "Bo"], seed=3)
    host = open_page(browser, host_url(racerbile_server, created), errors, viewport=LAPTOP)
    host.wait_for_selector("#join-card[open] #join-code:not(:empty)")
    code = host.inner_text("#join-code").strip()
    assert host.is_visible("#qr") and host.is_visible("#join-warn")  # served on 127.0.0.1
    top = host.locator("#join-card").bounding_box()
    assert top is not None and top["y"] < 200, "the join code sits at the top"

    friend = open_page(browser, racerbile_server.url + "/", errors, viewport=PHONE)
    friend.fill("#join-code-input", code.lower())
    friend.press("#join-code-input", "Enter")
    friend.wait_for_url(f"**/join/{code}")
    _take_seat(friend, 1, created["id"])
    assert "Bo" in friend.inner_text("#who")
    # Bo starts (seed 3) and holds his own phone: the host waits for him (hot-seat only
    # hands the phone over).
    host.wait_for_function("document.getElementById('turn-sub').textContent === 'Waiting for Bo'")
    assert errors == []


def test_join_without_a_code_asks_for_one(racerbile_server: Server, browser: Any) -> None:
    errors: list[str] = []
    created = create(racerbile_server, ["Anna", "Bo"])
    page = open_page(browser, racerbile_server.url + "/join", errors, viewport=PHONE)
    page.wait_for_selector("#code-form:not([hidden])")
    page.fill("#code-input", "NOSUCH")
    page.click("#code-form button[type=submit]")
    page.wait_for_selector("#error:not([hidden])")
    page.fill("#code-input", created["join_code"])
    page.click("#code-form button[type=submit]")
    _take_seat(page, 0, created["id"])
    # The unknown code's 404 answer is the only message the browser logs.
    assert [e for e in errors if "status of 404" not in e] == []


def test_the_qr_codes_link_seats_a_second_browser(racerbile_server: Server, browser: Any) -> None:
    cv2 = pytest.importorskip("cv2")
    numpy = pytest.importorskip("numpy")
    errors: list[str] = []
    created = create(racerbile_server, ["Anna", "Bo"], seed=3)
    host = open_page(browser, host_url(racerbile_server, created), errors, viewport=LAPTOP)
    host.wait_for_function("document.getElementById('qr').src.startsWith('blob:')")
    host.wait_for_function("document.getElementById('qr').complete")
    picture = numpy.frombuffer(host.locator("#qr").screenshot(), dtype=numpy.uint8)
    link, _, _ = cv2.QRCodeDetector().detectAndDecode(cv2.imdecode(picture, cv2.IMREAD_COLOR))
    assert link == created["join_link"] == f"{racerbile_server.url}/join/{created['join_code']}"

    friend = open_page(browser, link, errors, viewport=PHONE, is_mobile=True, has_touch=True)
    _take_seat(friend, 0, created["id"])
    assert "Anna" in friend.inner_text("#who")
    # Bo, who starts, has no phone of his own: the host's screen hands itself over.
    host.wait_for_function(
        "document.getElementById('turn-sub').textContent === 'Pass the phone to Bo'"
    )
    assert errors == []
