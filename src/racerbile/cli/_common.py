"""Helpers shared by the command modules: consoles, the one way to fail, printing user
text safely, reading the local files a command is given, and ``--track`` arguments.

A game never opens a path: the command line reads a local track file itself and hands
the game its text (a setup's ``track_text``), so a record holds the track it was
played on and replays anywhere.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..engine.contract import TrackCatalog
from ..engine.errors import TrackError

console = Console()
err_console = Console(stderr=True)

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest local file a command reads (records, tracks, images)."""


def plain(text: object) -> str:
    """Returns ``text`` with every control character shown as ``\\xNN``: it cannot
    move the cursor, recolour or retitle the terminal."""
    from ..engine.bounds import CONTROL_CHARACTERS  # here: bounds loads pydantic (slow start)

    return CONTROL_CHARACTERS.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


_UNESCAPED_BY_JSON = re.compile(r"[\x7f-\x9f]")  # json.dumps escapes C0 itself


def json_text(data: Any, indent: int | None = 2) -> str:
    """Returns ``data`` as JSON that keeps letters such as æøå but escapes every control
    character (JSON escapes C0 itself; DEL and C1 are escaped here)."""
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    return _UNESCAPED_BY_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def safe(text: object) -> str:
    """Returns user text ready for a Rich ``print``: control characters shown, markup escaped."""
    return escape(plain(text))


def fail(message: str, code: int = 2) -> NoReturn:
    """Prints one clear error line on stderr and exits with ``code`` (no traceback).

    ``message`` is plain text (never markup), with its control characters shown."""
    err_console.print(
        Text.assemble(("error:", "bold red"), " ", plain(message)), highlight=False, soft_wrap=True
    )
    raise typer.Exit(code)


class LocalFileError(ValueError):
    """A local file cannot be read; the message names the file."""


def read_local_file(path: str | Path, what: str) -> bytes:
    """Returns the content of a regular local file of at most MAX_FILE_BYTES; raises
    LocalFileError naming the file otherwise (a FIFO or device is not waited on or read)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise LocalFileError(f"{path}: no such {what}") from None
    except OSError as exc:
        raise LocalFileError(f"{path}: cannot read the {what}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise LocalFileError(f"{path}: not a regular file, so not a {what}")
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise LocalFileError(f"{path}: larger than {MAX_FILE_BYTES >> 20} MiB; not a {what}")
    return data


def track_problem(exc: TrackError) -> str:
    """Returns the first problem of a TrackError, noting how many more there are."""
    more = len(exc.problems) - 1
    suffix = f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else ""
    return exc.problems[0] + suffix


def track_text(catalog: TrackCatalog, path: str) -> str:
    """Returns the track text (a setup's ``track_text``) of the local track file ``path``;
    raises TrackError naming the file when it is missing, unreadable or not a track."""
    if not os.path.lexists(path):
        bundled = ", ".join(catalog.bundled()) or "none"
        raise TrackError(
            f"{path}: no such track file, and no bundled track has that id (bundled: {bundled})"
        )
    try:
        return catalog.text_of(read_local_file(path, "track file"), path)
    except LocalFileError as exc:
        raise TrackError(str(exc)) from None


def read_track(catalog: TrackCatalog, ref: str) -> Any:
    """Returns the track of a bundled id or a local track file; raises TrackError."""
    if ref in catalog.bundled():
        return catalog.load(ref)
    return catalog.parse(track_text(catalog, ref), source=ref, track_id=Path(ref).stem)


def track_fields(catalog: TrackCatalog, ref: str) -> dict[str, str]:
    """Returns the setup fields of a ``--track`` argument: ``{"track": id}`` for a bundled
    id, ``{"track_text": text}`` for a local track file (the names are the catalogue's
    ``setup_fields``); fails with one line otherwise."""
    id_field, text_field = catalog.setup_fields
    if ref in catalog.bundled() or (not os.path.lexists(ref) and _loads(catalog, ref)):
        return {id_field: ref}  # a bundled id, or another one the catalogue loads (a stage)
    try:
        return {text_field: track_text(catalog, ref)}
    except TrackError as exc:
        fail(track_problem(exc))


def _loads(catalog: TrackCatalog, ref: str) -> bool:
    try:
        catalog.load(ref)
    except TrackError:
        return False
    return True


def load_track_arg(catalog: TrackCatalog, ref: str) -> Any:
    """Returns the track of a ``--track`` argument; fails with one line if it has none."""
    try:
        return read_track(catalog, ref)
    except TrackError as exc:
        fail(track_problem(exc))
