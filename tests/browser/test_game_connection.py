"""The pages' connection to a game (``static/api.js``): each new state is told to the
page once, so an action's answer and the push of the same state paint the board once
(a second paint rebuilt the board under a finger about to tap it); the socket's
patches make the server's states."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from rb_harness import Server

from racerbile.server.patches import envelope_patch

pytestmark = pytest.mark.browser

TOLD = """async () => {
  const { GameConnection } = await import("/static/api.js");
  const conn = new GameConnection("any");
  const told = [];
  conn.onState((s) => told.push([s.seq, s.log.length]));
  conn.accept({ seq: 1, log: ["a"] });
  conn.accept({ seq: 1, log: ["a"] }); // the push of an answer's state
  conn.accept({ seq: 1, log: ["a", "b"] }); // the same seq, another state (a seat claimed)
  conn.accept({ seq: 0, log: [] }); // an older state
  conn.accept({ seq: 2, log: [] });
  return told;
}"""


def test_the_same_state_again_is_not_told_again(server: Server, browser: Any) -> None:
    page = browser.new_page()
    page.goto(f"{server.url}/")
    assert page.evaluate(TOLD) == [[1, 1], [1, 2], [2, 0]]


APPLY = """async (pairs) => {
  const { applyPatch } = await import("/static/api.js");
  return pairs.map(([before, patch]) => applyPatch(before, patch));
}"""


def test_the_page_builds_from_a_patch_the_state_the_server_patched(
    server: Server, browser: Any
) -> None:
    """``applyPatch`` in the page and :func:`envelope_patch` on the server agree, on
    the states of a real game (its view, log and legal actions changing each time)."""
    created: Any = server.post(
        "/api/games",
        {"game": "racerbile", "setup": {"players": [{"name": "Anna"}, {"name": "Bo"}]}, "seed": 5},
    )
    game, host = created["id"], created["host_token"]
    rng = random.Random(5)
    states: list[Any] = [server.get(f"/api/games/{game}", host)]
    while len(states) < 30 and states[-1]["legal_actions"] and not states[-1]["finished"]:
        move = {"action": rng.choice(states[-1]["legal_actions"]), "seq": states[-1]["seq"]}
        states.append(server.post(f"/api/games/{game}/actions", move, host))
    pairs = [[a, envelope_patch(a, b)] for a, b in itertools.pairwise(states)]
    assert any("log" in patch and patch["log"]["keep"] for _, patch in pairs)
    page = browser.new_page()
    page.goto(f"{server.url}/")
    assert page.evaluate(APPLY, pairs) == states[1:]
