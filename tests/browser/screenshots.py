"""Takes screenshots of the pages for a design review.

    python tests/browser/screenshots.py [OUT_DIR] [--url http://127.0.0.1:8000]

Without ``--url`` it starts its own ``racerbile serve`` on a temporary database.
Writes start page, join page, a board mid-race (phone 390×844 and laptop 1366×768)
and the spectator view into OUT_DIR (default /tmp/shots), for Racerbile and Vectrace
(``--games`` picks which).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playwright.sync_api import sync_playwright
from rb_driver import api_state, play_turn_by_clicks
from rb_harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    LAPTOP,
    PHONE,
    start_server,
    stop_server,
)


def create_game(browser, base: str, out: Path) -> tuple[str, str, str]:
    """Fills the start page as a host would; returns (game id, host token, join code)."""
    page = browser.new_page(viewport=LAPTOP)
    page.goto(base + "/")
    page.wait_for_selector('#ruleset-choice [data-value="babybile"]')
    page.select_option("#track", "oval")
    page.fill("#laps", "2")
    for i, (name, drink) in enumerate(
        [("Anna", "standard"), ("Bo", "light"), ("Carl Erik", "standard")]
    ):
        if i >= 2:
            page.click("#add-player")
        page.fill(f'input[name="player-{i}"]', name)
        page.select_option(f'select[name="drink-{i}"]', drink)
    page.click("#more-card summary")
    page.fill("#seed", "11")
    page.screenshot(path=str(out / "start-1366x768.png"), full_page=True)
    phone = browser.new_page(viewport=PHONE)
    phone.goto(base + "/")
    phone.wait_for_selector('#ruleset-choice [data-value="babybile"]')
    phone.fill('input[name="player-0"]', "Anna")
    phone.fill('input[name="player-1"]', "Bo")
    phone.screenshot(path=str(out / "start-390x844.png"))
    phone.close()
    page.click("#start")
    page.wait_for_url("**/room/*")
    page.wait_for_selector(".rb-cap")
    game_id = page.url.rstrip("/").split("/")[-1]
    stored = page.evaluate(f"JSON.parse(localStorage.getItem('racerbile.game.{game_id}'))")
    page.close()
    return game_id, stored["host"], stored["join_code"]


def vectrace_shots(browser, base: str, out: Path, moves: int = 9) -> None:
    """A Vectrace race on ``hairpin``, played over the API to mid-race, on every screen."""
    import numpy as np

    from racerbile.engine import ActionCodec
    from racerbile.games.vectrace import GAME
    from racerbile.games.vectrace.bots import cautious

    created = post(
        base,
        "/api/games",
        {
            "game": "vectrace",
            "setup": {"players": [{"name": "Anna"}, {"name": "Bo"}], "track": "hairpin"},
        },
    )
    game_id, host, code = created["id"], created["host_token"], created["join_code"]
    codec = ActionCodec(GAME.action_types)
    state = GAME.start(GAME.Setup.model_validate(created_setup(base, game_id)))
    rng = np.random.default_rng(3)
    seq = 0
    while GAME.to_act(state) is not None and seq < 2 + 2 + 2 * moves:
        action = cautious(state, rng)
        post(base, f"/api/games/{game_id}/actions", {"action": action.to_json(), "seq": seq}, host)
        state = GAME.apply(state, codec.decode(action.to_json())).state
        seq += 1
    for size, viewport in (("1366x768", LAPTOP), ("390x844", PHONE)):
        ctx = browser.new_context(viewport=viewport)
        page = ctx.new_page()
        page.goto(f"{base}/room/{game_id}#token={host}")
        page.wait_for_selector(".vt-target")
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / f"vectrace-room-{size}.png"))
        page.screenshot(path=str(out / f"vectrace-room-full-{size}.png"), full_page=True)
        risky = page.locator('.vt-target[data-verdict="doomed"], .vt-target[data-verdict="crash"]')
        if risky.count():
            risky.first.click()
            page.wait_for_timeout(200)
            page.screenshot(path=str(out / f"vectrace-room-risky-{size}.png"))
        ctx.close()
    ctx = browser.new_context(viewport=LAPTOP)
    page = ctx.new_page()
    page.goto(f"{base}/watch/{game_id}#code={code}")
    page.wait_for_selector(".vt-car")
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / "vectrace-watch-1366x768.png"))
    ctx.close()


def post(base: str, path: str, body: object, token: str | None = None) -> dict:
    import json
    import urllib.request

    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        data: dict = json.loads(response.read())
    return data


def created_setup(base: str, game_id: str) -> dict:
    import json
    import urllib.request

    with urllib.request.urlopen(f"{base}/api/games/{game_id}/record", timeout=10) as response:
        setup: dict = json.loads(response.read())["setup"]
    return setup


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?", default="/tmp/shots")
    parser.add_argument("--url", default=None)
    parser.add_argument("--decisions", type=int, default=22)
    parser.add_argument("--games", default="racerbile,vectrace")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server = None
    base = args.url
    if base is None:
        server = start_server(Path(tempfile.mkdtemp()))
        base = server.url
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            if "vectrace" in args.games:
                vectrace_shots(browser, base, out)
            if "racerbile" not in args.games:
                browser.close()
                return
            game_id, host, code = create_game(browser, base, out)

            # A phone joins by code (seat 2), then the host screen plays a while.
            joiner = browser.new_context(viewport=PHONE)
            jp = joiner.new_page()
            jp.goto(f"{base}/join/{code}")
            jp.wait_for_selector(".seat-button")
            jp.screenshot(path=str(out / "join-390x844.png"))
            jp.click('.seat-button[data-seat="2"]')
            jp.wait_for_url("**/play/*")

            host_ctx = browser.new_context(viewport=LAPTOP)
            hp = host_ctx.new_page()
            hp.goto(f"{base}/room/{game_id}#token={host}")
            stored = {"host": host, "join_code": code}
            hp.evaluate(
                "([key, value]) => localStorage.setItem(key, JSON.stringify(value))",
                [f"racerbile.game.{game_id}", stored],
            )
            hp.reload()
            hp.wait_for_selector(".rb-cap")
            for _ in range(args.decisions):
                state = api_state(base, game_id, host)
                if state["finished"]:
                    break
                play_turn_by_clicks(hp, state)
            # Stop at a move with the destinations shown and one of them chosen.
            for _ in range(12):
                state = api_state(base, game_id, host)
                if state["view"].get("moves") and len(state["view"]["moves"]) > 2:
                    break
                play_turn_by_clicks(hp, state)
            hp.wait_for_timeout(400)
            hp.screenshot(path=str(out / "room-1366x768.png"))
            targets = hp.locator(".rb-target")
            if targets.count():
                targets.nth(min(2, targets.count() - 1)).click(force=True)
                hp.wait_for_timeout(200)
            hp.screenshot(path=str(out / "room-selected-1366x768.png"))
            hp.screenshot(path=str(out / "room-full-1366x768.png"), full_page=True)

            phone_host = browser.new_context(viewport=PHONE)
            pp = phone_host.new_page()
            pp.goto(f"{base}/room/{game_id}#token={host}")
            pp.wait_for_selector(".rb-cap")
            pp.wait_for_timeout(400)
            pp.screenshot(path=str(out / "room-390x844.png"))
            pp.screenshot(path=str(out / "room-full-390x844.png"), full_page=True)
            jp.wait_for_timeout(300)
            jp.screenshot(path=str(out / "play-seat-390x844.png"))

            spectator = browser.new_context(viewport=LAPTOP)
            sp = spectator.new_page()
            sp.goto(f"{base}/watch/{game_id}#code={code}")
            sp.wait_for_selector(".rb-cap")
            sp.wait_for_timeout(400)
            sp.screenshot(path=str(out / "watch-1366x768.png"))
            big = browser.new_context(viewport={"width": 1920, "height": 1080})
            bp = big.new_page()
            bp.goto(f"{base}/watch/{game_id}#code={code}")
            bp.wait_for_selector(".rb-cap")
            bp.wait_for_timeout(400)
            bp.screenshot(path=str(out / "watch-1920x1080.png"))
            browser.close()
    finally:
        if server is not None:
            stop_server(server)
    for path in sorted(out.glob("*.png")):
        print(path)


if __name__ == "__main__":
    main()
