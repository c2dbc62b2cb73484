"""Who may take back what in a room: the platform's rules around ``Game.may_void``.

The game says which actions a sender may void (:func:`engine.referee.void_refusal`);
the room adds what only it knows:

* a player (a seat token) takes back only the latest actions of the record, newest
  first, and only actions it made itself: its own moves and the real dice it threw;
* with digital dice a drawn die stands: the dice stream deals by position, so undoing
  a roll would deal the same dice again, and the actions before it could be changed
  with the dice already known;
* the host, as the referee, may take back the latest action of any game (the record
  must still replay without it);
* nothing is taken back once the game is over.

:func:`undo_options` lists what a caller could take back now, for the page's Undo and
"Fix dice" buttons, bounded by :data:`MAX_UNDO`.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine import Action, Chance, Event, RulesError, step
from ..engine.record import is_void_marker, voided
from ..engine.referee import Sender, roller, void_refusal
from .access import Caller

if TYPE_CHECKING:
    from .room import Room

MAX_UNDO = 40
"""The most entries the page is offered to take back, newest first (bounded work)."""


@dataclass(frozen=True)
class Rebuilt:
    """A game's state rebuilt from its record: what the room holds besides the record."""

    state: Any
    chance_count: int
    last_seat: int | None
    log: list[tuple[int, Event]]
    makers: list[Maker]


@dataclass(frozen=True)
class Maker:
    """Who made a recorded entry: the seat to act (for a die, the seat that threw it;
    None for a referee action or dice any seat may throw), and whether it was a die."""

    seat: int | None = None
    chance: bool = False


_VOIDED: weakref.WeakKeyDictionary[Room, tuple[list[dict[str, Any]], int, frozenset[int]]] = (
    weakref.WeakKeyDictionary()
)


def voided_in(room: Room) -> frozenset[int]:
    """Returns the 1-based positions the void markers of the room's record void. Kept
    per room and extended by the entries added since: every envelope of a host, seat or
    judge asks, and a 24-hour record holds tens of thousands of entries. (A record only
    grows, or is replaced whole by an undo.)"""
    entries = room.actions
    kept = _VOIDED.get(room)
    start, gone = 0, frozenset[int]()
    if kept is not None and kept[0] is entries and kept[1] <= len(entries):
        _, start, gone = kept
        if start == len(entries):
            return gone  # nothing added since
    added = voided(entries[start:]) if start < len(entries) else set()
    if added:
        gone = gone | added
    _VOIDED[room] = (entries, len(entries), gone)
    return gone


def latest_live(room: Room, limit: int) -> list[int]:
    """Returns the 1-based positions of the room's latest live actions, newest first."""
    return list(itertools.islice(_live_newest_first(room), limit))


def _live_newest_first(room: Room) -> Iterator[int]:
    entries, gone = room.actions, voided_in(room)
    for number in range(len(entries), 0, -1):
        if number not in gone and not is_void_marker(entries[number - 1]):
            yield number


def sender_of(caller: Caller) -> Sender:
    return "seat" if caller.role == "seat" else "host" if caller.role == "host" else "judge"


def void_refusal_in(room: Room, caller: Caller, positions: Sequence[int]) -> str | None:
    """Returns why ``caller`` may not void the (valid, live) ``positions`` now, or None."""
    if room.to_act is None:
        return "the game is over; its record stands"
    wanted = sorted(set(positions))
    latest = latest_live(room, len(wanted))
    is_latest = sorted(latest) == wanted
    return _refusal(room, caller, wanted, is_latest, [_decoded(room, n) for n in wanted])


def _refusal(
    room: Room, caller: Caller, wanted: list[int], is_latest: bool, chosen: list[Action]
) -> str | None:
    makers = [room.makers[n - 1] for n in wanted]
    if caller.role == "seat":
        if not is_latest:
            return "a player takes back only the latest actions, newest first"
        refused = void_refusal(room.game, room.state, chosen, "seat")
        if refused is not None:
            return refused  # before whose actions they are: a game may let no player undo
        if not all(_made_by(caller, m) for m in makers):
            return "a player takes back only their own actions and the dice they threw"
    if any(_roll_stands(room, m) for m in makers):
        return "with digital dice a roll stands: undoing it would deal the same dice again"
    return _game_refusal(room, caller, is_latest, chosen)


def _made_by(caller: Caller, maker: Maker) -> bool:
    """Whether a seat's caller made the entry (its move, or dice it threw)."""
    return maker.seat == caller.seat


def _roll_stands(room: Room, maker: Maker) -> bool:
    """Whether the entry is a digital die, which no one takes back."""
    return room.row.dice == "digital" and maker.chance


def _game_refusal(room: Room, caller: Caller, is_latest: bool, chosen: list[Action]) -> str | None:
    if caller.role == "host" and is_latest and len(chosen) == 1:
        return None  # the referee may always take back the latest action
    return void_refusal(room.game, room.state, chosen, sender_of(caller))


def undo_options(room: Room, caller: Caller) -> list[dict[str, Any]]:
    """Returns what ``caller`` could take back now, newest first: each entry's position
    and action; voiding the first k of them together is allowed for every k listed.

    The same checks as :func:`_refusal` on the latest k entries, for k = 1, 2, …: the
    checks of each entry's maker are made once per entry, as k grows."""
    if caller.role == "spectator" or room.to_act is None:
        return []
    out: list[dict[str, Any]] = []
    chosen: list[Action] = []  # oldest first
    decode = _decoder(room)
    # Who made an entry is checked before it is decoded: with digital dice the latest
    # entry is most often a roll, which stands.
    for number in itertools.islice(_live_newest_first(room), MAX_UNDO):
        maker = room.makers[number - 1]
        if caller.role == "seat" and not _made_by(caller, maker):
            break
        if _roll_stands(room, maker):
            break
        try:
            chosen.insert(0, decode(number))
        except RulesError:
            break
        if _game_refusal(room, caller, True, chosen) is not None:
            break
        out.append({"position": number, "action": room.actions[number - 1]})
    return out


def _decoded(room: Room, number: int) -> Action:
    """The action recorded at ``number``, decoded once per room (see :func:`_decoder`)."""
    return _decoder(room)(number)


def note_decoded(room: Room, first: int, actions: Sequence[Action]) -> None:
    """Notes the actions the room just recorded after position ``first`` as decoded: the
    room played them, so the undo buttons need not decode their JSON again."""
    decoded = _decoded_by_position(room)
    for number, action in enumerate(actions, start=first + 1):
        decoded[number] = action


def _decoded_by_position(room: Room) -> dict[int, Action]:
    """The room's actions decoded so far, by position, for the record it holds now (at
    most :data:`_MOST_DECODED`: then the newest half of them)."""
    entries = room.actions
    kept = _DECODED.get(room)
    if kept is None or kept[0] is not entries:
        kept = _DECODED[room] = (entries, {})
    decoded = kept[1]
    if len(decoded) > _MOST_DECODED:
        newest = sorted(decoded)[-_MOST_DECODED // 2 :]
        kept = _DECODED[room] = (entries, {number: decoded[number] for number in newest})
    return kept[1]


def _decoder(room: Room) -> Callable[[int], Action]:
    """Returns what decodes the room's recorded actions by position, each once per room:
    the undo buttons of every envelope decode the latest entries again, and an entry
    never changes while the room keeps its record (an undo replaces the record whole)."""
    entries, decoded = room.actions, _decoded_by_position(room)

    def decode(number: int) -> Action:
        action = decoded.get(number)
        if action is None:
            action = decoded[number] = room.codec.decode(entries[number - 1])
        return action

    return decode


_MOST_DECODED = 4 * MAX_UNDO  # then the newest half: bounded however long the record
_DECODED: weakref.WeakKeyDictionary[Room, tuple[list[dict[str, Any]], dict[int, Action]]] = (
    weakref.WeakKeyDictionary()
)


def rebuild(room: Room, entries: list[dict[str, Any]]) -> Rebuilt:
    """Returns the game replayed from ``entries`` without the voided actions (the
    dice stream counts only the draws that stand, so an undone roll comes again)."""
    state = room.game.start(room.game.Setup.model_validate(room.row.setup))
    chance_count, last_seat = 0, None
    events: list[tuple[int, Event]] = []
    makers = [room.makers[n] if n < len(room.makers) else Maker() for n in range(len(entries))]
    gone = voided(entries)
    for number, data in enumerate(entries, start=1):
        if number in gone or is_void_marker(data):
            continue
        action, before = room.codec.decode(data), room.game.to_act(state)
        if not room.is_referee(action) and isinstance(before, Chance):
            makers[number - 1] = Maker(roller(room.game, state, last_seat), chance=True)
        elif not room.is_referee(action) and isinstance(before, int):
            makers[number - 1] = Maker(before)
        result = step(room.game, state, action)
        if not room.is_referee(action):
            chance_count += isinstance(before, Chance)
            last_seat = before if isinstance(before, int) else last_seat
        events.extend((number, e) for e in result.events)
        state = result.state
    return Rebuilt(state, chance_count, last_seat, events, makers)
