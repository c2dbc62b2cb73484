"""Websocket pushes as patches: what changed since the connection's last push.

A connection that asks for them (``?patches=true``) gets the whole state once, then
after every change only what differs from the state it was sent last: the envelope's
members that changed (``set``, and ``unset`` for any gone), the view's likewise
(``view``), and the log as a splice (``log``: drop lines from its start, keep a run,
add the new ones), since a change adds lines at the end and the bounded log loses them
at the start. Most of a state stays as it was from one change to the next (a track's
fault catalogue, the seats, the join links, all but the last log lines), so a push
is a third of the bytes to send, compress and read, or less.

A websocket delivers in order, so each patch applies to the state the client built
from the pushes before it; :func:`apply_patch` is that rule.
"""

from __future__ import annotations

from typing import Any

Envelope = dict[str, Any]


def envelope_patch(before: Envelope, after: Envelope) -> dict[str, Any]:
    """Returns the ``{"type": "patch", ...}`` push that turns ``before`` into ``after``."""
    changed: dict[str, Any] = {}
    patch: dict[str, Any] = {"type": "patch", "set": changed}
    for key, value in after.items():
        old = before.get(key, _MISSING)
        if _same(old, value):
            continue
        if key == "view" and isinstance(old, dict) and isinstance(value, dict):
            patch["view"] = _members(old, value)
        elif key == "log" and isinstance(old, list) and isinstance(value, list):
            patch["log"] = _splice(old, value)
        else:
            changed[key] = value
    gone = [key for key in before if key not in after]
    if gone:
        patch["unset"] = gone
    return patch


def apply_patch(before: Envelope, patch: dict[str, Any]) -> Envelope:
    """Returns the state ``patch`` (from :func:`envelope_patch`) makes of ``before``."""
    after = {**before, **patch.get("set", {})}
    for key in patch.get("unset", ()):
        after.pop(key, None)
    if "view" in patch:
        view = {**before["view"], **patch["view"]["set"]}
        for key in patch["view"].get("unset", ()):
            view.pop(key, None)
        after["view"] = view
    if "log" in patch:
        log = patch["log"]
        kept = before["log"][log["drop"] : log["drop"] + log["keep"]]
        after["log"] = [*kept, *log["add"]]
    return after


class _Missing:
    """A member not there (None is a value)."""


_MISSING = _Missing()


def _members(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    changed = {
        key: value for key, value in after.items() if not _same(before.get(key, _MISSING), value)
    }
    patch: dict[str, Any] = {"set": changed}
    gone = [key for key in before if key not in after]
    if gone:
        patch["unset"] = gone
    return patch


def _splice(before: list[Any], after: list[Any]) -> dict[str, Any]:
    """``after`` as a run of ``before`` (``keep`` lines from ``drop`` on) and lines added.

    Any start whose run matches gives ``after`` exactly; the first line of ``after``
    found in ``before`` is where a log that only lost lines at its start and gained
    some at its end continues (its lines are kept objects: found by identity first)."""
    drop = _position(before, after[0]) if after else None
    if drop is None:
        return {"drop": len(before), "keep": 0, "add": after}
    keep, most = 0, min(len(before) - drop, len(after))
    while keep < most and _same(before[drop + keep], after[keep]):
        keep += 1
    return {"drop": drop, "keep": keep, "add": after[keep:]}


def _same(a: Any, b: Any) -> bool:
    return a is b or a == b  # a kept line is the same object: no walk of its members


def _position(lines: list[Any], line: Any) -> int | None:
    try:
        return lines.index(line)  # identity, then equality
    except ValueError:
        return None
