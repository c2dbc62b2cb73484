"""The game-agnostic engine: contract, errors, records and replay, dice, drink ledger."""

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
from .step import step

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
