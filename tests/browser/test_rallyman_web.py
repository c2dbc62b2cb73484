"""A three-stage Rallyman rally for two drivers on two phones, with real dice.

Each driver takes a seat on a phone by the join code. Bots decide on the state rebuilt
from the game's record (the attacker, whose time attacks take fewer clicks, and the
cautious one for Bo on the first stage); every action is a click on the driver's phone,
and the driver types each die's face: clean, except where the test forces a loss of
control (three hazards, the SISU card kept, the car off the road) and a time attack,
and once a hazard typed by mistake and fixed with the page's Undo.
Screenshots of phone, laptop and TV in English and Danish go to ``RACERBILE_SHOTS``
(a folder) when it is set.
"""

from __future__ import annotations

import json
import os
import time
import urllib.request
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rb_driver import api_state, wait_idle
from rb_harness import LAPTOP, PHONE, Server, watch_console

from racerbile.engine import ActionCodec, Record, replay
from racerbile.games.rallyman import GAME
from racerbile.games.rallyman.bots import BOTS

pytestmark = pytest.mark.browser

TV = {"width": 1920, "height": 1080}


class Mirror:
    """The game's state, kept level with the server's record (to decide like a driver)."""

    def __init__(self, base: str, game_id: str):
        self.url = f"{base}/api/games/{game_id}/record"
        self.codec = ActionCodec(GAME.action_types)
        self.state: Any = None
        self.seen = 0

    def refresh(self) -> Any:
        with urllib.request.urlopen(self.url, timeout=10) as response:
            record = json.loads(response.read())
        if any("void" in data for data in record["actions"][self.seen :]):
            # A die fixed: rebuild the state without the voided entry.
            self.state = replay(GAME, Record.model_validate(record)).state
            self.seen = len(record["actions"])
            return self.state
        if self.state is None:
            self.state = GAME.start(GAME.Setup.model_validate(record["setup"]))
        for data in record["actions"][self.seen :]:
            self.state = GAME.apply(self.state, self.codec.decode(data)).state
        self.seen = len(record["actions"])
        return self.state


def data_action(action: dict[str, Any]) -> str:
    """Returns the ``data-action`` of the button that sends ``action``."""
    kind = action["kind"]
    if kind == "roll":
        return f"{'secure' if action['secured'] else 'roll'}-{action['die']}-{action['to']}"
    if kind == "place":
        return f"place-{action['die']}{'H' if action['hazard'] else '.'}-{action['to']}"
    if kind == "attack":
        return f"attack-{action['dice']}"
    if kind == "tyres":
        return f"tyres-{action['tyres']}"
    if kind == "sisu":
        return "sisu-yes" if action["play"] else "sisu-no"
    return kind


def click(page: Any, selector: str) -> None:
    before = page.get_attribute("body", "data-seq") or ""
    page.click(selector)
    wait_idle(page, before)


def shoot(pages: dict[str, Any], name: str) -> None:
    folder = os.environ.get("RACERBILE_SHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    for label, page in pages.items():
        page.wait_for_timeout(300)
        page.screenshot(path=str(Path(folder) / f"rallyman-{name}-{label}.png"))


def test_two_phones_drive_a_three_stage_rally_with_real_dice(server: Server, browser: Any) -> None:
    if "rallyman" not in server.game_ids():
        pytest.skip("the server does not offer rallyman")
    base = server.url
    errors: list[str] = []
    created: Any = server.post(
        "/api/games",
        {
            "game": "rallyman",
            "setup": {"players": [{"name": "Anna"}, {"name": "Bo"}], "rally": "kalkbrud"},
            "dice": "real",
        },
    )
    game_id, code = created["id"], created["join_code"]

    phones: dict[int, Any] = {}
    for seat in (0, 1):
        ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        watch_console(page, errors)
        page.goto(f"{base}/join/{code}")
        page.click(f'.seat-button[data-seat="{seat}"]')
        page.wait_for_url(f"**/play/{game_id}")
        page.wait_for_selector("body[data-board='rallyman'] .rm-svg [data-cell]")
        phones[seat] = page
    screens = _screens(browser, base, game_id, errors)
    mirror = Mirror(base, game_id)
    rng = np.random.default_rng(5)
    cautious, attacker = BOTS["cautious"], BOTS["attacker"]
    seen = {"loc": False, "attack": False, "risk_shown": False, "fixed": False}
    force_hazards = 0  # hazard faces still to type in the forced loss of control

    for _ in range(1500):
        state = mirror.refresh()
        if GAME.to_act(state) is None:
            break
        host_view = api_state(base, game_id, created["host_token"])
        to_act = host_view["to_act"]
        turn = state.turn
        if to_act == "chance":
            page = phones[host_view["roller"]]
            legal = host_view["legal_actions"]  # the host may roll too: the same outcomes
            kinds = {a["kind"] for a in legal}
            if "face" in kinds and not seen["fixed"]:
                # A slip: the driver types a hazard for a clean die and fixes it.
                click(page, '[data-action="face-hazard"]')
                assert "Fix" in page.inner_text('#game-controls [data-action="undo"]')
                click(page, '#game-controls [data-action="undo"]')
                seen["fixed"] = True
                continue
            if "face" in kinds:
                hazard = force_hazards > 0 and host_view["roller"] == 1
                force_hazards -= 1 if hazard else 0
                click(page, f'[data-action="face-{"hazard" if hazard else "clean"}"]')
            elif "faces" in kinds:
                click(page, '[data-action="faces-send"]')  # all clean: the whole pool moves
            elif "back" in kinds:
                outcome = "left" if any(a["outcome"] == "left" for a in legal) else "spin"
                click(page, f'[data-action="back-{outcome}"]')
            else:
                click(page, '[data-action="shortcut-clean"]')
            continue
        page = phones[to_act]
        legal = host_view["legal_actions"]
        kinds = {a["kind"] for a in legal}
        if screens and state.phase == "race" and "roll" in kinds and state.round >= 3:
            shoot({"phone": page, **screens}, "en")
            for screen in screens.values():  # the spectators come back for the finish
                screen.context.close()
            screens = {}
        if "sisu" in kinds:
            assert page.is_visible('[data-action="sisu-no"]')
            click(page, '[data-action="sisu-no"]')  # keep SISU: control is lost
            seen["loc"] = True
            continue
        action = _forced(state, host_view, seen)
        if action is not None and action["kind"] == "roll":
            force_hazards = 1  # the third hazard: the driver pushed on with two showing
            risk = page.inner_text(f'[data-action="{data_action(action)}"] .rm-die-risk')
            assert "1/3" in risk or "1/6" in risk, risk
            seen["risk_shown"] = True
        if action is None:
            careful = turn is not None and turn.seat == 1 and state.stage_no == 0
            action = (cautious if careful else attacker)(state, rng).to_json()
            bo_rolls = careful and action["kind"] == "roll"
            if bo_rolls and not seen["loc"] and state.round >= 3:
                force_hazards = max(force_hazards, 2 - turn.hazards)  # then the push above
        if action["kind"] == "attack":
            seen["attack"] = True
            if not page.is_visible(f'[data-action="{data_action(action)}"]'):
                page.click(".rm-attack > summary")  # the pools are folded away until asked for
        click(page, f'[data-action="{data_action(action)}"]')
    else:
        pytest.fail("the rally did not end in 1500 clicks")

    final = api_state(base, game_id, None)
    assert final["finished"]
    screens = _screens(browser, base, game_id, errors)
    assert all(seen.values()), seen
    for page in phones.values():
        page.wait_for_selector("body[data-finished='true']")
    for page in screens.values():  # the spectator page marks no finish: it shows the last seq
        page.wait_for_function(f"document.body.dataset.seq === '{final['seq']}'")
    standings = final["result"]["standings"]
    winner = final["seats"][standings[0]["seat"]]["name"]
    assert winner in phones[0].inner_text("#winner")
    board = screens["laptop"].inner_text("#rm-times-card")
    for standing in standings:
        times = standing["detail"]["stage_times"]
        assert len(times) == 3
        row = screens["laptop"].inner_text(f'#rm-times-card tr[data-seat="{standing["seat"]}"]')
        assert _clock(sum(times)) in row, (row, times)
    assert "SS3" in board
    shoot({"phone": phones[0], **screens}, "final-en")
    for page in [phones[0], *screens.values()]:
        page.click("#lang")
    for page in [phones[0], *screens.values()]:  # each page repaints in its own time
        page.wait_for_function("document.documentElement.lang === 'da'")
    screens["laptop"].wait_for_function(
        "document.querySelector('#rm-times-card').innerText.toLowerCase().includes('etapetider')"
    )
    shoot({"phone": phones[0], **screens}, "final-da")
    assert not errors, errors


def _forced(state: Any, envelope: dict[str, Any], seen: dict[str, Any]) -> dict[str, Any] | None:
    """The moves the test makes itself: a time attack, and pushing on with two hazards."""
    turn = state.turn
    if turn is None or state.phase != "race":
        return None
    legal = envelope["legal_actions"]
    attacks = [a for a in legal if a["kind"] == "attack"]
    if not seen["attack"] and state.stage_no == 1 and attacks and turn.gear >= 1:
        return min(attacks, key=lambda a: (len(a["dice"]), a["dice"]))
    if not seen["loc"] and turn.hazards == 2 and turn.seat == 1:
        risk = envelope["view"].get("risk", {})
        pushes = [
            a
            for a in legal
            if a["kind"] == "roll"
            and not a["secured"]
            and risk.get(f"roll {a['die']} {a['to']}") in ("1/3", "1/6")
        ]
        return pushes[0] if pushes else None
    return None


def _screens(browser: Any, base: str, game_id: str, errors: list[str]) -> dict[str, Any]:
    """Opens the spectator page on a laptop and a TV."""
    screens = {}
    for label, viewport in (("laptop", LAPTOP), ("tv", TV)):
        page = browser.new_context(viewport=viewport).new_page()
        watch_console(page, errors)
        page.goto(f"{base}/watch/{game_id}")
        page.wait_for_selector(".rm-svg [data-cell]")
        screens[label] = page
    return screens


def _clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def test_rallyman_pages_load_without_errors_in_danish(server: Server, browser: Any) -> None:
    if "rallyman" not in server.game_ids():
        pytest.skip("the server does not offer rallyman")
    errors: list[str] = []
    created: Any = server.post(
        "/api/games", {"game": "rallyman", "setup": {"players": [{"name": "Solo"}]}}
    )
    page = browser.new_context(viewport=PHONE).new_page()
    watch_console(page, errors)
    page.goto(f"{server.url}/watch/{created['id']}")
    page.wait_for_selector(".rm-svg [data-cell]")
    page.click("#lang")
    page.wait_for_function("document.documentElement.lang === 'da'")
    # The stage is drawn again once the Danish view arrives (the switch refetches it).
    finish = '.rm-svg [data-line="finish"]'
    page.wait_for_function(f"document.querySelector('{finish}')?.textContent === 'MÅL'")
    assert page.locator(finish).text_content() == "MÅL"
    assert not errors, errors


def _drive_over_api(server: Server, game_id: str, token: str, turns: int | None = None) -> None:
    """Plays a solo rally with the cautious bot over the API (``turns`` cards, else to the end)."""
    mirror = Mirror(server.url, game_id)
    rng = np.random.default_rng(1)
    for _ in range(3000):
        state = mirror.refresh()
        if GAME.to_act(state) is None or (turns is not None and _cards(state) >= turns):
            return
        envelope = api_state(server.url, game_id, token)
        if envelope["to_act"] == "chance":
            time.sleep(0.02)  # the server's dice are falling
            continue
        action = BOTS["cautious"](state, rng).to_json()
        body = {"action": action, "seq": envelope["seq"]}
        server.post(f"/api/games/{game_id}/actions", body, token)
    pytest.fail("the solo rally did not end")


def _cards(state: Any) -> int:
    return sum(len(car.stack) for car in state.cars)


@pytest.mark.rule("RM-SOLO-1")
def test_rm_solo_1_personal_bests_and_a_ghost_of_the_earlier_run(
    server: Server, browser: Any
) -> None:
    if "rallyman" not in server.game_ids():
        pytest.skip("the server does not offer rallyman")
    errors: list[str] = []
    page = browser.new_context(viewport=PHONE).new_page()
    watch_console(page, errors)
    page.goto(server.url + "/")
    runs = []
    for seed in (21, 22):
        created: Any = server.post(
            "/api/games",
            {"game": "rallyman", "setup": {"players": [{"name": "Mia"}]}, "seed": seed},
        )
        token = created["seats"][0]["token"]
        stored = {"host": created["host_token"], "game": "rallyman", "created": seed}
        key = f"racerbile.game.{created['id']}"
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(stored)])
        runs.append((created["id"], token))
    first, second = runs
    _drive_over_api(server, first[0], first[1])
    earlier = api_state(server.url, first[0], None)["view"]["cars"][0]["stage_times"]
    _drive_over_api(server, second[0], second[1], turns=2)

    page.goto(f"{server.url}/room/{second[0]}")
    page.wait_for_selector("#rm-bests-card .rm-best")
    stages = ("ss-kalkbrud", "ss-bakkeby", "ss-skovso")
    bests = [page.inner_text(f'#rm-bests-card tr[data-stage="{s}"] .rm-best') for s in stages]
    assert bests == [_clock(t) for t in earlier], "the only finished run holds every best"
    page.wait_for_selector(".rm-car.is-ghost")
    note = page.inner_text(".rm-ghost-note")
    assert "ghost" in note
    page.select_option("#rm-bests-card select", "")
    page.wait_for_selector(".rm-car.is-ghost", state="detached")
    shoot({"phone": page}, "solo-ghost-off")
    assert not errors, errors


def test_the_start_page_starts_the_rally_picked(server: Server, browser: Any) -> None:
    """The rally picked in the start page's list is the one driven (the setup's ``rally``,
    the field the lobby names as the game's ``track_field``)."""
    if "rallyman" not in server.game_ids():
        pytest.skip("the server does not offer rallyman")
    games = {g["id"]: g for g in server.get("/api/meta/games")}  # type: ignore[union-attr]
    assert games["rallyman"]["track_field"] == "rally"
    errors: list[str] = []
    page = browser.new_context(viewport=LAPTOP).new_page()
    watch_console(page, errors)
    page.goto(server.url + "/")
    page.click('#game-choice [data-value="rallyman"]')
    page.wait_for_selector('#track option[value="nordlys"]', state="attached")
    page.select_option("#track", "nordlys")
    assert page.inner_text("#start") == "Start the rally"
    page.fill('input[name="player-0"]', "Mia")
    page.click("#start")
    page.wait_for_url("**/room/*")
    game_id = page.url.rstrip("/").split("/")[-1]
    view = api_state(server.url, game_id, None)["view"]
    assert view["rally"] == "nordlys"
    assert not errors, errors
