"""Stepping through a game record: the game as a spectator saw it after any action.

:func:`frame` replays a record's live actions (voided ones and the void markers are
skipped, as in :func:`racerbile.engine.record.replay`) up to a step and returns an
envelope like the one the pages read (GET /api/games/{id} for a spectator), so the
game's own web module draws the board, the panels and the ledger of that moment.
It runs in a worker thread, on a record bounded by the request body limit and
:data:`MAX_ACTIONS`; a broken record gets one error naming the action that fails.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from pydantic import ValidationError

from ..engine import Chance, Event, Game, Record, RulesError, step
from ..engine.codec import record_codec
from ..engine.record import is_void_marker, voided
from .errors import ApiError
from .views import drinks_table

MAX_ACTIONS = 20_000
"""The most entries a record sent for replay may hold."""


def live_positions(record: Record) -> list[int]:
    """Returns the 1-based positions of the actions that count (not voided, no marker)."""
    gone = voided(record.actions)
    return [
        n
        for n, data in enumerate(record.actions, start=1)
        if n not in gone and not is_void_marker(data)
    ]


def check_record(game: Game, record: Record) -> None:
    """Raises 422 for a record of another game, rules version or an unreadable setup."""
    if len(record.actions) > MAX_ACTIONS:
        raise _invalid(f"the record holds {len(record.actions)} entries; at most {MAX_ACTIONS}")
    if record.rules_version != game.info.rules_version:
        raise _invalid(
            f"the record was played under rules version {record.rules_version}; this "
            f"server plays {record.game} version {game.info.rules_version}"
        )


def frame(game: Game, record: Record, step_no: int, lang: str) -> dict[str, Any]:
    """Returns ``{game, steps, step, action, envelope}``: the game after ``step_no``
    live actions (0: before the first; beyond the last: the end)."""
    check_record(game, record)
    try:
        state = game.start(game.Setup.model_validate(record.setup))
    except (ValidationError, ValueError, RulesError) as exc:
        raise _invalid(f"setup: {_first_error(exc)}") from None
    codec = record_codec(game)
    live = live_positions(record)
    shown = max(0, min(step_no, len(live)))
    events: list[tuple[int, Event]] = []
    at_step = state
    # The whole record is replayed, so a broken record is refused whatever step is asked.
    for index, number in enumerate(live, start=1):
        data = record.actions[number - 1]
        try:
            result = step(game, state, codec.decode(data))
        except RulesError as exc:
            raise _invalid(f"action {number} ({json.dumps(data)[:200]}) failed: {exc}") from None
        state = result.state
        if index <= shown:
            at_step = state
            events.extend((index, e) for e in result.events)
    return {
        "game": game.info.id,
        "steps": len(live),
        "step": shown,
        "action": record.actions[live[shown - 1] - 1] if shown else None,
        "envelope": _envelope(game, at_step, record, shown, events, lang),
    }


def _envelope(
    game: Game,
    state: Any,
    record: Record,
    shown: int,
    events: list[tuple[int, Event]],
    lang: str,
) -> dict[str, Any]:
    names = game.seat_names(state)
    to_act = game.to_act(state)
    view = game.view(state, None)
    result = game.result(state) if to_act is None else None
    lines = game.narrate(events[-400:], lang, names)
    log = (
        [dataclasses.asdict(line) for line in lines]
        if lines is not None
        else [
            {"seq": n, "kind": e.kind, "text": game.describe(e, lang, names), "seat": None}
            for n, e in events[-400:]
        ]
    )
    return {
        "id": "replay",
        "game": game.info.id,
        "seq": shown,
        "to_act": "chance" if isinstance(to_act, Chance) else to_act,
        "seat": None,
        "role": "spectator",
        "judge": None,
        "dice": "real" if record.seed is None else "digital",
        "roller": None,
        "seats": [
            {"seat": s, "name": name, "bot": None, "claimed": True} for s, name in enumerate(names)
        ],
        "view": view,
        "drinks": drinks_table(game.drinks, view),
        "legal_actions": [],
        "referee_actions": [],
        "undo": [],
        "finished": to_act is None,
        "result": json.loads(json.dumps(dataclasses.asdict(result), default=str))
        if result is not None
        else None,
        "log": log,
        "timers": [],
    }


def parse_record(data: Any) -> Record:
    """Returns the record sent as JSON; raises 422 naming the field that is wrong."""
    try:
        return Record.model_validate(data)
    except ValidationError as exc:
        raise _invalid(f"record: {_first_error(exc)}") from None


def _first_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "record"
        return f"field {where}: {first['msg']}"
    return str(exc)


def _invalid(reason: str) -> ApiError:
    return ApiError(422, "record/invalid", reason)
