"""What a caller sees of a room: the view envelope the platform owns, and the record.

A room's :class:`Views` builds each envelope once per change: callers who see the same
(role, seat, judge and language) share one, and its parts shared more widely (a
seat's board, the legal actions, a language's log) are built once for all of them.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ..engine import Action, Actor, Chance, Record
from ..engine.capabilities import DrinkColumn
from ..engine.referee import (
    RefereeAction,
    Sender,
    admitted,
    referee_buttons,
    referee_options,
)
from ..store import SeatRow
from .access import Caller
from .jsontext import json_text
from .loglines import LogLines
from .schemas import join_link
from .undo import undo_options

if TYPE_CHECKING:
    from .room import Room

SEAT_KEYS = ("seat", "participant", "player")  # how a view's drinks row names its seat


class Views:
    """What a room's callers see since its last change (cleared on every change), and
    each language's log lines, which the next change extends."""

    def __init__(self, room: Room):
        self.room = room
        self._envelopes: dict[tuple[Caller, str], dict[str, Any]] = {}
        self._texts: dict[tuple[Caller, str], str] = {}
        self._boards: dict[int | None, tuple[dict[str, Any], dict[str, Any] | None]] = {}
        self._legal: list[dict[str, Any]] | None = None
        self._lines: dict[str, list[dict[str, Any]]] = {}  # per language
        self._logs: dict[str, LogLines] = {}
        # The referee's buttons as JSON per (role, judge), with the options and buttons
        # they were made from: kept across changes while those stay equal.
        self._referee: dict[tuple[str, int | None], _RefereeJson] = {}

    def clear(self) -> None:
        """Forgets what was built for the state before (the room changed)."""
        self._envelopes.clear()
        self._texts.clear()
        self._boards.clear()
        self._legal = None
        self._lines.clear()

    def public(self, caller: Caller, lang: str = "en") -> dict[str, Any]:
        """Returns the game as ``caller`` sees it (shared: callers must not change it)."""
        key = (caller, lang)
        envelope = self._envelopes.get(key)
        if envelope is None:
            envelope = self._envelopes[key] = public(self.room, caller, lang, self)
        return envelope

    def text(self, caller: Caller, lang: str = "en") -> str:
        """Returns :meth:`public` as JSON text (an HTTP answer's body), made once."""
        key = (caller, lang)
        text = self._texts.get(key)
        if text is None:
            text = json_text(self.public(caller, lang))
            self._texts[key] = text
        return text

    def board(self, seat: int | None) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """Returns the game's view for ``seat`` and the drinking table it holds."""
        board = self._boards.get(seat)
        if board is None:
            view = self.room.game.view(self.room.state, seat)
            board = self._boards[seat] = (view, drinks_table(self.room.game.drinks, view))
        return board

    def legal(self) -> list[dict[str, Any]]:
        """Returns the legal actions now, as JSON."""
        if self._legal is None:
            self._legal = [a.to_json() for a in self.room.game.legal_actions(self.room.state)]
        return self._legal

    def referee(self, caller: Caller, to_act: Actor) -> list[dict[str, Any]]:
        """Returns the referee's buttons the host or this judge may press now, as JSON.

        The game lists them anew for every state, yet they seldom change (a fault for
        every seat, say): the JSON and the check of each button against the options
        are made again only when the options or the buttons differ from the last ones.
        """
        if to_act is None or caller.role not in ("host", "judge"):
            return []
        game, state = self.room.game, self.room.state
        options = referee_options(game, state)
        buttons = referee_buttons(game, state)
        key = (caller.role, caller.judge)
        kept = self._referee.get(key)
        if kept is None or kept.options != options or kept.buttons != buttons:
            admitted_json = [a.to_json() for a in _referee_for(caller, options, buttons)]
            kept = self._referee[key] = _RefereeJson(options, buttons, admitted_json)
        return kept.json

    def log(self, lang: str) -> list[dict[str, Any]]:
        """Returns the log's lines in ``lang``."""
        told = self._lines.get(lang)
        if told is None:
            logged = self._logs.get(lang)
            if logged is None:
                logged = self._logs[lang] = LogLines(self.room.game, lang)
            names = self.room.game.seat_names(self.room.state)
            told = self._lines[lang] = logged.told_runs(self.room.log.runs(), names)
        return told


def public(room: Room, caller: Caller, lang: str, views: Views) -> dict[str, Any]:
    """Returns the game as ``caller`` may see it (the body of GET /api/games/{id})."""
    to_act = room.to_act
    view_seat = caller.seat
    if caller.role == "host" and isinstance(to_act, int):
        view_seat = to_act
    result = room.game.result(room.state) if to_act is None else None
    joins = caller.role in ("host", "seat")
    view, drinks = views.board(view_seat)
    return {
        "id": room.id,
        "game": room.game.info.id,
        "seq": room.seq,
        "to_act": "chance" if isinstance(to_act, Chance) else to_act,
        "seat": caller.seat,
        "role": caller.role,
        "judge": caller.judge,
        "dice": room.row.dice,
        "roller": room.roller if room.row.dice == "real" else None,
        "seats": [_seat_public(s) for s in room.seats],
        "view": view,
        "drinks": drinks,
        "legal_actions": views.legal() if _may_act(room, caller, to_act) else [],
        "referee_actions": views.referee(caller, to_act),
        "undo": undo_options(room, caller),
        "finished": to_act is None,
        "result": _result_json(result) if result is not None else None,
        "log": views.log(lang),
        "join_code": room.row.join_code if joins else None,
        "join_url": f"/join/{room.row.join_code}" if joins else None,
        "join_link": join_link(_base(room), room.row.join_code) if joins else None,
        "takeover_after_s": room.timers.takeover_after_s,
        "timers": room.timers.running(),
    }


def drinks_table(columns: Sequence[DrinkColumn], view: dict[str, Any]) -> dict[str, Any] | None:
    """Returns the drinking table for every page: the game's declared columns and, per
    seat, their values from the view's ``drinks`` rows (None for a game without one)."""
    rows = view.get("drinks")
    if not columns or not isinstance(rows, list):
        return None
    out = []
    for index, row in enumerate(r for r in rows if isinstance(r, dict)):
        seat = next((row[k] for k in SEAT_KEYS if type(row.get(k)) is int), index)
        out.append({"seat": seat, "values": {c.key: row.get(c.key) for c in columns}})
    return {"columns": [{"key": c.key, "label": c.label} for c in columns], "rows": out}


def _base(room: Room) -> str:
    return room.settings.public_url or ""


def _may_act(room: Room, caller: Caller, to_act: Actor) -> bool:
    if isinstance(to_act, Chance):
        return room.access.may_roll(caller, room.roller)
    return to_act is not None and (caller.role == "host" or caller.seat == to_act)


def _referee_for(
    caller: Caller, options: Sequence[RefereeAction], buttons: Sequence[Action]
) -> list[Action]:
    """Returns the buttons (of the host or a judge) that ``caller`` may press now."""
    sender: Sender = "host" if caller.role == "host" else "judge"
    out = []
    for button in buttons:
        if sender == "judge" and hasattr(button, "judge"):
            if getattr(button, "judge", None) not in (None, caller.judge):
                continue
            button = dataclasses.replace(cast(Any, button), judge=caller.judge)
        if admitted(options, button, sender):
            out.append(button)
    return out


@dataclasses.dataclass(frozen=True)
class _RefereeJson:
    """A caller's referee buttons as JSON, and the options and buttons they came from."""

    options: list[RefereeAction]
    buttons: list[Action]
    json: list[dict[str, Any]]


def record(room: Room) -> Record:
    """Returns the game record (void markers included); the dice seed is hidden until
    the game is over."""
    finished = room.to_act is None
    return Record(
        game=room.game.info.id,
        rules_version=room.game.info.rules_version,
        setup=room.row.setup,
        seed=room.row.seed if finished and room.row.dice == "digital" else None,
        actions=list(room.actions),
    )


def _seat_public(seat: SeatRow) -> dict[str, Any]:
    return {"seat": seat.seat, "name": seat.name, "bot": seat.bot, "claimed": seat.claimed}


def _result_json(result: Any) -> Any:
    # Tuples become lists and Fractions "n/d" strings, as in every other JSON the engine writes.
    return json.loads(json.dumps(dataclasses.asdict(result), default=str))
