"""The pages' connection to a game (``static/api.js``): each new state is told to the
page once, so an action's answer and the push of the same state paint the board once
(a second paint rebuilt the board under a finger about to tap it)."""

from __future__ import annotations

from typing import Any

import pytest
from rb_harness import Server

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
