"""The referee, the dice roller and undo: what a game declares beyond its turns.

* **Referee actions** come from the host (the referee) or a judge at any time, whoever
  is to act. ``Game.referee_action_types`` names their kinds (the record's codec needs
  them); ``Game.referee_options(state)`` lists what may be sent now and by whom, as
  :class:`RefereeAction` entries; while it answers None (the default), any referee
  action may come from the host or a judge, and the game's ``apply`` alone decides.
  ``Game.referee_actions(state)`` lists the referee's buttons now: whole actions a
  console shows (free input such as a penalty's reason is not listed).
* **Real dice**: ``Game.roller(state)`` names the seat that throws the real dice due
  now (None: any seat; ``"last"``, the default: the seat that acted last).
* **Undo**: ``Game.may_void(state, actions, sender)`` says whether ``sender``
  (``"host"``, ``"judge"`` or ``"seat"``) may void recorded actions: None to allow, or
  the reason it may not. By default nothing can be voided. A voided action stays in the
  record, marked by a void marker (see :mod:`.record`), and replay skips it.
* **Participants**: a seat is one participant (a person or a bot with one token); a
  game may give one seat several pieces or colours, so nothing outside a game assumes
  one piece per seat.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .contract import Action, Game, Seat

Sender = Literal["host", "judge", "seat"]
HOST_OR_JUDGE: frozenset[Sender] = frozenset({"host", "judge"})


@dataclass(frozen=True)
class RefereeAction:
    """One referee action that may be sent now: of ``type``, with the ``fixed`` field
    values (the other fields are the sender's free input, e.g. a penalty's sips), by one
    of ``senders``."""

    type: type[Action]
    fixed: Mapping[str, Any] = field(default_factory=dict)
    senders: frozenset[Sender] = HOST_OR_JUDGE

    @classmethod
    def exactly(cls, action: Action, senders: frozenset[Sender] = HOST_OR_JUDGE) -> RefereeAction:
        """Returns the entry for ``action`` as it stands (a console's button)."""
        fields = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
        return cls(type(action), fields, senders)

    def admits(self, action: Action, sender: Sender) -> bool:
        """Returns True when ``sender`` may send ``action`` under this entry."""
        return (
            sender in self.senders
            and type(action) is self.type
            and all(getattr(action, name, None) == value for name, value in self.fixed.items())
        )


def referee_options(game: Game, state: Any) -> list[RefereeAction]:
    """Returns what the referee may send now (the game's ``referee_options``, else any
    referee action from the host or a judge)."""
    declared = game.referee_options(state)
    if declared is not None:
        return list(declared)
    return list(_from_host_or_judge(tuple(game.referee_action_types)))


@functools.cache
def _from_host_or_judge(types: tuple[type[Action], ...]) -> tuple[RefereeAction, ...]:
    """Any referee action of ``types`` from the host or a judge: made once per game (the
    entries are frozen, and every view of a host or judge asks for them)."""
    return tuple(RefereeAction(t) for t in types)


def referee_buttons(game: Game, state: Any) -> list[Action]:
    """Returns the referee's buttons now: the game's ``referee_actions(state)``, else the
    options that fix every field."""
    declared = game.referee_actions(state)
    if declared is not None:
        return list(declared)
    options = game.referee_options(state)
    if options is None:
        return list(_buttons_of_any(tuple(game.referee_action_types)))
    return _whole_actions(options)


@functools.cache
def _buttons_of_any(types: tuple[type[Action], ...]) -> tuple[Action, ...]:
    """The buttons while any referee action may come: made once per game (frozen)."""
    return tuple(_whole_actions(_from_host_or_judge(types)))


def _whole_actions(options: Sequence[RefereeAction]) -> list[Action]:
    """The options that fix every field, as actions."""
    out = []
    for option in options:
        if {f.name for f in dataclasses.fields(option.type)} <= set(option.fixed):
            out.append(option.type(**option.fixed))
    return out


def admitted(options: Sequence[RefereeAction], action: Action, sender: Sender) -> bool:
    """Returns True when one of ``options`` (:func:`referee_options`) lets ``sender``
    send ``action``."""
    return any(option.admits(action, sender) for option in options)


def referee_refusal(game: Game, state: Any, action: Action, sender: Sender) -> str | None:
    """Returns why ``sender`` may not send the referee action ``action`` now, or None."""
    if admitted(referee_options(game, state), action, sender):
        return None
    who = {"host": "the host", "judge": "a judge", "seat": "a player"}[sender]
    return f"{who} may not send {action.kind!r} now"


def roller(game: Game, state: Any, last_seat: Seat | None) -> Seat | None:
    """Returns the seat that throws the real dice due now (None: any seat): the game's
    ``roller(state)``, else ``last_seat``, the seat that acted last."""
    declared = game.roller(state)
    return last_seat if declared == "last" else declared


def void_refusal(game: Game, state: Any, actions: Sequence[Action], sender: Sender) -> str | None:
    """Returns why ``sender`` may not void ``actions``, or None when the game allows it."""
    return game.may_void(state, actions, sender)
