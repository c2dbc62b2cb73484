"""The JSON text of what the server sends (view envelopes, websocket pushes).

orjson writes a view envelope six to eight times faster than the standard library
(``benchmarks/bench_envelope_text.py``), and every change of a room writes one per
kind of caller. What orjson refuses (an integer beyond 64 bits) is written by the
standard library, so nothing that was sent before fails now.
"""

from __future__ import annotations

import json
from typing import Any

import orjson


def json_text(value: Any) -> str:
    """Returns ``value`` as compact JSON text, non-ASCII characters as they are."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
