"""Random legal and illegal action sequences (Hypothesis) and the invariants after each."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racerbile.engine import IllegalAction, Record, RulesError, replay, step
from racerbile.engine.ledger import Drank
from racerbile.games.ludol import GAME, LudolSetup
from racerbile.games.ludol import actions as a
from racerbile.games.ludol.notation import parse_state
from racerbile.games.ludol.state import GLASSES, LAST_TRACK, START, STRIDE, State, track_square

LETTERS = st.sampled_from("ABCDE")
CANDIDATES = st.one_of(
    st.builds(a.Move, LETTERS, st.integers(-2, 58), st.integers(0, 7)),
    st.builds(a.Throw, st.integers(0, 7)),
    st.builds(a.Declare, st.booleans()),
    st.builds(a.Penalty, st.integers(-1, 4), st.integers(-2, 3)),
    st.builds(a.ConfirmFlag, st.integers(0, 3), st.integers(0, 2)),
    st.builds(a.DismissFlag, st.integers(0, 3)),
    st.builds(a.ChugResult, st.integers(0, 3), st.booleans()),
    st.builds(a.ChugTimeUp, st.integers(0, 3)),
    st.builds(a.Vomit, st.integers(0, 3)),
    st.builds(a.IdleCount, st.integers(0, 40)),
    st.builds(a.IdleExpired, st.integers(0, 40)),
    st.builds(a.SetTurn, LETTERS),
)
SETUP = st.builds(
    lambda profile, colours, n: LudolSetup.model_validate(
        {
            "players": [{"name": f"P{i}", "colours": colours if i == 0 else 1} for i in range(n)],
            "profile": profile,
        }
    ),
    st.sampled_from(["ludol", "norsk"]),
    st.integers(1, 2),
    st.integers(2, 3),
)


def _mixed_squares_allowed(state: State) -> bool:
    """After a move, a shared square holds two colours only at an immune start square."""
    colours_at: dict[int, set[int]] = {}
    for colour, glasses in enumerate(state.glasses):
        for p in glasses:
            if START <= p <= LAST_TRACK:
                colours_at.setdefault(track_square(colour, p), set()).add(colour)
    for square, present in colours_at.items():
        if len(present) > 1:
            owner = square // STRIDE if square % STRIDE == 0 else None
            if not state.config.profile.start_square_immune or owner not in present:
                return False
    return True


def _drinks(events: list) -> list:
    return [e for e in events if isinstance(e, Drank)]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUP, data=st.data())
def test_random_sequences_keep_the_invariants(setup: LudolSetup, data: st.DataObject) -> None:
    state = GAME.start(setup)
    record = Record.new(GAME, setup)
    events: list = []
    for _ in range(250):
        if GAME.to_act(state) is None:
            break
        legal = GAME.legal_actions(state)
        if data.draw(st.booleans()):
            action = legal[data.draw(st.integers(0, len(legal) - 1))]
        else:
            action = data.draw(CANDIDATES)
        before = GAME.format_state(state)
        try:
            result = step(GAME, state, action)
        except RulesError as exc:
            assert action not in legal
            assert isinstance(exc, IllegalAction) and exc.rule_id, f"{action!r}: {exc}"
            assert GAME.format_state(state) == before
            continue
        state, events = result.state, [*events, *result.events]
        record = record.with_action(action)
        assert all(len(g) == GLASSES for g in state.glasses)
        assert Counter(len(g) for g in state.glasses) == Counter({GLASSES: state.colours})
        if isinstance(action, a.Move):
            assert _mixed_squares_allowed(state), GAME.format_state(state)
        assert list(state.ledger.entries) == _drinks(events)
        line = GAME.format_state(state)
        assert GAME.format_state(parse_state(line, state.config)) == line
    again = replay(GAME, Record.parse(record.model_dump_json()))
    assert again.state == state
    assert list(again.events) == events
