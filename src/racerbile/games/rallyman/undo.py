"""Who may take back what in Rallyman (the game's side of :mod:`racerbile.engine.referee`).

The platform hands a player only their own latest actions, newest first, and the real
dice they typed (a digital die stands; see ``racerbile.server.undo``). Rallyman adds:

* the host, as the rally's referee, may take back anything the record replays without;
* a driver may take back a slip of the finger (a die chosen, a pool announced, a die
  placed, tyres, the spare wheel, the SISU decision) and a face, card or back typed
  wrong; a stop stands: the gear card is on the time stack and the next driver is on,
  so only the host takes it back.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.contract import Action
from .actions import Stop
from .state import State


def may_void(state: State, actions: Sequence[Action], sender: str) -> str | None:
    """Returns why ``sender`` may not take ``actions`` back now, or None."""
    if sender == "host":
        return None
    if sender != "seat":
        return "Rallyman has no judges; ask the host"
    if any(isinstance(a, Stop) for a in actions):
        return "a stop stands: the gear card is taken; ask the host to take it back"
    return None
