"""A Ludøl game with a referee, played to the end on phones (390×844).

The host's phone is the referee's screen; Anna and Bo each play on their own phone (Bo
takes his seat with the join code) and type the throws of a real die. The game shows:
the start-order roll-off, a knock-home with its chug countdown and the referee's chug
result, penalty beers with a reason (and taken back), an undo by the referee, and "all
drink poured", which ends the game scored by distance (LD-HIT-1, LD-REF-2, LD-REF-3,
LD-END-2). The referee places two glasses through the API first, so the knock-home
comes at once. A line judge's penalty carries the judge's number (LD-REF-1).
"""

from __future__ import annotations

from typing import Any

import pytest
from rb_driver import api_state, wait_idle
from rb_harness import PHONE, Server, watch_console

pytestmark = pytest.mark.browser

SETUP = {
    "players": [{"name": "Anna"}, {"name": "Bo"}],
    "line_judges": ["Judy"],
    # A long chug countdown and idle time, so a slow machine never runs them out.
    "options": {"chug_seconds": 120, "idle_seconds": 3600},
}


def _phone(browser: Any, errors: list[str]) -> Any:
    page = browser.new_context(viewport=PHONE).new_page()
    watch_console(page, errors)
    return page


def _seq(page: Any) -> str:
    return page.get_attribute("body", "data-seq") or ""


def _at_seq(page: Any, seq: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.seq) >= {seq}", timeout=10_000)


def _throw(page: Any, top: int) -> None:
    """Types the die's top face on the page of the participant who throws."""
    before = _seq(page)
    page.click(f'.ld-pad [data-throw="{top}"]')
    wait_idle(page, before)


def _move(page: Any, colour: str, progress: int, face: str | None) -> None:
    """Taps the glass on the board, then the face (when asked), then Move."""
    before = _seq(page)
    page.click(f'.ld-glass[data-colour="{colour}"][data-progress="{progress}"]', force=True)
    if face is not None:
        page.click(f'.ld-face[data-face="{face}"]')
    page.click('[data-action="confirm"]')
    wait_idle(page, before)


def _referee(page: Any, selector: str) -> None:
    before = _seq(page)
    page.click(f"#referee-card {selector}")
    wait_idle(page, before)


def _undo(page: Any, name: str) -> None:
    """Clicks the referee's Undo (or Fix the throw) beside the move controls."""
    before = _seq(page)
    page.click(f'#game-controls [data-action="{name}"]')
    wait_idle(page, before)


def _place(server: Server, game_id: str, host: str, colour: str, glass: int, to: int) -> None:
    state = api_state(server.url, game_id, host)
    action = {"kind": "place_glass", "colour": colour, "glass": glass, "progress": to}
    body = {"action": {**action, "reason": "set-up"}, "seq": state["seq"]}
    server.post(f"/api/games/{game_id}/actions", body, host)


def _start(server: Server, browser: Any, errors: list[str]) -> dict[str, Any]:
    """Creates the game; opens the referee's, Anna's and Bo's phones (Bo joins by code)."""
    created = server.post("/api/games", {"game": "ludol", "setup": SETUP, "dice": "real"})
    assert isinstance(created, dict)
    host, anna, bo = (_phone(browser, errors) for _ in range(3))
    host.goto(server.url + created["host_url"])
    host.wait_for_selector("body[data-board='ludol'] .ld-svg")
    anna.goto(server.url + created["seats"][0]["url"])
    bo.goto(server.url + created["join_url"])
    bo.click('.seat-button[data-seat="1"]')
    bo.wait_for_url("**/play/*")
    for page in (anna, bo):
        page.wait_for_selector("body[data-board='ludol'] .ld-svg")
    return {"id": created["id"], "host": created["host_token"], "pages": (host, anna, bo)}


def test_a_ludol_game_with_a_referee_is_played_to_the_end_on_phones(
    server: Server, browser: Any
) -> None:
    if "ludol" not in server.game_ids():
        pytest.skip("the server does not offer ludol")
    errors: list[str] = []
    game = _start(server, browser, errors)
    game_id, token = game["id"], game["host"]
    host, anna, bo = game["pages"]

    def state() -> dict[str, Any]:
        return api_state(server.url, game_id, token)

    # LD-REF-1: the referee's console is on the host's phone only.
    assert host.is_visible("#referee-card")
    assert not anna.is_visible("#referee-card") and not bo.is_visible("#referee-card")

    # LD-START-1: the roll-off, each participant typing their own throw.
    assert anna.locator(".ld-pad [data-throw]").count() == 6
    assert bo.locator(".ld-pad").count() == 0, "only the participant who throws types it"
    _throw(anna, 6)
    _at_seq(bo, 1)
    _throw(bo, 3)
    assert state()["view"]["turn"]["colour"] == "A"

    # The referee sets the board up: an A glass on 10, a B glass on its square 2 (= 15).
    _place(server, game_id, token, "A", 0, 10)
    _place(server, game_id, token, "B", 0, 2)
    _at_seq(anna, state()["seq"])

    # LD-ROROS-1 and LD-HIT-1: a 2 offers top 2 (to 12) and bottom 5 (to 15, a knock-home).
    _throw(anna, 2)
    anna.click('.ld-glass[data-progress="10"]', force=True)
    assert anna.locator(".ld-face").count() == 2
    anna.click('.ld-face[data-face="bottom"]')
    assert "knocks home" in anna.inner_text(".ld-where")
    assert anna.locator('.ld-dest.is-chosen[data-to="15"]').count() == 1
    before = _seq(anna)
    anna.click('[data-action="confirm"]')
    wait_idle(anna, before)
    assert state()["view"]["chugs"][0]["participant"] == 1
    assert host.locator('.ld-glass[data-colour="B"][data-progress="-1"]').count() == 4

    # Bo throws a 6 to enter (LD-ENTER-1) while his chug's countdown runs on every phone.
    _at_seq(bo, state()["seq"])
    _throw(bo, 6)
    seen = state()
    assert any(t["kind"] == "chug_time_up" for t in seen["timers"])
    for page in (host, bo):
        _at_seq(page, seen["seq"])
        clock = page.wait_for_selector('.ld-clock[data-clock="chug"]')
        assert "Bo" in clock.inner_text()
        assert 0 < int(clock.get_attribute("data-seconds") or "0") <= 120

    # The referee: the chug was emptied in time; two penalty beers for Bo, with a reason.
    _referee(host, '[data-chug-ok="0"]')
    host.click('#referee-card .ld-person[data-participant="1"]')
    host.fill("#referee-card .ld-beers", "2")
    host.click("#referee-card .ld-quick .chip-button >> nth=1")
    _referee(host, '[data-ref="penalty"]')
    bo_row = state()["view"]["drinks"][1]
    assert (bo_row["glasses_chugged"], bo_row["penalty_referee"], bo_row["beers"]) == (1, 2, 3)
    assert host.inner_text('.ld-ledger tr[data-participant="1"] [data-col="beers"]') == "3"
    assert state()["view"]["audit"][-1]["reason"] == "spilt beer"
    # LD-REF-2: the referee takes the penalty back.
    _referee(host, '[data-ref="take_back"]')
    assert state()["view"]["drinks"][1]["penalty_referee"] == 0

    # Bo enters and types a 4 for his 3: the referee fixes the throw (LD-REF-2), Bo types
    # the 3 and moves top 3; the referee undoes that move with the Undo by the controls.
    _at_seq(bo, state()["seq"])
    _move(bo, "B", -1, None)
    _throw(bo, 4)
    _at_seq(host, state()["seq"])
    assert bo.locator('[data-action="fix-throw"], [data-action="undo"]').count() == 0
    _undo(host, "fix-throw")
    assert state()["view"]["turn"]["throw"] is None
    _at_seq(bo, state()["seq"])
    _throw(bo, 3)
    _move(bo, "B", 0, "top")
    assert max(state()["view"]["colours"][1]["glasses"]) == 3
    _at_seq(host, state()["seq"])
    _undo(host, "undo")
    after = state()
    assert max(after["view"]["colours"][1]["glasses"]) == 0, "LD-REF-2: the move is undone"
    assert after["to_act"] == 1 and after["view"]["turn"]["throw"] == 3
    _at_seq(bo, after["seq"])
    _move(bo, "B", 0, "bottom")
    assert max(state()["view"]["colours"][1]["glasses"]) == 4

    # LD-END-2: all drink poured (two taps); the game ends, scored by distance.
    host.click('#referee-card [data-ref="all_poured"]')
    before = _seq(host)
    host.click('#referee-card [data-ref="all_poured"]')
    wait_idle(host, before)
    final = state()
    assert final["finished"] and final["view"]["ending"]["reason"] == "poured"
    scores = final["view"]["scores"]
    assert scores == {"0": str(15 - 30), "1": str(4 - 30)}
    assert final["result"]["standings"][0]["seat"] == 0
    for page in (host, anna, bo):
        _at_seq(page, final["seq"])
        page.wait_for_selector("body[data-finished='true'] .ld-ending[data-reason='poured']")
    assert "Anna" in anna.inner_text("#winner")
    assert errors == [], errors


def test_a_line_judge_gives_penalty_beers_from_the_console_on_a_phone(
    server: Server, browser: Any
) -> None:
    if "ludol" not in server.game_ids():
        pytest.skip("the server does not offer ludol")
    errors: list[str] = []
    created = server.post("/api/games", {"game": "ludol", "setup": SETUP, "dice": "real"})
    assert isinstance(created, dict)
    judge = _phone(browser, errors)
    judge.goto(server.url + created["judges"][0]["url"])
    judge.wait_for_selector('#referee-card .ld-person[data-participant="0"]')
    assert judge.locator(".ld-pad").count() == 0, "a judge only referees"
    judge.fill("#referee-card .ld-reason", "argued about the die")
    _referee(judge, '[data-ref="penalty"]')
    record = server.get(f"/api/games/{created['id']}/record")
    assert isinstance(record, dict)
    sent = record["actions"][-1]
    assert (sent["kind"], sent["participant"], sent["beers"], sent["judge"]) == ("penalty", 0, 1, 0)
    assert judge.inner_text("#referee-card .ld-audit li").startswith("Judy")
    assert errors == [], errors
