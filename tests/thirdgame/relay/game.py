"""Relay behind the engine contract, with every optional capability declared."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from pydantic import BaseModel

from racerbile.engine import CHANCE, Action, Actor, Event, InvalidAction, Result, Standing, Step
from racerbile.engine.capabilities import BotRoster, GameCapabilities, SimStats
from racerbile.engine.contract import Clock
from racerbile.engine.referee import RefereeAction

from . import INFO, rules
from .actions import ACTION_TYPES, REFEREE_TYPES, Die, Hand, Penalty, Roll
from .bots import BOTS
from .setup import RelaySetup
from .state import RelayState
from .stats import STATS

SENTENCES = {
    "en": {
        "rolled": "{name} rolls {value}",
        "dropped": "{name} drops the baton and loses {lost}",
        "handed": "{name} hands over, banking {banked}",
        "penalised": "{by} docks {name} {points} points",
        "won": "{name} wins the relay",
    },
    "da": {
        "rolled": "{name} slår {value}",
        "dropped": "{name} taber stafetten og mister {lost}",
        "handed": "{name} giver stafetten videre og gemmer {banked}",
        "penalised": "{by} trækker {points} point fra {name}",
        "won": "{name} vinder stafetten",
    },
}


class RelayGame(GameCapabilities):
    info = INFO
    Setup: type[BaseModel] = RelaySetup
    action_types: Sequence[type[Action]] = ACTION_TYPES
    referee_action_types: Sequence[type[Action]] = REFEREE_TYPES
    stats: SimStats | None = STATS

    def start(self, setup: Any) -> RelayState:
        names = tuple(p.name for p in setup.players)
        return RelayState(
            names, setup.target, (0,) * len(names), tuple(setup.judges), setup.baton_s
        )

    def to_act(self, state: RelayState) -> Actor:
        if state.phase == "over":
            return None
        return CHANCE if state.phase == "dice" else state.current

    def legal_actions(self, state: RelayState) -> list[Action]:
        return rules.legal(state)

    def chance_outcomes(self, state: RelayState) -> list[tuple[Action, Fraction]]:
        return [(a, Fraction(1, 6)) for a in rules.legal(state)] if state.phase == "dice" else []

    def apply(self, state: RelayState, action: Action) -> Step:
        return rules.apply(state, action)

    def view(self, state: RelayState, seat: int | None) -> dict[str, Any]:
        return {
            "scores": list(state.scores),
            "target": state.target,
            "current": state.current,
            "carried": state.carried,
            "phase": state.phase,
            "judges": list(state.judges),
        }

    def result(self, state: RelayState) -> Result | None:
        if state.phase != "over":
            return None
        order = sorted(range(len(state.names)), key=lambda s: -state.scores[s])
        return Result(tuple(Standing(s, i + 1) for i, s in enumerate(order)))

    def describe(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        fields = dataclasses.asdict(event)
        seat = fields["seat"]
        name = names[seat] if names and seat < len(names) else f"runner {seat + 1}"
        judge = fields.get("judge")
        by = "the referee" if judge is None else f"judge {judge + 1}"
        template = SENTENCES.get(lang, SENTENCES["en"])[event.kind]
        return template.format(**{**fields, "name": name, "by": by})

    def seat_names(self, state: RelayState) -> list[str]:
        return list(state.names)

    def judges(self, state: RelayState) -> list[str]:
        return list(state.judges)

    def clock(self, state: RelayState) -> list[Clock]:
        """RL-6: a fresh runner has ``baton_s`` from the handover to roll, else hands on."""
        if state.baton_s is None or state.phase != "turn" or state.carried:
            return []
        return [Clock(state.baton_s, Hand(), since="event", event=f"baton-{state.handovers}")]

    def referee_options(self, state: RelayState) -> list[RefereeAction]:
        return [RefereeAction(Penalty)]

    def referee_actions(self, state: RelayState) -> list[Action]:
        return [Penalty(seat, 2) for seat in range(len(state.names))]

    def roller(self, state: RelayState) -> int | None:
        return state.current

    def may_void(self, state: RelayState, actions: Sequence[Action], sender: str) -> str | None:
        """RL-7: the host or a judge may take a penalty back; nothing else is undone."""
        if sender not in ("host", "judge"):
            return "only the referee or a judge may take a penalty back"
        if not all(isinstance(a, Penalty) for a in actions):
            return "only a penalty can be taken back"
        return None

    @property
    def bots(self) -> BotRoster:
        return BOTS

    def format_state(self, state: RelayState) -> str:
        scores = " ".join(str(s) for s in state.scores)
        return f"{state.phase} runner {state.current} carries {state.carried} scores {scores}"

    def format_action(self, action: Action) -> str:
        if isinstance(action, Die):
            return f"die {action.value}"
        if isinstance(action, Penalty):
            judge = "" if action.judge is None else f" judge {action.judge}"
            return f"penalty {action.seat} {action.points}{judge}"
        return action.kind

    def parse_action(self, text: str) -> Action:
        words = text.split()
        try:
            if words in (["roll"], ["hand"]):
                return Roll() if words == ["roll"] else Hand()
            if len(words) == 2 and words[0] == "die":
                return Die(int(words[1]))
            if len(words) in (3, 5) and words[0] == "penalty":
                judge = int(words[4]) if len(words) == 5 and words[3] == "judge" else None
                return Penalty(int(words[1]), int(words[2]), judge)
        except ValueError:
            pass
        raise InvalidAction(f"not a relay action: {text!r}")


GAME = RelayGame()
