"""What the party-table browser tests share: games made over the API, the host's page,
the viewports of a phone, a laptop and a TV, and the page measurements they check."""

from __future__ import annotations

from typing import Any

from rb_harness import Server, watch_console

TV = {"width": 1920, "height": 1080}
LONG_NAMES = ["A" * 40, "Bérénice" * 5, "Anna"]  # 40 characters without a space


def create(server: Server, names: list[str], **body: Any) -> dict[str, Any]:
    """Creates a Racerbile game over the API; returns the creation answer."""
    setup: dict[str, Any] = {"players": [{"name": n} for n in names], "track": "oval", "laps": 1}
    setup.update(body.pop("setup", {}))
    if "teams" in setup:
        del setup["players"], setup["track"]
    created = server.post("/api/games", {"game": "racerbile", "setup": setup, **body})
    assert isinstance(created, dict)
    return created


def open_page(browser: Any, url: str, errors: list[str], **context: Any) -> Any:
    """Opens ``url`` in a new browser context (its own storage) and records its errors."""
    page = browser.new_context(**context).new_page()
    watch_console(page, errors)
    page.goto(url)
    return page


def host_url(server: Server, created: dict[str, Any], query: str = "") -> str:
    path, _, fragment = created["host_url"].partition("#")
    return f"{server.url}{path}{query}#{fragment}"


def horizontal_overflow(page: Any) -> int:
    """Returns how many pixels the page is wider than the screen (0: no sideways scroll)."""
    return int(
        page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    )


SMALL_TEXT = """(root) => {
  const small = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || !el.checkVisibility()) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 32) small.push(`${size}px: ${node.textContent.trim().slice(0, 40)}`);
  }
  return small;
}"""
