"""The party table in a real Chromium: fixing a mistyped real die and undoing a step
(the record and the ledger stay right), zoomed targets big enough for fingers on a
phone (by the zoom buttons, a pinch and a drag), a Racerbile turn played by keyboard,
and the replay viewer, all without a JavaScript error. Screenshots go to
``RACERBILE_SHOTS`` (default /tmp/shots-party)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from rb_driver import api_state, wait_idle
from rb_harness import LAPTOP, PHONE, Server, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("RACERBILE_SHOTS", "/tmp/shots-party"))
TV = {"width": 1920, "height": 1080}
PLAYERS = [{"name": "Anna"}, {"name": "Bo"}]


def _shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _game(server: Server, setup: dict[str, Any], **body: Any) -> dict[str, Any]:
    created = server.post("/api/games", {"game": "racerbile", "setup": setup, **body})
    assert isinstance(created, dict)
    return created


def _real_race(server: Server) -> dict[str, Any]:
    """A Babybile race with real dice on Kringlen; the host typed the order (Anna first)."""
    created = _game(server, {"players": PLAYERS, "track": "kringlen"}, dice="real")
    for seq, value in enumerate((6, 1)):
        body = {"action": {"kind": "die", "value": value}, "seq": seq}
        server.post(f"/api/games/{created['id']}/actions", body, created["host_token"])
    return created


def _wait(page: Any, script: str, timeout: float = 10.0) -> None:
    page.wait_for_function(script, timeout=timeout * 1000)


def _sips(server: Server, created: dict[str, Any], seat: int) -> int:
    seen = api_state(server.url, created["id"], created["host_token"])
    sips: int = seen["view"]["drinks"][seat]["sips"]
    return sips


def test_a_mistyped_die_is_fixed_and_a_step_undone(racerbile_server: Server, browser: Any) -> None:
    server, errors = racerbile_server, []
    created = _real_race(server)
    gid, anna = created["id"], created["seats"][0]["token"]
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    watch_console(page, errors)
    page.goto(f"{server.url}/play/{gid}#token={anna}&seat=0")
    page.wait_for_selector('[data-action="roll"]')
    assert "clutch fault 25%" in page.inner_text('[data-action="roll"]')  # the odds on the control
    page.click('[data-action="roll"]')
    page.wait_for_selector("#real-dice:not([hidden]) #pad button")
    pad = page.locator("#real-dice").bounding_box()
    assert pad and pad["y"] >= 0 and pad["y"] + pad["height"] <= PHONE["height"]  # above the fold
    before = page.get_attribute("body", "data-seq") or ""
    page.click('#pad [data-value="6"]')
    wait_idle(page, before)
    assert (
        page.get_attribute("#entered .typed", "data-typed") == "6"
    )  # a 6 shows before its re-roll
    _shoot(page, "phone-real-dice-typed-en")
    before = page.get_attribute("body", "data-seq") or ""
    page.click('#pad [data-value="1"]')  # a slip: the die showed 4
    wait_idle(page, before)
    assert _sips(server, created, 0) == 2  # being first and the clutch fault (RB-DICE-4)
    before = page.get_attribute("body", "data-seq") or ""
    page.click('[data-action="fix-dice"]')
    wait_idle(page, before)
    assert _sips(server, created, 0) == 1
    page.wait_for_selector("#real-dice:not([hidden])")
    assert page.locator("#entered .typed").count() == 1  # the 6 stands, the 1 is gone
    before = page.get_attribute("body", "data-seq") or ""
    page.click('#pad [data-value="4"]')
    wait_idle(page, before)
    page.click('[data-mode="step"]')
    before = page.get_attribute("body", "data-seq") or ""
    page.locator(".rb-target").first.dispatch_event("click")  # one step
    wait_idle(page, before)
    assert page.is_visible('[data-action="undo"]')
    before = page.get_attribute("body", "data-seq") or ""
    page.click('[data-action="undo"]')
    wait_idle(page, before)
    record = server.get(f"/api/games/{gid}/record")
    assert isinstance(record, dict)
    actions = record["actions"]
    assert actions[2:] == [
        {"kind": "roll"},
        {"kind": "die", "value": 6},
        {"kind": "die", "value": 1},
        {"void": [5]},
        {"kind": "die", "value": 4},
        actions[7],
        {"void": [8]},
    ]
    assert api_state(server.url, gid, anna)["view"]["turn"]["moved"] == 0
    assert _sips(server, created, 0) == 1
    page.click("#lang")
    page.wait_for_selector('[data-action="fix-dice"]:has-text("Ret terninger")')
    page.evaluate("window.scrollTo(0, 0)")
    _shoot(page, "phone-move-da")
    assert errors == []


def test_zoomed_targets_are_big_enough_for_fingers(racerbile_server: Server, browser: Any) -> None:
    server, errors = racerbile_server, []
    created = _game(server, {"players": PLAYERS, "track": "lemans"}, seed=5)
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    watch_console(page, errors)
    page.goto(f"{server.url}/room/{created['id']}#token={created['host_token']}")
    page.wait_for_selector('[data-action="roll"]')
    before = page.get_attribute("body", "data-seq") or ""
    page.click('[data-action="roll"]')
    wait_idle(page, before)
    page.wait_for_selector(".rb-target")

    def smallest() -> float:
        sizes = page.evaluate(
            "[...document.querySelectorAll('.rb-target .rb-target-hex')].map(p => {"
            " const r = p.getBoundingClientRect(); return Math.min(r.width, r.height); })"
        )
        return float(min(sizes))

    assert smallest() < 44  # Le Mans cells are small on a phone
    for _ in range(4):
        if smallest() >= 44:
            break
        page.click('[data-zoom="in"]')
    assert smallest() >= 44
    board = page.locator("#board").bounding_box()
    assert board
    boxes = page.evaluate(
        "[...document.querySelectorAll('.rb-target')].map(g => g.getBoundingClientRect().toJSON())"
    )
    seen = [
        b for b in boxes if board["x"] <= b["x"] + b["width"] / 2 <= board["x"] + board["width"]
    ]
    assert seen  # the zoom goes to the targets
    for key in ("zoom.in", "zoom.out"):
        assert page.get_attribute(f'[data-zoom="{key[5:]}"]', "aria-label")
    _shoot(page, "phone-zoomed-en")
    page.click('[data-zoom="fit"]')
    assert page.get_attribute("#board", "data-zoom") == "1.00"
    _pinch_and_drag(page)
    assert errors == []


# Two fingers spread apart over the board, then one finger drags it: the touch gestures
# as the pointer events a phone's browser sends for them.
GESTURES = """() => {
  const board = document.querySelector('#board');
  const svg = board.querySelector('svg');
  const r = svg.getBoundingClientRect();
  const cx = r.x + r.width / 2, cy = r.y + r.height / 2;
  const send = (type, id, x, y) => svg.dispatchEvent(new PointerEvent(type, {
    pointerId: id, clientX: x, clientY: y, bubbles: true, pointerType: 'touch'}));
  send('pointerdown', 1, cx - 20, cy); send('pointerdown', 2, cx + 20, cy);
  for (let d = 30; d <= 80; d += 10) {
    send('pointermove', 1, cx - d, cy); send('pointermove', 2, cx + d, cy);
  }
  send('pointerup', 1, cx - 80, cy); send('pointerup', 2, cx + 80, cy);
  const pinched = [board.dataset.zoom, svg.getAttribute('viewBox')];
  send('pointerdown', 3, cx, cy);
  for (let d = 10; d <= 60; d += 10) send('pointermove', 3, cx + d, cy + d / 2);
  send('pointerup', 3, cx + 60, cy + 30);
  return [...pinched, board.dataset.zoom, svg.getAttribute('viewBox')];
}"""


def _pinch_and_drag(page: Any) -> None:
    zoom, pinched_box, after_drag, dragged_box = page.evaluate(GESTURES)
    assert float(zoom) >= 3.0  # the fingers spread to four times their distance
    assert after_drag == zoom and dragged_box != pinched_box  # a drag pans, it does not zoom
    x0, y0 = (float(v) for v in pinched_box.split()[:2])
    x1, y1 = (float(v) for v in dragged_box.split()[:2])
    assert x1 < x0 and y1 < y0  # the board follows the finger: right and down


def test_a_racerbile_turn_by_keyboard(racerbile_server: Server, browser: Any) -> None:
    server, errors = racerbile_server, []
    created = _game(server, {"players": PLAYERS, "track": "oval"}, seed=2)
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_console(page, errors)
    page.goto(f"{server.url}/room/{created['id']}#token={created['host_token']}")
    page.wait_for_selector('[data-action="roll"]')
    mover = api_state(server.url, created["id"], created["host_token"])["to_act"]

    def tab_to(selector: str) -> None:
        for _ in range(80):
            if page.evaluate(f"!!document.activeElement.closest({selector!r})"):
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached {selector}")

    before = page.get_attribute("body", "data-seq") or ""
    tab_to('[data-action="roll"]')
    page.keyboard.press("Enter")
    wait_idle(page, before)
    page.wait_for_selector(".rb-target")
    tab_to(".rb-target")
    first = page.evaluate("document.activeElement.getAttribute('data-cell')")
    count = page.locator(".rb-target").count()
    if count > 1:
        for key in ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"):
            page.keyboard.press(key)
            if page.evaluate("document.activeElement.getAttribute('data-cell')") != first:
                break
    chosen = page.evaluate("document.activeElement.getAttribute('data-cell')")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')")
    page.keyboard.press("Enter")  # choose the cell
    page.wait_for_selector(f'.rb-target.is-selected[data-cell="{chosen}"]')
    before = page.get_attribute("body", "data-seq") or ""
    page.keyboard.press("Enter")  # and drive there
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        seen = api_state(server.url, created["id"], created["host_token"])
        if seen["to_act"] != mover and seen["seq"] > int(before):
            break
        time.sleep(0.1)
    else:
        raise AssertionError("the keyboard turn did not end")
    car = next(c for c in seen["view"]["cars"] if c["seat"] == mover)
    assert f"{car['cell'][0]},{car['cell'][1]}" == chosen or car["off_track"]
    assert errors == []


def _finished_game(server: Server) -> dict[str, Any]:
    bots = {"0": "greedy", "1": "greedy"}
    created = _game(server, {"players": PLAYERS, "laps": 1}, seed=3, bots=bots)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if api_state(server.url, created["id"], None)["finished"]:
            return created
        time.sleep(0.2)
    raise AssertionError("the bots did not finish the race")


def test_the_replay_viewer_steps_through_a_game(
    racerbile_server: Server, browser: Any, tmp_path: Path
) -> None:
    server, errors = racerbile_server, []
    created = _finished_game(server)
    gid = created["id"]
    for viewport, name in ((PHONE, "phone"), (LAPTOP, "laptop"), (TV, "tv")):
        page = browser.new_context(viewport=viewport).new_page()
        watch_console(page, errors)
        page.goto(f"{server.url}/replay/{gid}")
        page.wait_for_selector("body[data-step='0'] .rb-cap")
        steps = int(page.get_attribute("body", "data-steps") or 0)
        assert steps > 10
        at_start = page.evaluate("[...document.querySelectorAll('.rb-cap')].map(c => c.dataset.at)")
        for _ in range(12):
            page.click("#next")
        page.wait_for_selector("body[data-step='12']")
        moved = page.evaluate("[...document.querySelectorAll('.rb-cap')].map(c => c.dataset.at)")
        assert moved != at_start  # the board follows the record
        assert page.locator("#drinks tr[data-seat]").count() == 2  # the ledger at that step
        page.keyboard.press("End")
        page.wait_for_selector(f"body[data-step='{steps}'] #result:not([hidden])")
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector(f"body[data-step='{steps - 1}']")
        assert page.get_attribute("#download", "href") == f"/api/games/{gid}/record"
        _shoot(page, f"{name}-replay-en")
        if name == "laptop":
            page.click("#lang")
            page.wait_for_selector(f"body[data-step='{steps - 1}']")
            _shoot(page, "laptop-replay-da")
        page.context.close()

    # A record file opened on the replay page; a broken one gets a clear error.
    record = server.get(f"/api/games/{gid}/record")
    good, bad = tmp_path / "race.json", tmp_path / "broken.json"
    good.write_text(json.dumps(record))
    bad.write_text(json.dumps({**record, "actions": [{"kind": "stop"}]}))  # type: ignore[dict-item]
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_console(page, errors)
    page.goto(f"{server.url}/replay")
    page.set_input_files("#upload", str(good))
    page.wait_for_selector("body[data-step='0'] .rb-cap")
    assert int(page.get_attribute("body", "data-steps") or 0) == steps
    page.click("#next")
    page.wait_for_selector("body[data-step='1']")
    page.set_input_files("#upload", str(bad))
    page.wait_for_selector("#replay-error:not([hidden])")
    assert "action 1" in page.inner_text("#replay-error")
    assert page.get_attribute("body", "data-step") == "1"  # the good record stays shown
    assert [e for e in errors if "422" not in e] == []
