"""RB-RACE-1: the time trial's stopwatch counts while it runs (Racerbile and Le Mans),
and the time it stops at is the one sent; before the Le Mans race the clock card does
not say the last lap was called."""

from __future__ import annotations

from typing import Any

import pytest
from party_kit import create, host_url, open_page
from rb_harness import LAPTOP, PHONE, Server

pytestmark = pytest.mark.browser

SETUPS = {
    "racerbile": {"rule_set": "racerbile"},
    "lemans": {
        "rule_set": "lemans",
        "teams": [{"name": "Red", "drivers": ["Ann", "Bo"]}, {"name": "Blue", "drivers": ["Cy"]}],
        "judges": ["Judy"],
        "event_hours": 1,
    },
}


def _shown(page: Any) -> float:
    return float(page.inner_text(".trial-time").removesuffix(" s"))


@pytest.mark.rule("RB-RACE-1")
@pytest.mark.parametrize("rule_set", ["racerbile", "lemans"])
def test_the_stopwatch_counts_while_it_runs(
    racerbile_server: Server, browser: Any, rule_set: str
) -> None:
    errors: list[str] = []
    created = create(racerbile_server, ["Anna", "Bo"], setup=SETUPS[rule_set], seed=3)
    viewport = PHONE if rule_set == "lemans" else LAPTOP
    page = open_page(browser, host_url(racerbile_server, created), errors, viewport=viewport)
    page.wait_for_selector('[data-action="time-trial"]')
    if rule_set == "lemans":
        clock = page.inner_text("#clock-card") if page.is_visible("#clock-card") else ""
        assert "call the last lap" not in clock and "starts with the race" in clock
    assert _shown(page) == 0.0
    page.click('[data-action="time-trial"]')
    page.wait_for_function("parseFloat(document.querySelector('.trial-time').textContent) >= 0.5")
    first = _shown(page)
    page.wait_for_timeout(400)
    assert _shown(page) > first, "the stopwatch stands still"
    seq = page.get_attribute("body", "data-seq")
    page.click('[data-action="time-trial"]')  # the beer is empty
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    record = racerbile_server.get(f"/api/games/{created['id']}/record")
    assert isinstance(record, dict)
    trials = [a for a in record["actions"] if a["kind"] == "time_trial"]
    assert trials and trials[-1]["seconds"] >= first + 0.3  # the time it stopped at
    assert errors == []
