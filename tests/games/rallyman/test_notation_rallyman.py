"""The state notation reads back: ``parse_state(format_state(s)) == s`` for every state,
between turns and within one."""

from __future__ import annotations

import numpy as np
import pytest

from racerbile.engine import DiceStream
from racerbile.engine.autoplay import autoplay
from racerbile.engine.errors import InvalidAction
from racerbile.games.rallyman import GAME, RallymanSetup
from racerbile.games.rallyman.actions import Spare
from racerbile.games.rallyman.notation import format_state, parse_state
from racerbile.games.rallyman.state import State


def turn_starts(rally: str, bots: tuple[str, ...], seed: int, **options: object) -> list[State]:
    """Returns every state of a seeded rally where nobody has done anything yet this turn."""
    setup = RallymanSetup(
        players=[{"name": f"Driver {b}"} for b in bots], rally=rally, options=options
    )
    rng = np.random.default_rng(seed)
    state = GAME.start(setup)
    found = [state]
    for played in autoplay(
        GAME, state, DiceStream(seed), lambda s, seat: GAME.bots[bots[seat]](s, rng), 10**5
    ):
        after = played.step.state
        turn = after.turn
        fresh = turn is None or (
            turn.technique == "none" and not turn.used and turn.loc is None and not turn.draw
        )
        if fresh and not isinstance(played.action, Spare):
            found.append(after)
    return found


@pytest.mark.rule("RM-RALLY-2")
@pytest.mark.rule("RM-START-1")
@pytest.mark.rule("RM-ORDER-1")
@pytest.mark.rule("RM-CARD-1")
@pytest.mark.parametrize(
    ("rally", "options"),
    [("nordlys", {}), ("ss-kalkbrud", {"finite_gear_decks": True})],
)
def test_a_state_between_turns_reads_back_as_itself(rally: str, options: dict[str, object]) -> None:
    states = turn_starts(rally, ("attacker", "cautious"), 5, **options)
    assert len(states) > 20 and states[-1].phase == "over"
    for state in states:
        text = format_state(state)
        assert parse_state(text, state.rally, state.names, state.options) == state, text


BOTS = ("attacker", "cautious")


def every_state(rally: str, bots: tuple[str, ...], seed: int, **options: object) -> list[State]:
    """Returns every state of a seeded rally, chance points and half-played turns too."""
    setup = RallymanSetup(
        players=[{"name": f"Driver {b}"} for b in bots], rally=rally, options=options
    )
    rng = np.random.default_rng(seed)
    state = GAME.start(setup)
    decide = lambda s, seat: GAME.bots[bots[seat]](s, rng)  # noqa: E731
    return [state, *(p.step.state for p in autoplay(GAME, state, DiceStream(seed), decide, 10**5))]


@pytest.mark.rule("RM-ATT-1")
@pytest.mark.rule("RM-LOC-1")
@pytest.mark.rule("RM-CORNER-3")
@pytest.mark.parametrize("options", [{}, {"puncture_mode": "polish_hazard_die"}])
def test_a_state_within_a_turn_reads_back_as_itself(options: dict[str, object]) -> None:
    """Dice used, a die waiting for its face, a rolled time-attack pool half placed, a
    loss of control waiting for SISU or the card's back, a shortcut card to draw."""
    states = [s for seed in (5, 6, 7) for s in every_state("kalkbrud", BOTS, seed, **options)]
    turns = [s.turn for s in states if s.turn is not None and s.phase == "race"]
    assert any(t.pending for t in turns) and any(t.draw for t in turns)
    assert any(t.placed and len(t.placed) < len(t.pool) for t in turns)
    assert "sisu" in {t.loc.awaiting for t in turns if t.loc}  # SISU decided, then the back
    for state in states:
        text = format_state(state)
        assert parse_state(text, state.rally, state.names, state.options) == state, text


def test_a_state_that_does_not_read_is_refused_naming_it() -> None:
    state = turn_starts("ss-kalkbrud", ("cautious",), 1)[4]
    assert state.cars[0].space is not None
    text = format_state(state)
    with pytest.raises(InvalidAction, match="cannot read the Rallyman state"):
        parse_state(text.replace(" g", " gear", 1), state.rally, state.names, state.options)
    with pytest.raises(InvalidAction, match="no space"):
        where = state.stage.gid(state.cars[0].space)
        parse_state(
            text.replace(f" {where} ", " t9:zz ", 1), state.rally, state.names, state.options
        )
