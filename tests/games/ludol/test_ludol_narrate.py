"""The Ludøl log told one sentence per throw, in English and Danish: the throw, its move,
the glasses knocked home with their chug and the bonus throw, naming the player; the
drinks ride on the line that tells of them, and no event goes untold."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from racerbile.engine import Action, Event, step
from racerbile.engine.autoplay import random_legal
from racerbile.engine.capabilities import LineDrink
from racerbile.engine.chance import DiceStream
from racerbile.engine.contract import plain_json
from racerbile.engine.errors import RulesError
from racerbile.engine.ledger import Drank
from racerbile.games.ludol import GAME
from racerbile.games.ludol import actions as a
from racerbile.games.ludol.events import TurnStarted
from racerbile.games.ludol.state import State
from racerbile.server.loglines import LogLines

from .helpers import NAMES, choose, position, throw

Entry = tuple[int, Event]


def _turn(state: State, *script: str) -> list[Entry]:
    """Returns the events of A's turn (its start first), each action one record position:
    a number is a throw, anything else a choice in notation."""
    entries: list[Entry] = [(1, TurnStarted("A", 0, 1, 1))]
    for seq, said in enumerate(script, start=2):
        state, events = throw(state, int(said)) if said.isdigit() else choose(state, said)
        entries += [(seq, e) for e in events]
    return entries


@pytest.mark.rule("LD-HIT-1")
@pytest.mark.rule("LD-BONUS-1")
def test_ld_hit_1_a_throw_its_knock_home_chug_and_bonus_throw_are_one_sentence() -> None:
    entries = _turn(position({"A": [10], "B": [3]}), "6", "A10+6")  # B3 is track square 16
    turn, move = GAME.narrate(entries, "en", NAMES)
    assert turn.text == "A's turn (Anna), 1 try."
    assert (move.kind, move.seat, move.seq) == ("move", 0, 3)
    assert move.text == (
        "Anna throws 6 and moves glass 0 from 10 to 16, knocking Bo's glass home:"
        " Bo chugs 1 glass within 10 s; Anna throws again."
    )
    assert move.drinks == (LineDrink(1, 1, "glass", 0), LineDrink(1, 1, "chug", 0))
    dansk = GAME.narrate(entries, "da", NAMES)[1]
    assert dansk.text == (
        "Anna slår 6 og flytter glas 0 fra 10 til 16 og slår Bos glas hjem:"
        " Bo bunder 1 glas inden 10 s; Anna slår igen."
    )
    assert dansk.drinks == move.drinks


def test_a_throw_waiting_for_its_move_is_told_so_far() -> None:
    entries = _turn(position({"A": [10]}), "4")
    assert [line.text for line in GAME.narrate(entries, "en", NAMES)][1:] == ["Anna throws 4."]
    assert GAME.narrate(entries, "da", NAMES)[1].text == "Anna slår 4."


@pytest.mark.rule("LD-SIX-2")
def test_ld_six_2_a_forced_six_tells_its_move_and_its_penalty_beer_on_its_own_line() -> None:
    entries = _turn(position({"A": [10]}, chain=2), "1", "A10+6")
    _, move, penalty = GAME.narrate(entries, "en", NAMES)
    assert move.text == (
        "Anna throws 1 (a forced six) and moves glass 0 from 10 to 16 with the bottom 6,"
        " then throws again."
    )
    assert move.drinks == ()
    assert penalty.text == (
        "Anna gets 1 penalty beer(s): a forced six from the third throw (LD-SIX-2)."
    )
    assert penalty.drinks == (LineDrink(0, 1, "penalty_beer", None),)
    dansk = GAME.narrate(entries, "da", NAMES)[1].text
    assert dansk == (
        "Anna slår 1 (en tvungen sekser) og flytter glas 0 fra 10 til 16 med undersiden 6"
        " og slår igen."
    )


@pytest.mark.rule("LD-ENTER-2")
@pytest.mark.rule("LD-SIX-3")
def test_ld_enter_2_failed_tries_and_a_declared_six_are_told_per_throw() -> None:
    state = position({"A": [-1, -1, -1, -1]})
    texts = [line.text for line in GAME.narrate(_turn(state, "3", "1", "Ay+6"), "en", NAMES)]
    assert texts[1:] == [
        "Anna throws 3 but cannot move (2 tries left).",
        "Anna throws 1 and moves glass 0 from the yard to its start square with the bottom 6,"
        " then throws again.",
    ]
    blocked = position({"A": [10], "B": [50, 50]})  # a block of B on track square 11
    texts = [line.text for line in GAME.narrate(_turn(blocked, "6", "declare six"), "da", NAMES)]
    assert texts[1] == "Anna slår 6, kan ikke flytte og erklærer kastet for en sekser og slår igen."


def _referee(state: State, rng: np.random.Generator) -> Action | None:
    """A random referee input that fits the state (the clock's count included)."""
    turn, people = state.turn, len(state.config.names)
    choices: list[Action] = [a.Penalty(int(rng.integers(people)), 2, reason="spilt beer")]
    running = [c.id for c in state.chugs if c.status == "running"]
    choices += [a.ChugResult(chug, bool(rng.integers(2))) for chug in running]
    choices += [a.ConfirmFlag(f.id) for f in state.flags if f.status == "open"]
    choices += [a.DismissFlag(f.id) for f in state.flags if f.status == "open"]
    if turn is not None:
        choices += [a.IdleCount(turn.number), a.IdleExpired(turn.number), a.SetTurn("B")]
        choices.append(a.PlaceGlass("B", 0, int(rng.integers(-1, 40))))
    if rng.random() < 0.02:
        choices.append(a.Vomit(int(rng.integers(people))))
    return choices[int(rng.integers(len(choices)))]


def _seeded_game(seed: int, actions: int = 700) -> list[Entry]:
    """Plays random legal actions with seeded dice and, now and then, a referee input;
    returns the events, each with its action's record position."""
    state = GAME.start(GAME.Setup.model_validate({"players": [{"name": n} for n in NAMES[:3]]}))
    rng, dice = np.random.default_rng(seed), DiceStream(seed)
    entries: list[Entry] = []
    for seq in range(1, actions + 1):
        actor = GAME.to_act(state)
        if actor is None:
            break
        chosen = _referee(state, rng) if rng.random() < 0.08 else None
        if chosen is None:
            outcomes = GAME.chance_outcomes(state)
            chosen = dice.choose(outcomes) if outcomes else random_legal(GAME, state, rng)
        try:
            result = step(GAME, state, chosen)
        except RulesError:
            continue  # refused, with its reason: nothing changed
        state = result.state
        entries += [(seq, e) for e in result.events]
    return entries


def _parts(entries: list[Entry]) -> list[list[Entry]]:
    parts: list[list[Entry]] = []
    for entry in entries:
        if not parts or entry[1].kind in GAME.narration_breaks:
            parts.append([])
        parts[-1].append(entry)
    return parts


@pytest.fixture(scope="module")
def game_events() -> list[Entry]:
    entries = _seeded_game(11)
    kinds = {e.kind for _, e in entries}
    wanted = {"thrown", "moved", "knocked_home", "bonus_throw", "no_move", "penalty_awarded"}
    assert wanted | {"flag_raised", "flag_resolved", "chug_ended", "overridden"} <= kinds
    return entries


@pytest.mark.parametrize("lang", ["en", "da"])
def test_every_event_of_a_seeded_game_is_told_and_every_drink_carried(
    game_events: list[Entry], lang: str
) -> None:
    lines = GAME.narrate(game_events, lang, NAMES[:3])
    texts = {line.text for line in lines}
    for _, event in game_events:  # the events told on their own keep describe's sentence
        if event.kind in ("turn_started", "penalty_awarded", "flag_raised", "game_ended"):
            assert GAME.describe(event, lang, NAMES[:3]) in texts
    carried = Counter(d for line in lines for d in line.drinks)
    assert carried == Counter(LineDrink.of(e) for _, e in game_events if isinstance(e, Drank))
    assert len(lines) < len(game_events)
    for part in _parts(game_events):  # each event changes what the log says: none is lost
        told = [GAME.narrate(part[:k], lang, NAMES[:3]) for k in range(len(part) + 1)]
        for k, (_, said) in enumerate(part):
            assert told[k + 1] != told[k], f"{said!r} leaves the log as it was"


@pytest.mark.parametrize("lang", ["en", "da"])
def test_the_log_told_part_by_part_equals_the_whole_log_told_at_once(
    game_events: list[Entry], lang: str
) -> None:
    """server/loglines.py tells only what changed, with a bounded log that drops its
    oldest events (so a log may start in the middle of a turn)."""
    logged, names = LogLines(GAME, lang), NAMES[:3]
    log: list[Entry] = []
    by_seq = Counter(seq for seq, _ in game_events)
    for entry in game_events:
        log = [*log, entry][-25:]
        by_seq[entry[0]] -= 1
        if by_seq[entry[0]]:
            continue  # the room adds an action's events together
        whole = [plain_json(line) for line in GAME.narrate(log, lang, names)]
        assert logged.told(log, names) == whole
