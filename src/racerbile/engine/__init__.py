"""The game-agnostic engine: contract, errors, records and replay, dice, drink ledger.

Names load on first use (``from racerbile.engine import step`` imports the step
module then), so a module that needs one part, e.g. the errors, does not pay for
pydantic or NumPy.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Bound now: importing the submodule ``step`` would otherwise leave the module, not the
# function, under this name.
from .step import step

if TYPE_CHECKING:
    from .chance import DiceStream, pick
    from .codec import ActionCodec
    from .contract import (
        CHANCE,
        Action,
        Actor,
        Bot,
        Chance,
        Event,
        Game,
        GameInfo,
        Result,
        Seat,
        Standing,
        Step,
        TrackCatalog,
    )
    from .errors import (
        GameOver,
        IllegalAction,
        InvalidAction,
        NotYourTurn,
        RecordError,
        RulesError,
        TrackError,
    )
    from .ledger import Drank, Ledger
    from .record import Record, Replay, replay

# name -> the module (in this package) that defines it
_HOMES = {
    "DiceStream": "chance",
    "pick": "chance",
    "ActionCodec": "codec",
    **dict.fromkeys(
        ("CHANCE", "Action", "Actor", "Bot", "Chance", "Event", "Game", "GameInfo", "Result",
         "Seat", "Standing", "Step", "TrackCatalog"),
        "contract",
    ),
    **dict.fromkeys(
        ("GameOver", "IllegalAction", "InvalidAction", "NotYourTurn", "RecordError",
         "RulesError", "TrackError"),
        "errors",
    ),
    "Drank": "ledger",
    "Ledger": "ledger",
    "Record": "record",
    "Replay": "record",
    "replay": "record",
}  # fmt: skip


def __getattr__(name: str) -> Any:
    """Imports the module that defines ``name`` on first use and returns it."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "CHANCE",
    "Action",
    "ActionCodec",
    "Actor",
    "Bot",
    "Chance",
    "DiceStream",
    "Drank",
    "Event",
    "Game",
    "GameInfo",
    "GameOver",
    "IllegalAction",
    "InvalidAction",
    "Ledger",
    "NotYourTurn",
    "Record",
    "RecordError",
    "Replay",
    "Result",
    "RulesError",
    "Seat",
    "Standing",
    "Step",
    "TrackCatalog",
    "TrackError",
    "pick",
    "replay",
    "step",
]
