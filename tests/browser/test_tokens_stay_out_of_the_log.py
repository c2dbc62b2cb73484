"""No token reaches the server's log: pages send tokens in headers and the websocket's
first message, never in a URL (which the access log records)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rb_driver import api_state, play_turn_by_clicks
from rb_harness import LAPTOP, PHONE, start_server, stop_server, watch_console

pytestmark = pytest.mark.browser


def test_no_issued_token_appears_in_the_server_log(browser: Any, tmp_path: Path) -> None:
    srv = start_server(tmp_path)
    errors: list[str] = []
    try:
        created: Any = srv.post(
            "/api/games",
            {
                "game": "racerbile",
                "seed": 11,
                "setup": {"players": [{"name": "Anna"}, {"name": "Bo"}]},
            },
        )
        gid = created["id"]
        issued = [created["host_token"], *(s["token"] for s in created["seats"])]

        host = browser.new_context(viewport=LAPTOP).new_page()
        watch_console(host, errors)
        host.goto(srv.url + created["host_url"])
        host.wait_for_function("document.getElementById('qr').src.startsWith('blob:')")
        host.wait_for_selector("#conn[data-state='on']")

        anna = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
        watch_console(anna, errors)
        anna.goto(srv.url + created["seats"][0]["url"])
        anna.wait_for_selector("#conn[data-state='on']")

        bo = browser.new_context(viewport=PHONE, is_mobile=True).new_page()  # joins by code
        watch_console(bo, errors)
        bo.goto(f"{srv.url}/join/{created['join_code']}")
        bo.click('.seat-button[data-seat="1"]')
        bo.wait_for_url(f"**/play/{gid}")
        bo.wait_for_selector("#conn[data-state='on']")
        bo_token = bo.evaluate(
            f"JSON.parse(localStorage.getItem('racerbile.game.{gid}')).seat.token"
        )
        issued.append(bo_token)

        pages = {0: anna, 1: bo}
        tokens = {0: created["seats"][0]["token"], 1: bo_token}
        for _ in range(3):  # a few actions, each from the page of the seat to act
            seat = api_state(srv.url, gid, None)["to_act"]
            play_turn_by_clicks(pages[seat], api_state(srv.url, gid, tokens[seat]))
        assert api_state(srv.url, gid, None)["seq"] >= 3
    finally:
        stop_server(srv)
    assert srv.log is not None
    log = srv.log.read_text(errors="replace")
    assert f"/api/games/{gid}/ws" in log and f"/api/games/{gid}/qr.svg" in log  # access log on
    leaked = [t for t in issued if t in log]
    assert not leaked, f"{len(leaked)} of {len(issued)} tokens are in the server's log"
    assert not errors, errors
