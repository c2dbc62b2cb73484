"""Vectrace tracks: the text format, importers and validation (VT-TRACK-1…3).

Native format (VT-TRACK-3): optional header lines ``key: value`` (``name``, ``author``,
``laps``, ``description``), then the grid, one lattice point per character:

* ``#`` off-track, ``.`` track, ``S`` start, ``F`` finish,
* ``1``-``9`` checkpoints (on-track points that must be passed in order, VT-OPT-5).

x runs to the right (the column), y down (the grid line), both from 0.

**Decision (circuits):** a track without ``F`` is a circuit whose finish line is its
start line; it needs at least one checkpoint so the race direction is defined.

Importers (all produce the native alphabet):

* black-and-white images, one pixel per point: dark pixels are off-track, light ones
  track, green ones start, red ones finish (:func:`from_image`);
* the planning-benchmark ``.track`` format (``x`` wall, ``.`` road, ``s`` start,
  ``g`` goal, optional ``dim: W H`` first line) (:func:`from_benchmark`);
* grass/road letter grids (``G`` grass and ``W`` wall off-track, ``R`` road,
  ``S`` start, ``F`` finish), as written by several Racetrack programs
  (:func:`from_letters`).

Importers take a file's content, never a path (the caller reads the file). Every
problem raises :class:`~racerbile.engine.errors.TrackError` with one message naming
the file, and the line and column where there is one.
"""

from __future__ import annotations

import io
import re
import warnings
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import cast

from ...engine.errors import TrackError

Point = tuple[int, int]

OFF = "#"
TRACK_CHARS = frozenset(".SF123456789")
ALPHABET = frozenset("#.SF123456789")
HEADER_KEYS = ("name", "author", "laps", "description")
_HEADER = re.compile(r"^([A-Za-z_]+)\s*:\s*(.*)$")
IMAGE_SUFFIXES = frozenset({".png", ".bmp", ".gif", ".pbm", ".pgm", ".ppm", ".tif", ".tiff"})
MAX_SIDE = 1000
"""The widest and tallest grid a track file may have (a setup allows less)."""
MAX_TEXT = (MAX_SIDE + 1) * MAX_SIDE + 4096
"""The most characters a text track may hold: the largest grid and its header lines."""


@dataclass(frozen=True)
class Track:
    """A validated track: the grid lines plus header fields. Points are ``(x, y)``."""

    id: str
    rows: tuple[str, ...]
    name: str = ""
    author: str = ""
    laps: int | None = None
    description: str = ""
    source: str = field(default="", compare=False)

    @property
    def width(self) -> int:
        """Returns the number of points per line."""
        return len(self.rows[0])

    @property
    def height(self) -> int:
        """Returns the number of grid lines."""
        return len(self.rows)

    def char(self, x: int, y: int) -> str:
        """Returns the character at ``(x, y)``; points outside the grid are ``#``."""
        if 0 <= y < len(self.rows) and 0 <= x < len(self.rows[0]):
            return self.rows[y][x]
        return OFF

    def on_track(self, x: int, y: int) -> bool:
        """Returns whether ``(x, y)`` is an on-track point (VT-TRACK-2)."""
        # :meth:`char` spelt out: every square of every move asks
        rows = self.rows
        return 0 <= y < len(rows) and 0 <= x < len(rows[0]) and rows[y][x] != OFF

    def points(self, chars: str) -> tuple[Point, ...]:
        """Returns the points holding any of ``chars``, line by line."""
        return tuple(
            (x, y) for y, row in enumerate(self.rows) for x, c in enumerate(row) if c in chars
        )

    @cached_property
    def starts(self) -> tuple[Point, ...]:
        """Returns the start points ``S`` in reading order."""
        return self.points("S")

    @cached_property
    def finishes(self) -> frozenset[Point]:
        """Returns the finish points: ``F``, or ``S`` on a circuit."""
        return frozenset(self.points("F") or self.starts)

    @property
    def is_circuit(self) -> bool:
        """Returns whether the finish line is the start line (no ``F`` on the track)."""
        return not self.points("F")

    @cached_property
    def checkpoints(self) -> tuple[frozenset[Point], ...]:
        """Returns the checkpoint lines in passing order (digits 1-9 present on the track)."""
        lines = []
        for digit in "123456789":
            pts = self.points(digit)
            if pts:
                lines.append(frozenset(pts))
        return tuple(lines)

    def text(self) -> str:
        """Returns the track in the native text format (header and grid)."""
        head = [
            f"{key}: {value}"
            for key, value in (
                ("name", self.name),
                ("author", self.author),
                ("laps", self.laps),
                ("description", self.description),
            )
            if value not in ("", None)
        ]
        return "\n".join([*head, *self.rows]) + "\n"

    def _repr_svg_(self) -> str:
        from .render import render_svg

        return render_svg(self)


# --- parsing -----------------------------------------------------------------------------


def parse_track(text: str, *, source: str = "<track>", track_id: str = "") -> Track:
    """Parses the native format and validates the result.

    Raises TrackError naming ``source``, the line and column of the first problem.
    """
    if len(text) > MAX_TEXT:
        raise TrackError(f"{source}: the track is larger than {MAX_TEXT} characters")
    if not text.strip():
        raise TrackError(f"{source}: the file is empty; expected a track grid of # . S F")
    if "\x00" in text:
        raise TrackError(f"{source}: this is a binary file, not a text track")
    headers, grid, first_line = _split_header(text.splitlines(), source)
    if not grid:
        raise TrackError(f"{source}: the file ends after the header lines; the grid is missing")
    track = Track(
        id=track_id or Path(source).stem,
        rows=tuple(grid),
        name=headers.get("name", ""),
        author=headers.get("author", ""),
        laps=_laps(headers, source),
        description=headers.get("description", ""),
        source=source,
    )
    check_grid(track, source, first_line)
    return track


def _split_header(lines: list[str], source: str) -> tuple[dict[str, str], list[str], int]:
    """Returns the header fields, the grid lines and the 1-based line number of the grid."""
    headers: dict[str, str] = {}
    index = 0
    while index < len(lines):
        line = lines[index].rstrip("\r")
        match = _HEADER.match(line)
        if not line.strip():
            index += 1
            continue
        if not match:
            break
        key = match.group(1).lower()
        if key not in HEADER_KEYS:
            raise TrackError(
                f"{source}:{index + 1}:1: unknown header {key!r}; "
                f"expected one of: {', '.join(HEADER_KEYS)}"
            )
        headers[key] = match.group(2).strip()
        index += 1
    grid = [line.rstrip("\r") for line in lines[index:]]
    while grid and not grid[-1].strip():
        grid.pop()
    return headers, grid, index + 1


def _laps(headers: dict[str, str], source: str) -> int | None:
    raw = headers.get("laps")
    if raw is None:
        return None
    if not raw.isdigit() or not 1 <= int(raw) <= 99:
        raise TrackError(f"{source}: header 'laps' must be a whole number 1-99, not {raw!r}")
    return int(raw)


def check_grid(track: Track, source: str, first_line: int = 1) -> None:
    """Validates a grid (VT-TRACK-3); raises TrackError on the first problem."""
    width = len(track.rows[0])
    if width > MAX_SIDE or len(track.rows) > MAX_SIDE:
        raise TrackError(f"{source}: the grid is larger than {MAX_SIDE}x{MAX_SIDE} points")
    for y, row in enumerate(track.rows):
        line = first_line + y
        for x, c in enumerate(row):
            if c not in ALPHABET:
                shown = repr(c) if c.isprintable() else f"U+{ord(c):04X}"
                raise TrackError(
                    f"{source}:{line}:{x + 1}: unknown character {shown}; "
                    "expected # . S F or a checkpoint digit 1-9"
                )
        if len(row) < width and y == len(track.rows) - 1 and y > 0:
            raise TrackError(
                f"{source}:{line}:{len(row) + 1}: the last line has {len(row)} characters, "
                f"expected {width}; the file looks truncated"
            )
        if len(row) != width:
            column = min(len(row), width) + 1
            raise TrackError(
                f"{source}:{line}:{column}: ragged line: {len(row)} characters, "
                f"expected {width} like line {first_line}"
            )
    _check_lines(track, source, first_line)


def _check_lines(track: Track, source: str, first_line: int) -> None:
    if not track.starts:
        raise TrackError(f"{source}: no start point 'S' on the track")
    if track.is_circuit and not track.checkpoints:
        raise TrackError(
            f"{source}: no finish point 'F'; a circuit (finish = start line) "
            "needs checkpoints 1-9 to give the race direction"
        )
    reach = reachable(track, track.starts)
    targets = [("finish", track.finishes)] + [
        (f"checkpoint {i + 1}", cp) for i, cp in enumerate(track.checkpoints)
    ]
    for label, points in targets:
        if not points & reach:
            x, y = track.starts[0]
            raise TrackError(
                f"{source}:{first_line + y}:{x + 1}: the start is not connected to the {label}"
            )


def reachable(track: Track, sources: tuple[Point, ...]) -> frozenset[Point]:
    """Returns the on-track points 8-connected to ``sources`` (diagonal corner moves count)."""
    seen = set(sources)
    queue = deque(sources)
    while queue:
        x, y = queue.popleft()
        for nx, ny in _neighbours(x, y):
            if (nx, ny) not in seen and track.on_track(nx, ny):
                seen.add((nx, ny))
                queue.append((nx, ny))
    return frozenset(seen)


def _neighbours(x: int, y: int) -> Iterator[Point]:
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx or dy:
                yield x + dx, y + dy


def warnings_for(track: Track) -> list[str]:
    """Returns advice that does not make the track unusable."""
    notes = []
    if not track.name:
        notes.append("no 'name:' header; the file name is used")
    if track.laps and not track.checkpoints:
        notes.append("'laps:' is set but the track has no checkpoints")
    border = track.rows[0] + track.rows[-1] + "".join(r[0] + r[-1] for r in track.rows)
    if any(c != OFF for c in border):
        notes.append("the track touches the grid border; the area outside counts as off-track")
    return notes


# --- importers ---------------------------------------------------------------------------


def from_benchmark(text: str, *, source: str = "<track>", track_id: str = "") -> Track:
    """Imports the planning-benchmark ``.track`` format (x wall, . road, s start, g goal)."""
    lines = [line.rstrip("\r") for line in text.splitlines()]
    if lines and lines[0].lower().startswith("dim"):
        lines = lines[1:]
    table = str.maketrans({"x": "#", "X": "#", "s": "S", "g": "F", "o": "."})
    grid = "\n".join(line.translate(table) for line in lines)
    return parse_track(grid, source=source, track_id=track_id)


def from_letters(text: str, *, source: str = "<track>", track_id: str = "") -> Track:
    """Imports grass/road letter grids (G grass and W wall off-track, R road, S, F)."""
    table = str.maketrans({"G": "#", "W": "#", "R": ".", "g": "#", "r": "."})
    return parse_track(text.translate(table), source=source, track_id=track_id)


def from_image(data: bytes, *, source: str = "<image>", track_id: str = "") -> Track:
    """Imports an image, one pixel per point: dark = off-track, light = track,
    green = start, red = finish. Raises TrackError for unreadable or too large images
    (the size is read from the header, before any pixel is decoded)."""
    from PIL import Image, UnidentifiedImageError

    too_large = f"{source}: the image is larger than {MAX_SIDE}x{MAX_SIDE} pixels"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                if image.width > MAX_SIDE or image.height > MAX_SIDE:
                    raise TrackError(too_large)
                rgb = image.convert("RGB")
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise TrackError(too_large) from None
    except (OSError, UnidentifiedImageError, ValueError) as exc:
        raise TrackError(f"{source}: cannot read the image: {exc}") from None
    pixels = rgb.load()
    assert pixels is not None
    rows = [
        "".join(_pixel_char(cast(tuple[int, int, int], pixels[x, y])) for x in range(rgb.width))
        for y in range(rgb.height)
    ]
    return parse_track("\n".join(rows), source=source, track_id=track_id or Path(source).stem)


def _pixel_char(pixel: tuple[int, int, int]) -> str:
    r, g, b = pixel
    if g > 128 and r < 100 and b < 100:
        return "S"
    if r > 128 and g < 100 and b < 100:
        return "F"
    return "." if (r + g + b) >= 384 else "#"


def import_track(data: bytes, source: str, *, track_id: str = "") -> Track:
    """Reads a track file's content in any supported format, chosen by the suffix of
    ``source`` (the file's name). Raises TrackError with one clear message."""
    suffix = Path(source).suffix.lower()
    tid = track_id or Path(source).stem
    if suffix in IMAGE_SUFFIXES:
        return from_image(data, source=source, track_id=tid)
    if b"\x00" in data:
        raise TrackError(f"{source}: this is a binary file, not a text track")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TrackError(
            f"{source}: not UTF-8 text (byte {exc.start}); is this a track file?"
        ) from None
    if suffix == ".track":
        return from_benchmark(text, source=source, track_id=tid)
    if suffix == ".grass":
        return from_letters(text, source=source, track_id=tid)
    return parse_track(text, source=source, track_id=tid)
