"""Builders for Racerbile rules tests: small inline tracks, started races, sip counters."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from racerbile.engine import CHANCE
from racerbile.engine.contract import Event, Step
from racerbile.engine.ledger import Drank
from racerbile.games.racerbile import GAME, rules
from racerbile.games.racerbile.actions import SHIFT
from racerbile.games.racerbile.notation import format_state
from racerbile.games.racerbile.rules import play
from racerbile.games.racerbile.state import State
from racerbile.games.racerbile.track import Track
from racerbile.games.racerbile.trackfile import parse_track
from racerbile.hexgrid import Hex


def track_text(
    cells: dict[tuple[int, int], str],
    *,
    grid: Sequence[tuple[int, int, str]],
    finish: str,
    grid_behind_line: bool = False,
    laps: int = 2,
    extra: str = "",
) -> str:
    """Returns a track file for ``cells`` ({(q, r): "N"|"D"|"B"|"M"}), drawn as the map."""
    rs = [r for _, r in cells]
    cs = [2 * q + r for q, r in cells]
    c0, r0 = min(cs), min(rs)
    rows = []
    for r in range(r0, max(rs) + 1):
        line = [" "] * (max(cs) - c0 + 1)
        for (q, rr), char in cells.items():
            if rr == r:
                line[2 * q + r - c0] = char
        rows.append("".join(line).rstrip() or ".")
    slots = "\n".join(f'[[grid]]\nat = [{q}, {r}]\nfacing = "{f}"' for q, r, f in grid)
    body = "\n".join(rows)
    return f"""format = "racerbile-track"
version = 1

[meta]
name = "Test track"
laps = {laps}
grid_behind_line = {"true" if grid_behind_line else "false"}

[map]
origin = [{c0}, {r0}]
legend = {{ N = "normal", D = "downshift", B = "block", M = "midway" }}
rows = \"\"\"
{body}
\"\"\"

[finish]
edges = {finish}

{slots}

{extra}
"""


def ring_cells(top: str = "N" * 14, bottom: str | None = None) -> dict[tuple[int, int], str]:
    """Returns a one-lane ring: ``top`` at r = 0 (q = 0…, driven E), one cell down at each
    end, ``bottom`` at r = 2 (q = -1…, driven W)."""
    width = len(top)
    bottom = bottom if bottom is not None else "N" * width
    cells = {(q, 0): char for q, char in enumerate(top)}
    cells |= {(q - 1, 2): char for q, char in enumerate(bottom)}
    cells[(width - 1, 1)] = "N"
    cells[(-1, 1)] = "N"
    return cells


def ring_text(
    top: str = "N" * 14,
    bottom: str | None = None,
    *,
    grid: Sequence[tuple[int, int, str]] = ((2, 0, "E"), (1, 0, "E"), (0, 0, "E")),
    finish: str = '[[0, 2, "W"]]',
    **kwargs: Any,
) -> str:
    """Returns the ring of :func:`ring_cells` with the line on the bottom-left."""
    return track_text(ring_cells(top, bottom), grid=grid, finish=finish, **kwargs)


def ring(top: str = "N" * 14, bottom: str | None = None, **kwargs: Any) -> Track:
    """Returns the ring of :func:`ring_text` as a Track."""
    return parse_track(ring_text(top, bottom, **kwargs), track_id="ring")


def put(state: State, seat: int, **fields: Any) -> State:
    """Returns ``state`` with fields of one car changed (``cell``/``off_from`` as (q, r))."""
    for name in ("cell", "off_from"):
        if isinstance(fields.get(name), tuple):
            fields[name] = Hex(*fields[name])
    car = state.cars[seat]._replace(**fields)
    return replace(state, cars=(*state.cars[:seat], car, *state.cars[seat + 1 :]))


def race(
    players: int = 2,
    *,
    track: Track | None = None,
    rule_set: str = "babybile",
    faces: Sequence[int] | None = None,
    **setup: Any,
) -> State:
    """Returns a race at the first turn, the seats in start order 0, 1, 2, …

    Babybile: the start-order dice are 6, 5, 4, …; Racerbile: the time trials take
    10, 11, 12, … seconds and each car faces as ``faces`` says (default: its slot).
    """
    names = ["Anna", "Bo", "Cy", "Dea", "Eik", "Fie", "Gus", "Hal"][:players]
    data = {"players": [{"name": n} for n in names], "rule_set": rule_set, **setup}
    state = GAME.start(data, track=track)
    if rule_set == "babybile":
        actions = [f"die {6 - i}" for i in range(players)]
    else:
        actions = [f"time {10 + i}.0" for i in range(players)]
    state = play(state, *actions).state
    if rule_set == "racerbile":
        for seat in range(players):
            facing = faces[seat] if faces is not None else state.cars[seat].heading
            state = play(state, f"face {facing or 0}").state
    assert state.phase == "race", format_state(state)
    return state


TEAMS = ("Kerne", "Fys", "Kemi", "Geo")


def lemans_race(
    teams: int = 2,
    *,
    track: Track | None = None,
    drivers: int = 3,
    judges: Sequence[str] = ("Karl", "Lis"),
    drink: Sequence[str] = (),
    **setup: Any,
) -> State:
    """Returns a Le Mans race at the first turn, the teams in start order 0, 1, 2, …

    Team n is ``TEAMS[n]`` with drivers ``<team>1`` … (``drink[n]``: its drink); the
    time trials take 10, 11, 12, … seconds and each car faces its grid slot's way.
    """
    data = {
        "rule_set": "lemans",
        "teams": [
            {
                "name": name,
                "drivers": [f"{name}{d + 1}" for d in range(drivers)],
                "drink": drink[i] if i < len(drink) else "standard",
            }
            for i, name in enumerate(TEAMS[:teams])
        ],
        "judges": list(judges),
        **setup,
    }
    state = GAME.start(data, track=track)
    state = play(state, *(f"time {10 + i}.0" for i in range(teams))).state
    for seat in range(teams):
        state = play(state, f"face {state.cars[seat].heading or 0}").state
    assert state.phase == "race", format_state(state)
    return state


def sips(events: Iterable[Event], rule_id: str | None = None, seat: int | None = None) -> int:
    """Returns the sips in ``events``, optionally of one rule and one drinker."""
    return sum(
        e.sips
        for e in events
        if isinstance(e, Drank)
        and (rule_id is None or e.rule_id == rule_id)
        and (seat is None or e.player == seat)
    )


def kinds(events: Iterable[Event]) -> list[str]:
    """Returns the kinds of ``events`` in order."""
    return [e.kind for e in events]


def drive(state: State, *dice: int) -> Step:
    """Plays the whole turn of the seat to act: roll ``dice`` (default a 2 per gear) and
    follow the cheapest way to the cheapest end cell of the move help, nearest the line."""
    from racerbile.games.racerbile.rules.moves import move_options
    from racerbile.games.racerbile.rules.ranking import distance_field

    seat = GAME.to_act(state)
    values = dice or (2,) * state.cars[seat].gear
    step = play(state, "roll", *(f"die {v}" for v in values))
    events = list(step.events)
    state = step.state
    if state.turn is not None and state.turn.seat == seat and state.turn.phase == "move":
        field = distance_field(state.config, frozenset())
        best = min(move_options(state).values(), key=lambda o: (o.sips, field.get(o.cell, 99)))
        step = play(state, *(f"step {d}" for d in best.directions))
        events += step.events
        state = step.state
        if state.turn is not None and state.turn.seat == seat and state.turn.phase == "move":
            step = play(state, "stop")
            events += step.events
            state = step.state
    return Step(state, tuple(events))


def upshifting_step(state: State, rng: random.Random) -> State:
    """Plays one action of a race that shifts up whenever it may (to reach high gears),
    else a random legal action; chance by its odds."""
    if rules.to_act(state) is CHANCE:
        outcomes = rules.chance_outcomes(state)
        action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
    else:
        legal = rules.legal_actions(state)
        action = SHIFT["up"] if SHIFT["up"] in legal else rng.choice(legal)
    return rules.apply(state, action).state
