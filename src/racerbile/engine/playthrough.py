"""Golden playthroughs: one seeded game written out as text, step by step.

A playthrough starts with the game id, rules version and setup, then gives for each
step the state notation, who acts, the legal actions, the action taken and the
event sentences. Checked-in playthroughs are diffed by a test, so any change of
rules behaviour shows up in review as sentences that change.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import numpy as np
from pydantic import BaseModel

from .autoplay import autoplay, random_or_bot
from .chance import DiceStream
from .contract import Game

MAX_LEGAL_SHOWN = 24


def golden_playthroughs(games: Iterable[Game]) -> dict[str, tuple[Game, dict[str, Any], int]]:
    """Returns every game's declared golden playthroughs: name -> (game, setup, seed)."""
    return {
        name: (game, setup, seed)
        for game in games
        for name, (setup, seed) in game.playthroughs.items()
    }


def playthrough(game: Game, setup: BaseModel, seed: int, max_steps: int = 400) -> str:
    """Returns the text of one seeded game (random legal actions, digital dice)."""
    lines = [
        f"game: {game.info.id}",
        f"rules_version: {game.info.rules_version}",
        f"seed: {seed}",
        f"setup: {json.dumps(setup.model_dump(mode='json'), sort_keys=True)}",
        "",
    ]
    state = game.start(setup)
    decide = random_or_bot(game, np.random.default_rng(seed))
    played = autoplay(game, state, DiceStream(seed), decide, max_steps)
    number = 0
    for number, turn in enumerate(played, start=1):
        state, actor, action = turn.before, turn.actor, turn.action
        lines.append(f"state: {game.format_state(state)}")
        legal = list(game.legal_actions(state))
        who = game.seat_names(state)[actor] if isinstance(actor, int) else "chance"
        shown = ", ".join(game.format_action(a) for a in legal[:MAX_LEGAL_SHOWN])
        more = f", … ({len(legal)} in all)" if len(legal) > MAX_LEGAL_SHOWN else ""
        lines += [
            f"{number}. {who} to act; legal: {shown}{more}",
            f"   action: {game.format_action(action)}",
        ]
        names = game.seat_names(state)
        lines += [f"   - {game.describe(event, 'en', names)}" for event in turn.step.events]
        state = turn.step.state
    if game.to_act(state) is None and number < max_steps:
        lines.append(f"state: {game.format_state(state)}")
    else:
        lines.append(f"(stopped after {max_steps} steps)")
    outcome = game.result(state)
    if outcome is not None:
        places = ", ".join(
            f"{s.place}. {game.seat_names(state)[s.seat]}" for s in outcome.standings
        )
        lines.append(f"result: {places}")
    return "\n".join(lines) + "\n"
