"""The TV scoreboard fits one 1920×1080 screen read from 3 m: every text at least
32 px, the join QR on screen, standings and drinks of every seat, the latest roll and
who must drink now."""

from __future__ import annotations

from typing import Any

import pytest
from party_kit import SMALL_TEXT, TV, create, horizontal_overflow, open_page
from rb_harness import LAPTOP, PHONE, Server

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
    # the join code's QR comes after the board: the page asks for its link once drawn
    page.wait_for_selector("#qr-wrap:not([hidden]) img")
    qr = page.locator("#qr-wrap img").bounding_box()
    assert qr is not None and qr["width"] >= 200, "the spectator screen shows the QR large"
    page.click("#mode")
    page.wait_for_selector("#scoreboard:not([hidden]) #sb-standings .standing")
    assert "mode=scoreboard" in page.url and page.is_hidden("#watch-main")
    page.click("#mode")
    page.wait_for_selector("#watch-main:not([hidden])")
    assert "mode=" not in page.url
    assert errors == []


def _act(server: Server, game_id: str, token: str, action: dict[str, Any]) -> None:
    seq = server.get(f"/api/games/{game_id}", token)["seq"]  # type: ignore[index]
    server.post(f"/api/games/{game_id}/actions", {"action": action, "seq": seq}, token)


def _open_tv(server: Server, browser: Any, created: dict[str, Any], errors: list[str]) -> Any:
    url = f"{server.url}/watch/{created['id']}?mode=scoreboard#code={created['join_code']}"
    page = open_page(browser, url, errors, viewport=TV)
    page.wait_for_selector("#sb-drinks tbody tr")
    page.wait_for_function("document.getElementById('sb-qr').naturalWidth > 0")
    return page


def _fits(page: Any) -> None:
    size = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert size[0] <= TV["width"] and size[1] <= TV["height"], size
    assert page.evaluate(SMALL_TEXT, page.locator("body").element_handle()) == []
    for box in page.locator(".sb-card:visible").all():
        assert box.evaluate("(el) => el.scrollHeight - el.clientHeight") <= 1


@pytest.mark.rule("LD-DRINK-1")
def test_ld_drink_1_the_ludol_scoreboard_shows_glasses_chugs_and_the_chug_to_drink(
    server: Server, browser: Any
) -> None:
    if "ludol" not in server.game_ids():
        pytest.skip("the server does not offer ludol")
    setup = {"players": [{"name": "Anna"}, {"name": "B" * 40}], "first": 0}
    setup["options"] = {"chug_seconds": 120, "idle_seconds": 3600}
    created: Any = server.post("/api/games", {"game": "ludol", "setup": setup, "dice": "real"})
    host, anna = created["host_token"], created["seats"][0]["token"]
    for token, action in [
        (anna, {"kind": "throw", "top": 6}),
        (anna, {"kind": "move", "colour": "A", "frm": -1, "value": 6}),
        (host, {"kind": "place_glass", "colour": "B", "glass": 0, "progress": 40}),
        (anna, {"kind": "throw", "top": 1}),
        (anna, {"kind": "move", "colour": "A", "frm": 0, "value": 1}),  # knocks B home
    ]:
        _act(server, created["id"], token, action)
    errors: list[str] = []
    page = _open_tv(server, browser, created, errors)
    page.wait_for_selector("#sb-banner.is-on .sb-chip[data-seat='1']")
    assert "1 glass" in page.inner_text("#sb-banner")  # the chug counted down now
    assert page.locator("#sb-drinks thead th").all_inner_texts()[1:] == [
        "Glasses",
        "Chugs",
        "Penalty",
    ]
    assert page.locator("#sb-drinks tr[data-seat='1'] td.num").all_inner_texts() == ["1", "1", "0"]
    assert "throws 1" in page.inner_text("#sb-latest")
    _fits(page)
    # A 1366×768 screen gets the whole board scaled down; a phone one column, no sideways scroll.
    page.set_viewport_size(LAPTOP)
    page.wait_for_function("document.body.style.zoom !== ''")
    box = page.locator("#sb-drinks-card").bounding_box()
    assert box is not None and box["x"] + box["width"] <= LAPTOP["width"]
    assert box["y"] + box["height"] <= LAPTOP["height"]
    page.set_viewport_size(PHONE)
    page.wait_for_function("document.body.style.zoom === ''")
    assert horizontal_overflow(page) == 0
    assert errors == []


def test_the_rallyman_scoreboard_shows_stage_times_and_no_drinks(
    server: Server, browser: Any
) -> None:
    if "rallyman" not in server.game_ids():
        pytest.skip("the server does not offer rallyman")
    setup = {"players": [{"name": "Anna"}, {"name": "Bo"}], "rally": "kalkbrud"}
    created: Any = server.post("/api/games", {"game": "rallyman", "setup": setup, "dice": "real"})
    anna, bo = (s["token"] for s in created["seats"])
    for token, action in [
        (anna, {"kind": "tyres", "tyres": "asphalt"}),
        (bo, {"kind": "tyres", "tyres": "asphalt"}),
        (anna, {"kind": "roll", "die": "1", "to": "t0:s01", "secured": False}),
        (anna, {"kind": "face", "hazard": False}),
        (anna, {"kind": "stop"}),
    ]:
        _act(server, created["id"], token, action)
    errors: list[str] = []
    page = _open_tv(server, browser, created, errors)
    page.wait_for_selector("#sb-latest .sb-roll")
    assert page.is_hidden("#sb-banner") and page.is_hidden("#sb-caused")
    assert page.inner_text("#sb-table-title").lower() == "stage times"
    heads = page.locator("#sb-drinks thead th").all_inner_texts()
    assert heads[1:] == ["SS1", "SS2", "SS3", "Total"]
    anna_row = page.locator("#sb-drinks tr[data-seat='0'] td.num").all_inner_texts()
    assert anna_row == ["0:50", "–", "–", "0:50"]  # RM-CARD-1: the 1st-gear card, 50 s
    _fits(page)
    assert errors == []
