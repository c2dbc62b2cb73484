"""Reading rally data files safely: size bound, binary and encoding checks, TOML, lines.

Every problem becomes a sentence that starts with ``file:line:`` when a line is known,
so a broken, truncated, empty or binary file gives clear messages, never a traceback.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ....engine.errors import TrackError

MAX_FILE_BYTES = 256 * 1024


def read_bytes(path: Path) -> bytes:
    """Returns the file's bytes; raises TrackError if it is missing, unreadable or too big."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise TrackError(
                f"{path}: the file has {size} bytes; rally files are at most {MAX_FILE_BYTES}"
            )
        return path.read_bytes()
    except OSError as exc:
        raise TrackError(f"{path}: cannot read the file: {exc.strerror or exc}") from None


def load_toml(raw: bytes | str, source: str, fmt: str) -> tuple[dict[str, Any], str]:
    """Returns (the TOML table, the text) of a file that must declare ``format = fmt``.

    Raises TrackError for binary, non-UTF-8, empty, oversized or syntactically broken text,
    or a missing or different format line.
    """
    if isinstance(raw, bytes):
        if len(raw) > MAX_FILE_BYTES:
            raise TrackError(
                f"{source}: the file has {len(raw)} bytes; rally files are at most {MAX_FILE_BYTES}"
            )
        if b"\x00" in raw:
            raise TrackError(f"{source}: this is a binary file, not a TOML {fmt} file")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            raise TrackError(f"{source}:{line}: byte {exc.start} is not UTF-8 text") from None
    else:
        text = raw
        if len(text) > MAX_FILE_BYTES:
            raise TrackError(f"{source}: the text is longer than {MAX_FILE_BYTES} characters")
    if not text.strip():
        raise TrackError(f'{source}: the file is empty; it must start with format = "{fmt}"')
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        if message.endswith("(at end of document)"):
            what = message.removesuffix(" (at end of document)")
            end = text.count("\n") + 1
            raise TrackError(
                f"{source}:{end}: TOML syntax error at the end: {what} (is the file truncated?)"
            ) from None
        if "(at line " in message:
            what, _, where = message.rpartition(" (at line ")
            row, _, col = where.rstrip(")").partition(", column ")
            raise TrackError(f"{source}:{row}:{col}: TOML syntax error: {what}") from None
        raise TrackError(f"{source}: TOML syntax error: {message}") from None
    if data.get("format") != fmt:
        raise TrackError(
            f'{source}:{line_of(text, ("format",))}: field format: expected "{fmt}", '
            f"found {data.get('format')!r}"
        )
    return data, text


_HEADER = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.]+)\s*\]\]?")


def line_of(text: str, loc: Sequence[str | int]) -> int:
    """Returns the best line number (1-based) for a field path like ``("space", 3, "kind")``.

    The path's table (``[[space]]`` number 3) is found by its headers; inside it the
    line of the last key named in the path; 1 if nothing matches.
    """
    lines = text.splitlines()
    start, end = 0, len(lines)
    headers = [(i, m.group(1)) for i, line in enumerate(lines) if (m := _HEADER.match(line))]
    if loc and isinstance(loc[0], str) and len(loc) > 1 and isinstance(loc[1], int):
        found = [i for i, name in headers if name == loc[0]]
        if loc[1] < len(found):
            start = found[loc[1]]
            later = [i for i, _ in headers if i > start]
            end = later[0] if later else len(lines)
    elif headers:
        top_key = loc[0] if loc else None
        table = [i for i, name in headers if name == top_key]
        if table:
            start = table[0]
            later = [i for i, _ in headers if i > start]
            end = later[0] if later else len(lines)
        else:
            end = headers[0][0]
    keys = [p for p in loc if isinstance(p, str)]
    for key in reversed(keys):
        pattern = re.compile(rf"(^|[{{,\s]){re.escape(key)}\s*=")
        for i in range(start, end):
            if pattern.search(lines[i]):
                return i + 1
    return start + 1


def shape_problems(exc: ValidationError, text: str, source: str, label: str) -> list[str]:
    """Returns one sentence per pydantic error: ``file:line: <label>: field a.b: message``."""
    problems = []
    for error in exc.errors():
        loc = tuple(p for p in error["loc"] if isinstance(p, str | int))
        field = ".".join(str(p) for p in loc) or "(file)"
        problems.append(f"{source}:{line_of(text, loc)}: {label}: field {field}: {error['msg']}")
    return problems


def fail(problems: list[str]) -> TrackError:
    """Returns the TrackError carrying every problem (the first one is the message)."""
    return TrackError(problems[0], problems)
