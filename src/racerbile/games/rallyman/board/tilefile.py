"""Tile files (``format = "dice-rally-tile/1"``): the format and the tile checks of §18.2.

A tile is one double-sided piece (face A and face B, each with its surface) holding a
directed graph of spaces: road, slide and shortcut spaces with links, corners, jumps,
verges and capacities, and the ports where its roads meet the tile's edges. Tiles are
hexagons (edges 0-5 as in :mod:`racerbile.hexgrid`: 0 east, counter-clockwise on screen);
``at`` places a space in the tile's own frame (circumradius 1, pointy top, y down).

:func:`parse_tile` raises one :class:`~racerbile.engine.errors.TrackError` listing every
problem, each naming the file, the line, the tile and the space or field (RM-TILE-1):

* shapes and values (pydantic): unknown fields, wrong types, gears outside 1-5;
* unique ids; links, ports, corner lists and ``beside`` naming existing spaces;
* ``progress`` strictly increasing along every link (check 3), so no cycles (check 8);
* every space reachable from an ``in`` port and reaching an ``out`` port (check 8);
* slide chains: the same ``exact_gear``, indices 1..n, bail-outs only from index < n onto
  the inside line with a downshift of 1, a ``beside`` inside space (check 4);
* shortcuts: ``max_gear``, ``on_enter = "draw_shortcut_card"`` on the first one, entered
  from a space before the corner and leaving onto the road (check 5);
* both verges on every road and slide space, terrains the tile's legend knows (check 6);
* capacities of at least 1 (check 7); jumps on road spaces with road airborne spaces.

Warnings (returned, not raised): a slide longer than 3 (only two gas dice exist).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .files import fail, line_of, load_toml, read_bytes, shape_problems

FORMAT = "dice-rally-tile/1"
Surface = Literal["asphalt", "snow"]
SHORTCUT_VERGE = "shortcut"
DEFAULT_DAMAGE = {"grass": 0, "field": 0, "forest": 1, "water": 1, "rock": 2, "building": 2}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FaceSpec(_Model):
    surface: Surface
    name: str = ""


class PortSpec(_Model):
    id: str = Field(min_length=1, max_length=16)
    edge: int = Field(ge=0, le=5)
    lane: int = Field(0, ge=-2, le=2)
    space: str
    dir: Literal["in", "out"]


class VergeSpec(_Model):
    left: str
    right: str


class LinkSpec(_Model):
    to: str
    type: Literal["road", "bailout"] = "road"
    downshift: int = Field(1, ge=1, le=1)


class CornerRef(_Model):
    id: str
    role: Literal["inside", "slide", "shortcut"]
    index: int | None = Field(None, ge=1, le=9)
    of: int | None = Field(None, ge=1, le=9)


class LimitSpec(_Model):
    max_gear: int | None = Field(None, ge=1, le=5)
    exact_gear: int | None = Field(None, ge=1, le=5)


class JumpSpec(_Model):
    gear: int = Field(ge=1, le=5)
    airborne: int = Field(0, ge=0, le=3)


class SpaceSpec(_Model):
    id: str = Field(min_length=1, max_length=16)
    kind: Literal["road", "slide", "shortcut"]
    progress: float = Field(ge=0, lt=100)
    at: tuple[float, float]
    capacity: int | None = Field(None, ge=1, le=4)
    verge: VergeSpec | None = None
    links: list[LinkSpec] = []
    corner: CornerRef | None = None
    limit: LimitSpec | None = None
    jump: JumpSpec | None = None
    on_enter: Literal["draw_shortcut_card"] | None = None
    beside: str | None = None

    @property
    def seats(self) -> int:
        """Returns the capacity: given, else 1 on a slide and 2 elsewhere (RM-SPACE-1)."""
        return self.capacity or (1 if self.kind == "slide" else 2)


class CornerSpec(_Model):
    id: str
    inside: list[str] = Field(min_length=1)
    slide: list[str] = []
    shortcut: list[str] = []


class TileSpec(_Model):
    format: Literal["dice-rally-tile/1"]
    id: str = Field(min_length=1, max_length=16, pattern=r"^[A-Za-z0-9_-]+$")
    name: str = ""
    shape: Literal["hex", "rect", "free"] = "hex"
    faces: dict[Literal["A", "B"], FaceSpec] = Field(min_length=2)
    terrain_damage: dict[str, int] = Field(default_factory=lambda: dict(DEFAULT_DAMAGE))
    port: list[PortSpec] = Field(min_length=2)
    space: list[SpaceSpec] = Field(min_length=1)
    corner: list[CornerSpec] = []


@dataclass(frozen=True)
class Tile:
    """A checked tile: its spec, where it came from, and the warnings found."""

    spec: TileSpec
    source: str
    warnings: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        """Returns the tile id."""
        return self.spec.id

    def space(self, space_id: str) -> SpaceSpec:
        """Returns the space ``space_id``; raises KeyError."""
        return next(s for s in self.spec.space if s.id == space_id)

    def port(self, port_id: str) -> PortSpec | None:
        """Returns the port ``port_id`` or None."""
        return next((p for p in self.spec.port if p.id == port_id), None)


def read_tile(path: Path) -> Tile:
    """Reads and checks a tile file; raises TrackError listing every problem."""
    return parse_tile(read_bytes(path), source=str(path))


def parse_tile(raw: bytes | str, source: str = "<tile>") -> Tile:
    """Parses and checks tile text; raises TrackError listing every problem."""
    data, text = load_toml(raw, source, FORMAT)
    label = f"tile {data.get('id', '?')}"
    try:
        spec = TileSpec.model_validate(data)
    except ValidationError as exc:
        raise fail(shape_problems(exc, text, source, label)) from None
    checker = _TileChecker(spec, text, source)
    problems = checker.run()
    if problems:
        raise fail(problems)
    return Tile(spec, source, tuple(checker.warnings))


class _TileChecker:
    def __init__(self, spec: TileSpec, text: str, source: str):
        self.spec, self.text, self.source = spec, text, source
        self.problems: list[str] = []
        self.warnings: list[str] = []
        self.index = {s.id: i for i, s in enumerate(spec.space)}
        self.by_id = {s.id: s for s in spec.space}
        self.preds: dict[str, list[str]] = {s.id: [] for s in spec.space}
        for s in spec.space:
            for link in s.links:
                if link.to in self.preds:
                    self.preds[link.to].append(s.id)

    def say(self, loc: tuple[str | int, ...], what: str, subject: str = "") -> None:
        where = f"{self.source}:{line_of(self.text, loc)}: tile {self.spec.id}: "
        field = ".".join(str(p) for p in loc[2:]) if len(loc) > 2 else ""
        where += f"{subject}: " if subject else ""
        where += f"field {field}: " if field else ""
        self.problems.append(where + what)

    def say_space(self, space_id: str, field: tuple[str | int, ...], what: str) -> None:
        self.say(("space", self.index[space_id], *field), what, f"space {space_id}")

    def run(self) -> list[str]:
        self.ids()
        self.links_and_progress()
        self.ports()
        if not self.problems:
            self.reach()
        self.verges()
        self.corners()
        self.jumps()
        return self.problems

    def ids(self) -> None:
        tables: dict[str, list[str]] = {
            "space": [s.id for s in self.spec.space],
            "port": [p.id for p in self.spec.port],
            "corner": [c.id for c in self.spec.corner],
        }
        for name, ids in tables.items():
            seen: set[str] = set()
            for i, item_id in enumerate(ids):
                if item_id in seen:
                    self.say((name, i, "id"), f"{name} id {item_id!r} is used twice")
                seen.add(item_id)
        for face in ("A", "B"):
            if face not in self.spec.faces:
                self.say(("faces",), f"face {face} is missing; a tile has faces A and B")
        for terrain, damage in self.spec.terrain_damage.items():
            if not 0 <= damage <= 2:
                self.say(("terrain_damage", terrain), f"damage {damage} is not 0, 1 or 2")

    def links_and_progress(self) -> None:
        for s in self.spec.space:
            for j, link in enumerate(s.links):
                target = self.by_id.get(link.to)
                if target is None:
                    self.say_space(s.id, ("links", j, "to"), f"links to unknown space {link.to!r}")
                elif target.progress <= s.progress:
                    self.say_space(
                        s.id,
                        ("links", j, "to"),
                        f"progress must increase along the link to {link.to} "
                        f"({s.progress} -> {target.progress}; RM-TILE-1 check 3)",
                    )
                if link.type == "bailout" and s.kind != "slide":
                    self.say_space(s.id, ("links", j, "type"), "only a slide space can bail out")
            if s.beside is not None and s.beside not in self.by_id:
                self.say_space(s.id, ("beside",), f"beside names unknown space {s.beside!r}")

    def ports(self) -> None:
        places: set[tuple[int, int]] = set()
        for i, port in enumerate(self.spec.port):
            if port.space not in self.by_id:
                self.say(("port", i, "space"), f"port {port.id} names unknown space {port.space!r}")
            elif port.dir == "in" and self.by_id[port.space].kind != "road":
                self.say(("port", i, "space"), f"port {port.id} must enter onto a road space")
            if (port.edge, port.lane) in places:
                self.say(
                    ("port", i, "edge"),
                    f"port {port.id}: edge {port.edge} lane {port.lane} already has a port",
                )
            places.add((port.edge, port.lane))
        outs = {p.space for p in self.spec.port if p.dir == "out"}
        for s in self.spec.space:
            if not s.links and s.id not in outs:
                self.say_space(s.id, ("links",), "a dead end: no link and no out port")

    def reach(self) -> None:
        ins = [p.space for p in self.spec.port if p.dir == "in"]
        outs = [p.space for p in self.spec.port if p.dir == "out"]
        if not ins or not outs:
            self.say(("port",), "a tile needs at least one in port and one out port")
            return
        forward = _closure(ins, lambda s: [link.to for link in self.by_id[s].links])
        backward = _closure(outs, lambda s: self.preds[s])
        for s in self.spec.space:
            if s.id not in forward:
                self.say_space(s.id, ("id",), "no in port leads to this space (check 8)")
            elif s.id not in backward:
                self.say_space(s.id, ("links",), "no out port can be reached from here (check 8)")

    def verges(self) -> None:
        known = set(self.spec.terrain_damage) | {SHORTCUT_VERGE}
        for s in self.spec.space:
            if s.kind == "shortcut":
                continue
            if s.verge is None:
                self.say_space(
                    s.id,
                    ("verge",),
                    "a road or slide space needs verge.left and "
                    "verge.right (off-road damage, check 6)",
                )
                continue
            for side in ("left", "right"):
                terrain = getattr(s.verge, side)
                if terrain not in known:
                    self.say_space(
                        s.id,
                        ("verge", side),
                        f"terrain {terrain!r} is not in "
                        f"terrain_damage ({', '.join(sorted(known))})",
                    )
                elif terrain == SHORTCUT_VERGE and not self._has_shortcut(s):
                    self.say_space(
                        s.id,
                        ("verge", side),
                        "a shortcut verge needs the space "
                        "to belong to a corner that has a shortcut",
                    )

    def _has_shortcut(self, s: SpaceSpec) -> bool:
        corner = next((c for c in self.spec.corner if s.corner and c.id == s.corner.id), None)
        return bool(corner and corner.shortcut)

    def corners(self) -> None:
        listed: dict[str, tuple[str, str]] = {}
        for i, corner in enumerate(self.spec.corner):
            for role in ("inside", "slide", "shortcut"):
                for sid in getattr(corner, role):
                    if sid not in self.by_id:
                        self.say(
                            ("corner", i, role), f"corner {corner.id} lists unknown space {sid!r}"
                        )
                    listed[sid] = (corner.id, role)
            self.slide_chain(corner)
            self.shortcut_line(corner)
        for s in self.spec.space:
            ref = (s.corner.id, s.corner.role) if s.corner else None
            if ref != listed.get(s.id):
                self.say_space(
                    s.id,
                    ("corner",),
                    f"corner {ref} does not match the corner lists ({listed.get(s.id)})",
                )
            if s.kind == "slide" and (not s.corner or s.corner.role != "slide"):
                self.say_space(s.id, ("kind",), "a slide space must be a corner's slide line")
            if s.kind == "shortcut" and (not s.corner or s.corner.role != "shortcut"):
                self.say_space(s.id, ("kind",), "a shortcut space must be a corner's shortcut")
            if s.corner and s.corner.role == "inside" and not (s.limit and s.limit.max_gear):
                self.say_space(s.id, ("limit", "max_gear"), "an inside space needs max_gear")

    def slide_chain(self, corner: CornerSpec) -> None:
        chain = [self.by_id[sid] for sid in corner.slide if sid in self.by_id]
        if not chain:
            return
        gears = {s.limit.exact_gear if s.limit else None for s in chain}
        if len(gears) != 1 or None in gears:
            self.say_space(
                chain[0].id,
                ("limit", "exact_gear"),
                f"slide of corner {corner.id}: "
                "every slide space needs the same exact_gear (check 4)",
            )
        n = len(chain)
        if n > 3:
            self.warnings.append(
                f"{self.source}: tile {self.spec.id}: corner {corner.id}: a "
                f"slide of {n} spaces needs more than the two gas dice"
            )
        inside = set(corner.inside)
        for k, s in enumerate(chain, start=1):
            ref = s.corner
            if ref is None or ref.index != k or ref.of != n:
                self.say_space(
                    s.id,
                    ("corner", "index"),
                    f"slide space {k} of {n} must say index = {k}, of = {n} (check 4)",
                )
            if s.kind != "slide":
                self.say_space(s.id, ("kind",), 'a slide line space must have kind = "slide"')
            if s.beside not in inside:
                self.say_space(
                    s.id,
                    ("beside",),
                    "a slide space needs beside = the inside space alongside it (RM-LOC-3)",
                )
            for j, link in enumerate(s.links):
                if link.type != "bailout":
                    continue
                if k == n:
                    self.say_space(
                        s.id,
                        ("links", j, "type"),
                        "no bail-out from the last slide space (RM-CORNER-2, check 4)",
                    )
                if link.to not in inside:
                    self.say_space(
                        s.id,
                        ("links", j, "to"),
                        "a bail-out must lead onto the inside line of the same corner",
                    )
            if k < n and chain[k].id not in [lk.to for lk in s.links if lk.type == "road"]:
                self.say_space(
                    s.id,
                    ("links",),
                    f"slide space {k} must link to slide space {k + 1} ({chain[k].id})",
                )

    def shortcut_line(self, corner: CornerSpec) -> None:
        line = [self.by_id[sid] for sid in corner.shortcut if sid in self.by_id]
        members = set(corner.inside) | set(corner.slide) | set(corner.shortcut)
        for k, s in enumerate(line):
            if not (s.limit and s.limit.max_gear):
                self.say_space(s.id, ("limit", "max_gear"), "a shortcut needs max_gear (check 5)")
            if k == 0 and s.on_enter != "draw_shortcut_card":
                self.say_space(
                    s.id,
                    ("on_enter",),
                    'the first shortcut space needs on_enter = "draw_shortcut_card" (check 5)',
                )
            if k > 0 and s.on_enter is not None:
                self.say_space(s.id, ("on_enter",), "only the first shortcut space draws a card")
            if s.beside is None or self.by_id.get(s.beside, s).kind != "road":
                self.say_space(
                    s.id,
                    ("beside",),
                    "a shortcut space needs beside = the road space next to it (RM-LOC-3)",
                )
        if not line:
            return
        entries = self.preds[line[0].id]
        if not entries or any(self.by_id[p].id in members for p in entries):
            self.say_space(
                line[0].id,
                ("id",),
                "a shortcut must be entered from a space before the corner (check 5)",
            )
        exits = [self.by_id[lk.to] for lk in line[-1].links if lk.to in self.by_id]
        if not exits or any(e.id in members or e.kind != "road" for e in exits):
            self.say_space(
                line[-1].id,
                ("links",),
                "a shortcut must lead back onto the road after the corner (check 5)",
            )

    def jumps(self) -> None:
        for s in self.spec.space:
            if s.jump is None:
                continue
            if s.kind != "road" or s.corner is not None:
                self.say_space(s.id, ("jump",), "a jump must be on a plain road space")
            frontier = [s.id]
            for _ in range(s.jump.airborne):
                frontier = [
                    lk.to for sid in frontier for lk in self.by_id[sid].links if lk.to in self.by_id
                ]
                for sid in frontier:
                    if self.by_id[sid].kind != "road":
                        self.say_space(
                            s.id, ("jump", "airborne"), f"airborne space {sid} must be a road space"
                        )
                if not frontier:
                    self.say_space(s.id, ("jump", "airborne"), "the jump lands beyond the tile")


def _closure(starts: Iterable[str], step: Callable[[str], Iterable[str]]) -> set[str]:
    seen: set[str] = set()
    todo = list(starts)
    while todo:
        here = todo.pop()
        if here in seen:
            continue
        seen.add(here)
        todo.extend(step(here))
    return seen
