"""The contract check every game must pass, for each game's own tests to call.

:func:`check_contract` plays seeded random games to the end through the engine's
auto-play driver and after every step checks what the contract promises: who acts,
legal actions, exact chance distributions, JSON views and actions, the drink ledger,
and that the record replays to the same state. Between the turns it also sends
random referee buttons (``referee_actions``) and, where the game allows it
(``may_void``), voids the last action, which must bring back the state before it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
from pydantic import BaseModel

from .autoplay import Played, autoplay, random_or_bot
from .chance import DiceStream
from .codec import ActionCodec, record_codec
from .contract import Action, Chance, Game
from .errors import RulesError
from .ledger import Drank
from .record import Record, replay
from .referee import referee_buttons, void_refusal
from .step import step

REFEREE_CHANCE = 0.05
"""How often the check sends a random referee button between two turns."""
VOID_CHANCE = 0.05
"""How often it voids the last action, where the game allows the host to."""
VOID_REPLAYS = 3
"""How many voids of a game are checked by replaying the record at once (each replays
it whole); the final replay of the record checks every void."""


@dataclass(frozen=True)
class Undoable:
    """A live action of the checked game: the state before it, its 1-based position in
    the record and how many drinks had been drunk before it."""

    state: Any
    position: int
    drinks: int


class ContractViolation(AssertionError):
    """A game broke its contract; the message names the game, step and state."""


def check_contract(
    game: Game,
    setup: BaseModel,
    seed: int = 0,
    max_steps: int = 5000,
    bot: str | None = None,
    must_end: bool = True,
) -> Any:
    """Plays one seeded game and checks the contract after every step.

    Seats pick uniformly random legal actions, or follow the game's bot ``bot``.
    With ``must_end`` the game has to end within ``max_steps``; without it the check
    stops there. Returns the last state. Raises ContractViolation naming what broke.
    """
    state = game.start(setup)
    record = Record.new(game, setup, seed)
    dice, rng = DiceStream(seed), np.random.default_rng(seed)
    decide, extra = random_or_bot(game, rng, bot), np.random.default_rng([seed, 1])
    codec = record_codec(game)
    drank: list[Drank] = []
    history: list[Undoable] = []  # what each live action could be undone to
    voids = 0
    for number in range(max_steps):
        _check_position(game, state, number)
        played = next(autoplay(game, state, dice, decide, 1), None)
        if played is None:
            break
        _check_played(game, played, codec, number)
        history.append(Undoable(state, len(record.actions) + 1, len(drank)))
        state, record = played.step.state, record.with_action(played.action)
        drank.extend(e for e in played.step.events if isinstance(e, Drank))
        if game.to_act(state) is not None and extra.random() < REFEREE_CHANCE:
            state, record = _referee_button(game, state, record, extra, drank, history)
        if history and extra.random() < VOID_CHANCE:
            undone = _void_last(game, state, record, history, number, voids < VOID_REPLAYS)
            if undone is not None:
                voids += 1
                state, record, kept = undone
                del drank[kept:]
        _check_ledger(game, state, drank, number)
    else:
        if must_end:
            raise ContractViolation(f"{game.info.id}: no end after {max_steps} steps")
    if game.to_act(state) is None:
        _expect(game.result(state) is not None, game, max_steps, "the game ended without a result")
    replayed = replay(game, Record.parse(record.model_dump_json()))
    _expect(
        game.view(replayed.state, None) == game.view(state, None),
        game,
        max_steps,
        "replaying the record does not give the same state",
    )
    return state


def _check_played(game: Game, played: Played, codec: ActionCodec, number: int) -> None:
    action, before = played.action, played.before
    _expect(action in game.legal_actions(before), game, number, f"illegal {action!r} chosen")
    _expect(
        codec.decode(json.loads(json.dumps(action.to_json()))) == action,
        game,
        number,
        f"{action!r} does not survive its JSON form",
    )
    names = game.seat_names(before)
    for event in played.step.events:
        json.dumps(event.to_json())
        _expect(bool(game.describe(event, "en", names)), game, number, f"no sentence for {event!r}")


def _check_ledger(game: Game, state: Any, drank: list[Drank], number: int) -> None:
    ledger = game.ledger(state)
    if ledger is not None:
        _expect(
            list(ledger.entries) == drank,
            game,
            number,
            "the drink ledger differs from the sum of Drank events",
        )


def _referee_button(
    game: Game,
    state: Any,
    record: Record,
    rng: np.random.Generator,
    drank: list[Drank],
    history: list[Undoable],
) -> tuple[Any, Record]:
    """Sends one random referee button (a game may still refuse it with a reason)."""
    buttons = referee_buttons(game, state)
    if not buttons:
        return state, record
    action: Action = buttons[int(rng.integers(len(buttons)))]
    try:
        result = step(game, state, action)
    except RulesError as exc:
        _expect(bool(exc.reason), game, len(record.actions), f"{action!r} refused without reason")
        return state, record
    history.append(Undoable(state, len(record.actions) + 1, len(drank)))
    drank.extend(e for e in result.events if isinstance(e, Drank))
    return result.state, record.with_action(action)


def _void_last(
    game: Game,
    state: Any,
    record: Record,
    history: list[Undoable],
    number: int,
    replay_now: bool,
) -> tuple[Any, Record, int] | None:
    """Voids the last live action when the game lets the host (None when it does not):
    returns the state before it, the record with the void and how many drinks stand.
    With ``replay_now`` the record must replay to that state at once."""
    last = history[-1]
    action = record_codec(game).decode(record.actions[last.position - 1])
    if void_refusal(game, state, [action], "host") is not None:
        return None
    history.pop()
    record = record.with_void([last.position])
    if replay_now:
        _expect(
            game.view(replay(game, record).state, None) == game.view(last.state, None),
            game,
            number,
            f"voiding action {last.position} does not bring back the state before it",
        )
    return last.state, record, last.drinks


def _check_position(game: Game, state: Any, number: int) -> None:
    actor = game.to_act(state)
    legal = list(game.legal_actions(state))
    outcomes = list(game.chance_outcomes(state))
    for seat in [None, *range(len(game.seat_names(state)))]:
        json.dumps(game.view(state, seat))
    if actor is None:
        _expect(not legal, game, number, "legal actions listed after the game ended")
        return
    _expect(bool(legal), game, number, f"{actor!r} is to act but has no legal action")
    if isinstance(actor, Chance):
        total = sum((p for _, p in outcomes), Fraction(0))
        _expect(total == 1, game, number, f"chance outcomes sum to {total}, not 1")
        _expect(all(p > 0 for _, p in outcomes), game, number, "a chance outcome has p <= 0")
        _expect(
            legal == [a for a, _ in outcomes],
            game,
            number,
            "at a chance point the legal actions must be the chance outcomes",
        )
    else:
        _expect(not outcomes, game, number, "chance outcomes listed at a seat's turn")


def _expect(ok: bool, game: Game, number: int, message: str) -> None:
    if not ok:
        raise ContractViolation(f"{game.info.id}, step {number}: {message}")
