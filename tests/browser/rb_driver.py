"""Playing a Racerbile race through the pages: read the state, click what a player would.

The driver reads the game over the API only to decide (which cell is furthest along
the track); every action goes through a click on the page.
"""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

from racerbile.games.racerbile.setup import load_track
from racerbile.hexgrid import Hex


def api_state(base: str, game_id: str, token: str | None) -> dict[str, Any]:
    request = urllib.request.Request(f"{base}/api/games/{game_id}")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
    return data


def best_target(state: dict[str, Any]) -> str:
    """Returns "q,r" of the reachable cell furthest along the race (cheapest on ties)."""
    view = state["view"]
    track = load_track(view["track"])
    dist = track.distances()
    lap = track.lap_length()
    seat = state["to_act"]
    car = next(c for c in view["cars"] if c["seat"] == seat)
    best: tuple[float, int] | None = None
    choice = ""
    for option in view["moves"]:
        here = Hex(*car["cell"])
        laps = car["laps"]
        for d in option["path"]:
            if here in track.cells:
                laps += track.finish_crossing(here, d)
            here = here.neighbor(d)
        cell = Hex(*option["cell"])
        progress = laps * lap - dist.get(cell, lap) - (5 if option["off_track"] else 0)
        key = (progress, -option["sips"])
        if best is None or key > best:
            best, choice = key, f"{cell.q},{cell.r}"
    return choice


def wait_idle(page: Any, seq_before: str, timeout: float = 30.0) -> None:
    """Waits until the page shows a newer state and is not sending anything."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seq = page.get_attribute("body", "data-seq")
        busy = page.evaluate("document.body.classList.contains('is-busy')")
        if seq != seq_before and not busy:
            return
        page.wait_for_timeout(30)
    error = page.inner_text("#action-error") if page.is_visible("#action-error") else ""
    raise AssertionError(f"the page did not move on from seq {seq_before} {error}")


def play_turn_by_clicks(page: Any, state: dict[str, Any]) -> str:
    """Makes one decision for the seat to act by clicking; returns what it did."""
    kinds = {(a["kind"], a.get("direction")) for a in state["legal_actions"]}
    seat = state["to_act"]
    car = next(c for c in state["view"]["cars"] if c["seat"] == seat)
    before = page.get_attribute("body", "data-seq") or ""
    if ("shift", "up") in kinds and car["gear"] < 3:
        page.click('[data-action="shift-up"]')
        did = "shift up"
    elif ("roll", None) in kinds:
        page.click('[data-action="roll"]')
        did = "roll"
    elif any(k == "step" for k, _ in kinds) and state["view"].get("moves"):
        target = best_target(state)
        page.click(f'.rb-target[data-cell="{target}"]', force=True)
        page.click("#drive-go")
        did = f"drive {target}"
    elif ("stop", None) in kinds:
        page.click('[data-action="stop"]')
        did = "stop"
    else:
        raise AssertionError(f"no control for {state['legal_actions']}")
    try:
        wait_idle(page, before)
    except AssertionError as exc:
        raise AssertionError(f"{did}: {exc}; legal: {state['legal_actions']}") from None
    return did
