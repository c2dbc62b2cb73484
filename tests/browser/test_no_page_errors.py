"""Every registered game's start, room and spectator pages load its web module and log
no JavaScript error (no uncaught exception, no console error)."""

from __future__ import annotations

from typing import Any

import pytest
from rb_harness import LAPTOP, PHONE, Server, watch_console

pytestmark = pytest.mark.browser

# Setups beyond two named players, for the rule sets whose pages differ.
SETUPS: dict[str, dict[str, Any]] = {
    "racerbile/lemans": {
        "rule_set": "lemans",
        "teams": [{"name": "Red", "drivers": ["Ann", "Bo"]}, {"name": "Blue", "drivers": ["Cy"]}],
        "judges": ["Judy"],
    },
}


def _create(server: Server, variant: str) -> dict[str, Any]:
    game = variant.split("/")[0]
    setup = SETUPS.get(variant, {"players": [{"name": "Anna"}, {"name": "Bo"}]})
    created = server.post("/api/games", {"game": game, "setup": setup, "seed": 5})
    assert isinstance(created, dict)
    return created


def _variants(server: Server) -> list[str]:
    games = server.game_ids()
    return games + [v for v in SETUPS if v.split("/")[0] in games]


def test_no_page_logs_a_javascript_error(server: Server, browser: Any) -> None:
    errors: list[str] = []
    checked = []
    for viewport in (PHONE, LAPTOP):
        ctx = browser.new_context(viewport=viewport)
        page = ctx.new_page()
        watch_console(page, errors)
        for variant in _variants(server):
            game = variant.split("/")[0]
            page.goto(server.url + "/")
            page.wait_for_selector(f'#game-choice [data-value="{game}"]', state="attached")
            page.click(f'#game-choice [data-value="{game}"]', force=True)
            page.wait_for_selector("#start:not([disabled])")
            if variant == "racerbile/lemans":
                page.click('#ruleset-choice [data-value="lemans"]')
                page.wait_for_selector("#teams-card:not([hidden])")
            created = _create(server, variant)
            page.goto(server.url + created["host_url"])
            page.wait_for_selector(f"body[data-game='{game}'][data-seq]")
            page.wait_for_selector("#conn[data-state='on']")
            page.goto(server.url + created["spectator_url"])
            page.wait_for_selector(f"body[data-game='{game}'][data-seq]")
            page.wait_for_selector("#conn[data-state='on']")
            checked.append(f"{variant} {viewport['width']}")
        ctx.close()
    assert not errors, f"{checked}: {errors}"
    assert len(checked) == 2 * len(_variants(server))


def test_referee_panel_seat_colours_and_rule_set_names(
    racerbile_server: Server, browser: Any
) -> None:
    """The referee panel shows no stray "null", seats wear their colours, Le Mans is spelt."""
    page = browser.new_page(viewport=LAPTOP)
    errors: list[str] = []
    watch_console(page, errors)
    page.goto(racerbile_server.url + "/")
    page.wait_for_selector('#ruleset-choice [data-value="lemans"]')
    assert page.inner_text('#ruleset-choice [data-value="lemans"]') == "Le Mans"

    created = _create(racerbile_server, "racerbile")
    page.goto(racerbile_server.url + created["host_url"])
    page.wait_for_selector("#referee-card:not([hidden]) .ref-fault")
    assert "null" not in page.inner_text("#referee-card")
    colours = page.eval_on_selector_all(
        "#standings .standing, #referee-card .ref-seat",
        "els => els.map(e => [e.dataset.seat, e.style.getPropertyValue('--seat')])",
    )
    assert ["1", "#7B2FBE"] in colours and ["0", "#1E6FD9"] in colours, colours
    page.close()
    assert not errors, errors


def _english_words(game: dict[str, Any]) -> list[str]:
    """The server's English for a game's start page: description, field titles, bots."""
    schema = game["setup_schema"]
    fields = [*schema["properties"].values()]
    for part in schema.get("$defs", {}).values():
        if part["title"] not in ("PlayerSetup", "DriverSetup"):
            fields += part["properties"].values()
    same = {"Players", "Rally"}  # drawn by the page itself, or the same word in Danish
    titles = [f["title"] for f in fields if f.get("title") and f["title"] not in same]
    return [game["description"], *titles, *game["bot_descriptions"].values()]


def test_the_start_page_speaks_danish_for_ludol_and_rallyman(server: Server, browser: Any) -> None:
    """?lang=da: the setup of Ludøl and Rallyman in Danish (no English title, description
    or bot line left), and a game without a form of its own keeps none of the last one's."""
    games = {g["id"]: g for g in server.get("/api/meta/games")}  # type: ignore[union-attr]
    page = browser.new_page(viewport=LAPTOP)
    errors: list[str] = []
    watch_console(page, errors)
    page.goto(server.url + "/?lang=da")
    for game in ("ludol", "rallyman"):
        if game not in games:
            continue
        page.click(f'#game-choice [data-value="{game}"]')
        page.wait_for_function(
            f"document.body.innerText.includes({games[game]['name']!r})"
            " && !document.getElementById('start').disabled"
        )
        shown = page.inner_text("main") + " ".join(
            page.eval_on_selector_all("option, [title]", "els => els.map(e => e.title || e.text)")
        )
        left = [w for w in _english_words(games[game]) if w in shown]
        assert left == [], f"{game}: {left}"
        assert page.locator("#announce-card").count() == 0  # Racerbile's, drawn first
    page.close()
    assert not errors, errors


GENERIC_BOARD = """async () => {
  const generic = await import("/static/generic.js");
  const board = document.createElement("div");
  const controls = document.createElement("div");
  const sent = [];
  const ctx = { board, controls, busy: () => false, run: (fn) => fn(), send: (a) => sent.push(a) };
  const drawn = await generic.createBoard(ctx);
  const legal = [{ kind: "roll" }, { kind: "move_to", cell: 3 }];
  drawn.paint({ view: { lap: 2 }, legal_actions: legal });
  controls.querySelectorAll("button")[1].click();
  const buttons = [...controls.querySelectorAll("button")].map((b) => b.textContent);
  return { view: board.textContent, buttons, sent };
}"""


def test_a_game_without_a_web_module_gets_a_button_per_legal_action(
    server: Server, browser: Any
) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(server.url + "/")
    got = page.evaluate(GENERIC_BOARD)
    page.close()
    assert '"lap": 2' in got["view"]
    assert got["buttons"] == ["roll", "move to (cell 3)"]
    assert got["sent"] == [{"kind": "move_to", "cell": 3}]
