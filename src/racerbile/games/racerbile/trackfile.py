"""Reading Racerbile track files (TOML, ``format = "racerbile-track"``, ``version = 1``).

The file is validated at the edge with pydantic; every error names the file, the
line and column or the field, and what is wrong, and is raised as one
:class:`~racerbile.engine.errors.TrackError`. The map is a doubled-coordinate text
picture: a cell at every character position whose doubled column ``c`` has ``c + r``
even, with ``q = (c - r) / 2``.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ...engine.errors import TrackError
from ...hexgrid import Hex, direction_names
from .track import CellKind, Decoration, Edge, Fork, GridSlot, Pit, Track

FORMAT = "racerbile-track"
VERSION = 1
MAX_TEXT = 49_152
"""The most characters a track file may hold (the bundled ones hold about 3,000; a
setup's ``track_text`` travels in a request body of at most 64 KiB)."""
MAX_CELLS = 2_000
"""The most cells a track may have (the Le Mans board has 184)."""
MAX_DEPTH = 16
"""The deepest nesting of arrays and inline tables a track file may use (it needs 3)."""
MAX_DOTS = 64
"""The most dots outside strings on one line: tomllib's memory grows with the square of
a dotted key's length, so a long one is refused before parsing."""

Direction = int | str
EdgeSpec = tuple[int, int, Direction]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MetaSpec(_Model):
    name: str
    laps: int = Field(3, ge=1, le=100)  # as a setup's laps (RB-END-1)
    orientation: Literal["pointy", "flat"] = "pointy"
    grid_behind_line: bool = True
    description: str = ""
    author: str = ""


class MapSpec(_Model):
    origin: tuple[int, int] = (0, 0)
    legend: dict[str, CellKind]
    rows: str

    @field_validator("legend")
    @classmethod
    def _single_characters(cls, legend: dict[str, CellKind]) -> dict[str, CellKind]:
        for key in legend:
            if len(key) != 1 or key in " .":
                raise ValueError(f"legend key {key!r} must be one character other than ' ' and '.'")
        return legend


class CellSpec(_Model):
    at: tuple[int, int]
    tags: list[str] = []


class EdgesSpec(_Model):
    edges: list[EdgeSpec]


class GridSpec(_Model):
    at: tuple[int, int]
    facing: Direction | None = None


class ConstraintsSpec(_Model):
    walls: list[EdgeSpec] = []
    one_way: list[EdgeSpec] = []


class ForkSpec(_Model):
    id: str
    choice: Literal["per_race", "per_lap"] = "per_race"
    branches: dict[str, list[tuple[int, int]]]


class PitSpec(_Model):
    cells: list[tuple[int, int]]
    enter_in_gear: int = Field(1, ge=1, le=3)
    free_driver_change: bool = True


class DecorationSpec(_Model):
    kind: str
    over: list[tuple[int, int]]


class TrackSpec(_Model):
    format: Literal["racerbile-track"]
    version: int
    meta: MetaSpec
    map: MapSpec
    cell: list[CellSpec] = []
    finish: EdgesSpec
    midway: EdgesSpec | None = None
    grid: list[GridSpec] = Field(min_length=1)
    constraints: ConstraintsSpec = ConstraintsSpec()
    fork: list[ForkSpec] = []
    pit: PitSpec | None = None
    decoration: list[DecorationSpec] = []
    style: dict[str, str] = {}


def parse_track(raw: bytes | str, source: str = "<track>", track_id: str = "track") -> Track:
    """Parses track file content; raises TrackError with one clear message."""
    text = decode_track(raw, source)
    check_shape(text, source)
    data = _parse_toml(text, source)
    _check_version(data, source)
    try:
        spec = TrackSpec.model_validate(data)
    except ValidationError as exc:
        raise TrackError(_pydantic_message(exc, source)) from None
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    return _build(spec, text, source, track_id, digest)


def decode_track(raw: bytes | str, source: str) -> str:
    """Returns the text of track file content; raises TrackError if it cannot be one."""
    if len(raw) > MAX_TEXT:
        raise TrackError(
            f"{source}: the track file is larger than {MAX_TEXT} characters; is this a track file?"
        )
    binary = TrackError(f"{source}: this is a binary file, not a TOML track file")
    if isinstance(raw, bytes):
        if b"\x00" in raw:
            raise binary
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise TrackError(
                f"{source}: byte {exc.start} is not UTF-8 text; a track file is UTF-8 TOML"
            ) from None
    text = raw
    if "\x00" in text:
        raise binary
    if not text.strip():
        raise TrackError(
            f"{source}: the file is empty; a track file starts with "
            f'format = "{FORMAT}" and version = {VERSION}'
        )
    return text


_STRING_ENDS = {
    '"': re.compile(r'(?:[^"\\\n]|\\.)*"'),
    "'": re.compile(r"[^'\n]*'"),
    '"""': re.compile(r'(?:[^"\\]|\\.|"(?!""))*"""', re.DOTALL),
    "'''": re.compile(r"(?:[^']|'(?!''))*'''", re.DOTALL),
}


def check_shape(text: str, source: str) -> None:
    """Refuses, before parsing, TOML nested deeper than MAX_DEPTH or a line with more
    than MAX_DOTS dots outside strings (a huge dotted key); raises TrackError."""
    depth = dots = 0
    line, i = 1, 0
    while i < len(text):
        char = text[i]
        if char == "\n":
            line, dots = line + 1, 0
        elif char == "#":
            i = text.find("\n", i)
            i = len(text) if i < 0 else i
            continue
        elif char in "\"'":
            quote = char * 3 if text.startswith(char * 3, i) else char
            found = _STRING_ENDS[quote].match(text, i + len(quote))
            end = found.end() if found else len(text)  # tomllib reports the open string
            line += text.count("\n", i, end)
            i = end
            continue
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise TrackError(f"{source}:{line}: nested deeper than {MAX_DEPTH} levels")
        elif char in "]}":
            depth = max(0, depth - 1)
        elif char == ".":
            dots += 1
            if dots > MAX_DOTS:
                raise TrackError(
                    f"{source}:{line}: more than {MAX_DOTS} dots outside strings on one line "
                    "(a dotted key that long is not a track file's)"
                )
        i += 1


def _parse_toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        # tomllib says "... (at line 3, column 7)"; turn it into file:line:column.
        if "(at line " in message:
            what, _, where = message.rpartition(" (at line ")
            line, _, col = where.rstrip(")").partition(", column ")
            raise TrackError(f"{source}:{line}:{col}: TOML syntax error: {what}") from None
        raise TrackError(f"{source}: TOML syntax error: {message}") from None


def _check_version(data: dict[str, Any], source: str) -> None:
    fmt = data.get("format")
    if fmt != FORMAT:
        raise TrackError(f'{source}: field format: expected "{FORMAT}", found {fmt!r}')
    version = data.get("version")
    if version != VERSION:
        raise TrackError(
            f"{source}: field version: this program reads track format version {VERSION}, "
            f"the file says {version!r}"
        )


def _pydantic_message(exc: ValidationError, source: str) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    problems = len(exc.errors())
    more = (
        f" (and {problems - 1} more problem{'s' if problems > 2 else ''})" if problems > 1 else ""
    )
    return f"{source}: field {where}: {first['msg']}{more}"


class _Builder:
    """Turns a validated spec into a Track, raising TrackError on the first bad fact."""

    def __init__(self, spec: TrackSpec, text: str, source: str):
        self.spec = spec
        self.text = text
        self.source = source
        self.names = direction_names(spec.meta.orientation)

    def fail(self, where: str, what: str) -> TrackError:
        return TrackError(f"{self.source}: field {where}: {what}")

    def cells(self) -> dict[Hex, CellKind]:
        spec = self.spec.map
        first_line = _rows_first_line(self.text)
        rows = spec.rows.split("\n")
        if rows and rows[0] == "":
            rows = rows[1:]
        cells: dict[Hex, CellKind] = {}
        for i, row in enumerate(rows):
            r = spec.origin[1] + i
            for j, char in enumerate(row):
                if char in " .":
                    continue
                c = spec.origin[0] + j
                line = f"{self.source}:{first_line + i}:{j + 1}"
                if (c + r) % 2:
                    raise TrackError(
                        f"{line}: map character {char!r} is off the hexagon lattice "
                        f"(doubled column {c} and row {r} must have an even sum; "
                        "check the stagger of this line)"
                    )
                if char not in spec.legend:
                    known = "".join(sorted(spec.legend))
                    raise TrackError(
                        f"{line}: map character {char!r} is not in the legend ({known})"
                    )
                cells[Hex((c - r) // 2, r)] = spec.legend[char]
        if not cells:
            raise self.fail("map.rows", "the map has no cells")
        if len(cells) > MAX_CELLS:
            raise self.fail("map.rows", f"the map has {len(cells)} cells, more than {MAX_CELLS}")
        return cells

    def direction(self, value: Direction, where: str) -> int:
        if isinstance(value, int):
            if 0 <= value < 6:
                return value
            raise self.fail(where, f"direction {value} is not 0-5")
        if value.upper() in self.names:
            return self.names.index(value.upper())
        raise self.fail(
            where,
            f"direction {value!r} is not one of {', '.join(self.names)} "
            f"({self.spec.meta.orientation}-top) or 0-5",
        )

    def edges(self, specs: list[EdgeSpec], cells: dict[Hex, CellKind], where: str) -> set[Edge]:
        edges: set[Edge] = set()
        for i, (q, r, d) in enumerate(specs):
            here = f"{where}[{i}]"
            cell = Hex(q, r)
            direction = self.direction(d, here)
            if cell not in cells:
                raise self.fail(here, f"cell {q},{r} is not on the track")
            if cell.neighbor(direction) not in cells:
                other = cell.neighbor(direction)
                raise self.fail(
                    here, f"the edge from {q},{r} leads to {other}, which is not on the track"
                )
            edges.add((cell, direction))
        return edges

    def hex(self, pair: tuple[int, int], cells: dict[Hex, CellKind], where: str) -> Hex:
        if Hex(*pair) not in cells:
            raise self.fail(where, f"cell {pair[0]},{pair[1]} is not on the track")
        return Hex(*pair)

    def hexes(
        self, pairs: list[tuple[int, int]], cells: dict[Hex, CellKind], where: str
    ) -> frozenset[Hex]:
        out = set()
        for i, (q, r) in enumerate(pairs):
            if Hex(q, r) not in cells:
                raise self.fail(f"{where}[{i}]", f"cell {q},{r} is not on the track")
            out.add(Hex(q, r))
        return frozenset(out)


def _rows_first_line(text: str) -> int:
    """Returns the file line number of the first map row (after ``rows = \"\"\"``)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip().startswith("rows") and '"""' in line:
            return number + 1 if line.rstrip().endswith('"""') else number
    return 1


def _build(spec: TrackSpec, text: str, source: str, track_id: str, digest: str) -> Track:
    b = _Builder(spec, text, source)
    cells = b.cells()
    tags: dict[Hex, frozenset[str]] = {}
    for i, cell_spec in enumerate(spec.cell):
        cell = b.hex(cell_spec.at, cells, f"cell[{i}].at")
        tags[cell] = tags.get(cell, frozenset()) | frozenset(cell_spec.tags)
    grid = []
    for i, slot in enumerate(spec.grid):
        at = b.hex(slot.at, cells, f"grid[{i}].at")
        facing = None if slot.facing is None else b.direction(slot.facing, f"grid[{i}].facing")
        if facing is not None and at.neighbor(facing) not in cells:
            raise b.fail(f"grid[{i}].facing", f"grid slot {at} faces off the track")
        grid.append(GridSlot(at, facing))
    forks = tuple(
        Fork(
            id=f.id,
            choice=f.choice,
            branches={
                n: b.hexes(c, cells, f"fork[{i}].branches.{n}") for n, c in f.branches.items()
            },
        )
        for i, f in enumerate(spec.fork)
    )
    pit = None
    if spec.pit is not None:
        pit = Pit(
            b.hexes(spec.pit.cells, cells, "pit.cells"),
            spec.pit.enter_in_gear,
            spec.pit.free_driver_change,
        )
    return Track(
        id=track_id,
        name=spec.meta.name,
        cells=cells,
        finish=frozenset(b.edges(spec.finish.edges, cells, "finish.edges")),
        midway=frozenset(b.edges(spec.midway.edges, cells, "midway.edges"))
        if spec.midway
        else frozenset(),
        walls=frozenset(b.edges(spec.constraints.walls, cells, "constraints.walls")),
        one_way=frozenset(b.edges(spec.constraints.one_way, cells, "constraints.one_way")),
        grid=tuple(grid),
        forks=forks,
        pit=pit,
        tags=tags,
        decorations=tuple(
            Decoration(d.kind, tuple(sorted(b.hexes(d.over, cells, f"decoration[{i}].over"))))
            for i, d in enumerate(spec.decoration)
        ),
        laps=spec.meta.laps,
        grid_behind_line=spec.meta.grid_behind_line,
        orientation=spec.meta.orientation,
        style=dict(spec.style),
        source=source,
        content_hash=digest,
        description=spec.meta.description,
    )
