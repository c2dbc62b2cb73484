"""Stage and rally files: the formats, the stage checks of §18.2 and the compiler.

A stage (``format = "dice-rally-stage/1"``) lays tiles on a hexagon grid (axial ``at``,
``rot`` in 60° steps, face A or B) and names the route board by board, like the course
sheet's ``L0-L1 / C7-C6``. A rally (``format = "dice-rally-rally/1"``) names three stages
and whether mechanics follow each (RM-RALLY-1, RM-MECH-1).

Stage checks (RM-TILE-1), every problem reported with file, line and field: known tiles
and ports, unique instances and places; consecutive route steps whose ports touch after
rotation (same edge, matching lane; check 1); only spaces on the route kept (check 2);
global progress = 100 × step + local progress, so it increases everywhere (check 3);
start and finish on the route's first and last ports, next to plain road (check 7); the
finish reachable from the start through every tile (check 8); no space used twice.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ....engine.errors import TrackError
from ....hexgrid import Hex, opposite, to_pixel
from .files import fail, line_of, load_toml, read_bytes, shape_problems
from .model import Link, Placement, Rally, Space, Stage
from .tilefile import SHORTCUT_VERGE, SpaceSpec, Tile

STAGE_FORMAT = "dice-rally-stage/1"
RALLY_FORMAT = "dice-rally-rally/1"
EDGE_MID = math.sqrt(3) / 2


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class LayoutSpec(_Model):
    instance: str = Field(min_length=1, max_length=16, pattern=r"^[A-Za-z0-9_-]+$")
    tile: str
    face: Literal["A", "B"]
    at: tuple[int, int]
    rot: int = Field(0, ge=0, le=5)


class RouteSpec(_Model):
    instance: str
    from_: str = Field(alias="from")
    to: str


class EndSpec(_Model):
    instance: str
    port: str


class StageSpec(_Model):
    format: Literal["dice-rally-stage/1"]
    id: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")
    name: str = ""
    layout: list[LayoutSpec] = Field(min_length=1, max_length=12)
    route: list[RouteSpec] = Field(min_length=1, max_length=24)
    start: EndSpec
    finish: EndSpec


class RallyStageSpec(_Model):
    stage: str
    mechanics_after: bool = True


class RallySpec(_Model):
    format: Literal["dice-rally-rally/1"]
    id: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")
    name: str = ""
    description: str = ""
    stage: list[RallyStageSpec] = Field(min_length=1, max_length=6)


def read_stage(path: Path, tiles: Mapping[str, Tile]) -> Stage:
    """Reads, checks and compiles a stage file; raises TrackError listing every problem."""
    return parse_stage(read_bytes(path), tiles, source=str(path))


def parse_stage(raw: bytes | str, tiles: Mapping[str, Tile], source: str = "<stage>") -> Stage:
    """Checks and compiles stage text against ``tiles``; raises TrackError."""
    data, text = load_toml(raw, source, STAGE_FORMAT)
    label = f"stage {data.get('id', '?')}"
    try:
        spec = StageSpec.model_validate(data)
    except ValidationError as exc:
        raise fail(shape_problems(exc, text, source, label)) from None
    return _StageCompiler(spec, tiles, text, source).compile()


def read_rally(path: Path, stages: Mapping[str, Stage]) -> Rally:
    """Reads a rally file naming bundled ``stages``; raises TrackError listing every problem."""
    return parse_rally(read_bytes(path), stages, str(path))


def parse_rally(raw: bytes | str, stages: Mapping[str, Stage], source: str = "<rally>") -> Rally:
    """Checks rally text naming ``stages``; raises TrackError listing every problem."""
    data, text = load_toml(raw, source, RALLY_FORMAT)
    label = f"rally {data.get('id', '?')}"
    try:
        spec = RallySpec.model_validate(data)
    except ValidationError as exc:
        raise fail(shape_problems(exc, text, source, label)) from None
    problems = [
        f"{source}:{line_of(text, ('stage', i, 'stage'))}: {label}: field stage.{i}.stage: "
        f"unknown stage {entry.stage!r} (known: {', '.join(sorted(stages))})"
        for i, entry in enumerate(spec.stage)
        if entry.stage not in stages
    ]
    if problems:
        raise fail(problems)
    return Rally(
        id=spec.id,
        name=spec.name or spec.id,
        stages=tuple(stages[e.stage] for e in spec.stage),
        mechanics_after=tuple(e.mechanics_after for e in spec.stage),
        description=spec.description,
    )


@dataclass(frozen=True)
class _Step:
    instance: str
    tile: Tile
    layout: LayoutSpec
    kept: tuple[str, ...]  # local space ids on this step's road, in file order
    entry: str
    exit: str


class _StageCompiler:
    def __init__(self, spec: StageSpec, tiles: Mapping[str, Tile], text: str, source: str):
        self.spec, self.tiles, self.text, self.source = spec, tiles, text, source
        self.problems: list[str] = []

    def say(self, loc: tuple[str | int, ...], what: str) -> None:
        field = ".".join(str(p) for p in loc)
        self.problems.append(
            f"{self.source}:{line_of(self.text, loc)}: stage {self.spec.id}: field {field}: {what}"
        )

    def compile(self) -> Stage:
        layouts = self.layouts()
        steps = self.steps(layouts)
        if not self.problems:
            self.touching(steps)
            self.ends(steps)
        if self.problems:
            raise fail(self.problems)
        return self.build(steps)

    def layouts(self) -> dict[str, LayoutSpec]:
        found: dict[str, LayoutSpec] = {}
        places: set[tuple[int, int]] = set()
        tiles_used: set[str] = set()
        for i, lay in enumerate(self.spec.layout):
            if lay.tile in tiles_used:
                self.say(
                    ("layout", i, "tile"),
                    f"tile {lay.tile} is laid twice; the set holds "
                    "one of each (a board may be crossed twice by two route steps)",
                )
            tiles_used.add(lay.tile)
            if lay.instance in found:
                self.say(("layout", i, "instance"), f"instance {lay.instance!r} is used twice")
            if lay.tile not in self.tiles:
                known = ", ".join(sorted(self.tiles))
                self.say(("layout", i, "tile"), f"unknown tile {lay.tile!r} (known: {known})")
                continue
            if lay.at in places:
                self.say(("layout", i, "at"), f"another tile already lies at {list(lay.at)}")
            places.add(lay.at)
            found[lay.instance] = lay
        return found

    def steps(self, layouts: dict[str, LayoutSpec]) -> list[_Step]:
        steps: list[_Step] = []
        used: set[tuple[str, str]] = set()
        for i, route in enumerate(self.spec.route):
            lay = layouts.get(route.instance)
            if lay is None:
                self.say(
                    ("route", i, "instance"), f"instance {route.instance!r} is not in the layout"
                )
                continue
            tile = self.tiles[lay.tile]
            enter, leave = tile.port(route.from_), tile.port(route.to)
            if enter is None or enter.dir != "in":
                self.say(("route", i, "from"), f"tile {tile.id} has no in port {route.from_!r}")
            if leave is None or leave.dir != "out":
                self.say(("route", i, "to"), f"tile {tile.id} has no out port {route.to!r}")
            if enter is None or leave is None:
                continue
            kept = _on_road(tile, enter.space, leave.space)
            if not kept:
                self.say(
                    ("route", i, "to"),
                    f"on tile {tile.id} no road leads from port "
                    f"{route.from_} to port {route.to} (check 8)",
                )
                continue
            for sid in kept:
                if (route.instance, sid) in used:
                    self.say(("route", i), f"space {route.instance}:{sid} is on the route twice")
                used.add((route.instance, sid))
            steps.append(_Step(route.instance, tile, lay, kept, enter.space, leave.space))
        return steps

    def touching(self, steps: list[_Step]) -> None:
        for i in range(1, len(steps)):
            a, b = steps[i - 1], steps[i]
            out_port = a.tile.port(self.spec.route[i - 1].to)
            in_port = b.tile.port(self.spec.route[i].from_)
            assert out_port is not None and in_port is not None
            out_edge = (out_port.edge + a.layout.rot) % 6
            in_edge = (in_port.edge + b.layout.rot) % 6
            beyond = Hex(*a.layout.at).neighbor(out_edge)
            if tuple(beyond) != b.layout.at or in_edge != opposite(out_edge):
                self.say(
                    ("route", i, "from"),
                    f"port {in_port.id} of {b.instance} does not "
                    f"touch port {out_port.id} of {a.instance}: that port's edge leads to "
                    f"{list(beyond)} (check 1)",
                )
            elif in_port.lane != -out_port.lane:
                self.say(
                    ("route", i, "from"),
                    f"lanes do not match: {out_port.lane} against {in_port.lane} (check 1)",
                )

    def ends(self, steps: list[_Step]) -> None:
        first, last = self.spec.route[0], self.spec.route[-1]
        start, finish = self.spec.start, self.spec.finish
        if (start.instance, start.port) != (first.instance, first.from_):
            self.say(
                ("start",),
                f"the start must be the route's first port {first.instance}/{first.from_}",
            )
        if (finish.instance, finish.port) != (last.instance, last.to):
            self.say(
                ("finish",), f"the finish must be the route's last port {last.instance}/{last.to}"
            )
        for which, step, sid in (
            ("start", steps[0], steps[0].entry),
            ("finish", steps[-1], steps[-1].exit),
        ):
            space = step.tile.space(sid)
            if space.kind != "road" or space.corner or space.jump or space.limit:
                self.say(
                    (which,),
                    f"the space next to the {which} line ({step.instance}:{sid}) "
                    "must be plain road (check 7)",
                )

    def build(self, steps: list[_Step]) -> Stage:
        index: dict[str, int] = {}
        for step in steps:
            for sid in step.kept:
                index[f"{step.instance}:{sid}"] = len(index)
        spaces: list[Space] = []
        links: list[tuple[Link, ...]] = []
        airborne = _airborne(steps)
        for k, step in enumerate(steps):
            face = step.tile.spec.faces[step.layout.face]
            for sid in step.kept:
                local = step.tile.space(sid)
                spaces.append(self.space(step, k, local, face.surface, index, airborne))
                nxt = [
                    Link(index[f"{step.instance}:{lk.to}"], lk.type == "bailout")
                    for lk in local.links
                    if lk.to in step.kept
                ]
                if sid == step.exit:
                    target = (
                        len(index)
                        if k == len(steps) - 1
                        else index[f"{steps[k + 1].instance}:{steps[k + 1].entry}"]
                    )
                    nxt.append(Link(target))
                links.append(tuple(nxt))
        return Stage(
            id=self.spec.id,
            name=self.spec.name or self.spec.id,
            spaces=tuple(spaces),
            links=tuple(links),
            entry=0,
            to_finish=_distances(links),
            placements=tuple(_placement(s) for s in _unique(steps)),
            start_edge=_edge(steps[0], self.spec.route[0].from_),
            finish_edge=_edge(steps[-1], self.spec.route[-1].to),
            index=index,
        )

    def space(
        self,
        step: _Step,
        k: int,
        s: SpaceSpec,
        surface: str,
        index: dict[str, int],
        airborne: set[str],
    ) -> Space:
        gid = f"{step.instance}:{s.id}"
        damage = step.tile.spec.terrain_damage
        left, right = (s.verge.left, s.verge.right) if s.verge else ("field", "field")
        corner = f"{step.instance}:{s.corner.id}" if s.corner else None
        shortcut_target = None
        if SHORTCUT_VERGE in (left, right) and s.corner:
            spec = next(c for c in step.tile.spec.corner if c.id == s.corner.id)
            shortcut_target = index.get(f"{step.instance}:{spec.shortcut[0]}")
        return Space(
            gid=gid,
            kind=s.kind,
            progress=100.0 * k + s.progress,
            capacity=s.seats,
            surface="snow" if surface == "snow" else "asphalt",
            verge=(left, right),
            damage=(damage.get(left, 0), damage.get(right, 0)),
            xy=_to_stage(step.layout, s.at),
            corner=corner,
            role=s.corner.role if s.corner else None,
            slide_index=(s.corner.index or 0) if s.corner else 0,
            max_gear=s.limit.max_gear if s.limit else None,
            exact_gear=s.limit.exact_gear if s.limit else None,
            jump=s.jump.gear if s.jump else None,
            airborne=gid in airborne,
            draws_card=s.on_enter == "draw_shortcut_card",
            beside=index.get(f"{step.instance}:{s.beside}") if s.beside else None,
            shortcut_verge=shortcut_target,
        )


def _on_road(tile: Tile, entry: str, leave: str) -> tuple[str, ...]:
    by_id = {s.id: s for s in tile.spec.space}
    forward: set[str] = set()
    todo = [entry]
    while todo:
        here = todo.pop()
        if here not in forward and here in by_id:
            forward.add(here)
            todo.extend(lk.to for lk in by_id[here].links)
    backward: set[str] = set()
    todo = [leave]
    while todo:
        here = todo.pop()
        if here not in backward:
            backward.add(here)
            todo.extend(s.id for s in tile.spec.space if any(lk.to == here for lk in s.links))
    kept = forward & backward
    return tuple(s.id for s in tile.spec.space if s.id in kept)


def _airborne(steps: list[_Step]) -> set[str]:
    found: set[str] = set()
    for step in steps:
        for sid in step.kept:
            space = step.tile.space(sid)
            frontier = [sid]
            for _ in range(space.jump.airborne if space.jump else 0):
                frontier = [lk.to for f in frontier for lk in step.tile.space(f).links]
                found.update(f"{step.instance}:{f}" for f in frontier)
    return found


def _distances(links: list[tuple[Link, ...]]) -> tuple[int, ...]:
    finish = len(links)
    dist = [10**6] * len(links)
    for i in reversed(range(len(links))):  # progress increases along links, so index order works
        for link in links[i]:
            there = 0 if link.to == finish else dist[link.to]
            dist[i] = min(dist[i], there + 1)
    return tuple(dist)


def _unique(steps: list[_Step]) -> list[_Step]:
    seen: dict[str, _Step] = {}
    for step in steps:
        seen.setdefault(step.instance, step)
    return list(seen.values())


def _placement(step: _Step) -> Placement:
    face = step.tile.spec.faces[step.layout.face]
    return Placement(
        step.instance,
        step.tile.id,
        step.tile.spec.name,
        step.layout.face,
        face.surface,
        step.layout.at,
        step.layout.rot,
    )


def _to_stage(layout: LayoutSpec, at: tuple[float, float]) -> tuple[float, float]:
    """Returns a tile-frame point in stage units (tile circumradius 1), rotated and placed."""
    phi = math.radians(-60 * layout.rot)
    x, y = at
    cx, cy = to_pixel(Hex(*layout.at), 1.0, "pointy")
    return (cx + x * math.cos(phi) - y * math.sin(phi), cy + x * math.sin(phi) + y * math.cos(phi))


def _edge(step: _Step, port_id: str) -> tuple[tuple[float, float], tuple[float, float]]:
    port = step.tile.port(port_id)
    assert port is not None
    angle = math.radians(-60 * port.edge)
    ends = []
    for side in (-1, 1):
        a = angle + side * math.radians(30)
        ends.append(_to_stage(step.layout, (math.cos(a), math.sin(a))))
    return ends[0], ends[1]


__all__ = ["TrackError", "parse_rally", "parse_stage", "read_rally", "read_stage"]
