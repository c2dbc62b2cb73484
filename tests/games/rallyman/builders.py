"""Test stages written as one line, and states built on them, so tests read like §21.

Tokens, left to right, one column each: ``R`` road, ``S`` snow road, ``J3`` a jump of
value 3 (``J3a1``: one airborne space after it), ``C3`` an inside-only corner of max 3,
``C3[44]`` inside max 3 beside a slide ``44`` (one column per slide space),
``C2[33]K3`` the same with a shortcut ``K3`` beside the corner. Verges default to grass
left and forest right (``F`` before a token: forest both sides; ``X``: rock both sides;
``T``: a shortcut verge on the inside line's left, for RM-LOC-3).
Space ids: ``m:<column>`` for road and inside spaces, ``m:d<column>`` slide, ``m:k<column>``.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from racerbile.games.rallyman import rules
from racerbile.games.rallyman.board.model import Link, Rally, Space, Stage
from racerbile.games.rallyman.notation import parse_action
from racerbile.games.rallyman.rules.rally import begin_turn
from racerbile.games.rallyman.state import Options, State

TOKEN = re.compile(r"^([FXT]?)(R|S|J(\d)(?:a(\d))?|C(\d)(?:\[(\d+)\])?(?:K(\d))?)$")
DAMAGE = {"grass": 0, "forest": 1, "rock": 2, "shortcut": 0}


def make_stage(line: str, stage_id: str = "test") -> Stage:
    """Returns a compiled stage for the one-line description ``line``."""
    cols: list[list[dict[str, Any]]] = []
    for token in line.split():
        m = TOKEN.match(token)
        assert m, token
        mark, body = m[1], m[2]
        verge = {"F": ("forest", "forest"), "X": ("rock", "rock")}.get(mark, ("grass", "forest"))
        base: dict[str, Any] = {"verge": verge, "surface": "snow" if body == "S" else "asphalt"}
        if body in ("R", "S"):
            cols.append([{**base, "kind": "road"}])
        elif body.startswith("J"):
            cols.append([{**base, "kind": "road", "jump": int(m[3])}])
            for _ in range(int(m[4] or 0)):
                cols.append([{**base, "kind": "road", "airborne": True}])
        else:
            inside, slide, k = int(m[5]), m[6] or "", m[7]
            n = max(1, len(slide))
            start = len(cols)
            for j in range(n):
                col = [
                    {
                        **base,
                        "kind": "road",
                        "role": "inside",
                        "max_gear": inside,
                        "corner": f"m:c{start}",
                        "first": j == 0,
                    }
                ]
                if mark == "T" and j == 0:
                    col[0]["verge"] = ("shortcut", verge[1])
                if slide:
                    col.append(
                        {
                            **base,
                            "kind": "slide",
                            "role": "slide",
                            "corner": f"m:c{start}",
                            "exact_gear": int(slide[j]),
                            "slide_index": j + 1,
                            "of": n,
                        }
                    )
                if k and j == 0:
                    col.append(
                        {
                            "kind": "shortcut",
                            "role": "shortcut",
                            "max_gear": int(k),
                            "corner": f"m:c{start}",
                            "verge": ("field", "field"),
                            "surface": base["surface"],
                            "draws": True,
                        }
                    )
                cols.append(col)
    return _compile(cols, stage_id)


def _compile(cols: list[list[dict[str, Any]]], stage_id: str) -> Stage:
    ids: list[list[str]] = []
    for c, col in enumerate(cols):
        names = []
        for spec in col:
            prefix = {"slide": "d", "shortcut": "k"}.get(spec["kind"], "")
            names.append(f"m:{prefix}{c}")
        ids.append(names)
    flat = [(c, j) for c, col in enumerate(cols) for j in range(len(col))]
    index = {ids[c][j]: i for i, (c, j) in enumerate(flat)}
    spaces, links = [], []
    for c, j in flat:
        spec = cols[c][j]
        spaces.append(
            Space(
                gid=ids[c][j],
                kind=spec["kind"],
                progress=float(c),
                capacity=1 if spec["kind"] == "slide" else 2,
                surface=spec["surface"],
                verge=spec["verge"],
                damage=tuple(DAMAGE.get(v, 0) for v in spec["verge"]),  # type: ignore[arg-type]
                xy=(c, j),
                corner=spec.get("corner"),
                role=spec.get("role"),
                slide_index=spec.get("slide_index", 0),
                max_gear=spec.get("max_gear"),
                exact_gear=spec.get("exact_gear"),
                jump=spec.get("jump"),
                airborne=spec.get("airborne", False),
                draws_card=spec.get("draws", False),
            )
        )
        links.append(_links(cols, ids, index, c, j))
    finish = len(spaces)
    links = [tuple(Link(finish if t == -1 else t, b) for t, b in ls) for ls in links]
    spaces = [_beside(s, spaces, index) for s in spaces]
    stage = Stage(stage_id, stage_id, tuple(spaces), tuple(links), 0, (), index=index)
    return dataclasses.replace(stage, to_finish=_dist(stage))


def _links(cols, ids, index, c, j) -> list[tuple[int, bool]]:  # type: ignore[no-untyped-def]
    spec = cols[c][j]
    if c + 1 >= len(cols):
        return [(-1, False)]
    nxt = cols[c + 1]
    same_corner = [
        k for k, s in enumerate(nxt) if s.get("corner") == spec.get("corner") and spec.get("corner")
    ]
    if spec["kind"] == "shortcut":  # leaves for the first plain road after the corner
        after = next(
            cc for cc in range(c + 1, len(cols)) if cols[cc][0].get("corner") != spec["corner"]
        )
        return [(index[ids[after][0]], False)]
    if spec["kind"] == "slide":
        found = [
            (index[ids[c + 1][k]], False)
            for k, s in enumerate(nxt)
            if s["kind"] == "slide" and s.get("corner") == spec["corner"]
        ]
        if found:
            found.append((index[ids[c + 1][0]], True))
            return found
        return [(index[ids[c + 1][0]], False)]
    if spec.get("role") == "inside" and same_corner:
        return [(index[ids[c + 1][0]], False)]
    # a road or the last inside space: onto every line of the next column (not into a
    # shortcut from inside its own corner)
    return [
        (index[ids[c + 1][k]], False)
        for k, s in enumerate(nxt)
        if s["kind"] != "shortcut" or spec.get("corner") != s.get("corner")
    ]


def _beside(space: Space, spaces: list[Space], index: dict[str, int]) -> Space:
    if space.kind in ("slide", "shortcut"):
        column = space.gid.split(":")[1].lstrip("dk")
        return dataclasses.replace(space, beside=index[f"m:{column}"])
    if space.verge[0] == "shortcut":
        target = next(
            i for i, s in enumerate(spaces) if s.corner == space.corner and s.kind == "shortcut"
        )
        return dataclasses.replace(space, shortcut_verge=target)
    return space


def _dist(stage: Stage) -> tuple[int, ...]:
    dist = [10**6] * len(stage.spaces)
    for i in reversed(range(len(stage.spaces))):
        for link in stage.links[i]:
            dist[i] = min(dist[i], 1 + (0 if link.to == stage.finish else dist[link.to]))
    return tuple(dist)


def make_state(
    line: str,
    drivers: int = 1,
    options: Options | None = None,
    tyres: str = "asphalt",
    stages: int = 1,
    mechanics: tuple[bool, ...] | None = None,
) -> State:
    """Returns a rally on test stage(s) ``line`` after the tyres are fitted."""
    stage = make_stage(line)
    rally = Rally("test", "Test", (stage,) * stages, mechanics or (False,) * stages)
    state = rules.start(rally, tuple("ABCD"[:drivers]), options or Options())
    for _ in range(drivers):
        state = rules.apply(state, parse_action(f"tyres {tyres}")).state
    return state


def place(state: State, seat: int, space: str | None, gear: int = 0, **car: Any) -> State:
    """Returns ``state`` with a car put on ``space`` in ``gear`` and ``seat`` to play."""
    cars = list(state.cars)
    index = None if space is None else state.stage.find(space)
    status = "waiting" if space is None else "racing"
    cars[seat] = dataclasses.replace(cars[seat], space=index, gear=gear, status=status, **car)
    state = dataclasses.replace(state, cars=tuple(cars))
    order = (seat, *[s for s in state.order if s != seat])
    state = dataclasses.replace(state, order=order, slot=0, round=max(state.round, 9))
    return begin_turn(state, seat)


def play(state: State, *actions: str) -> tuple[State, list[Any]]:
    """Applies actions in notation; returns the state and every event."""
    events: list[Any] = []
    for text in actions:
        step = rules.apply(state, parse_action(text))
        state = step.state
        events.extend(step.events)
    return state, events


def legal(state: State) -> set[str]:
    """Returns the legal actions in notation."""
    from racerbile.games.rallyman.notation import format_action

    return {format_action(a) for a in rules.legal_actions(state)}
