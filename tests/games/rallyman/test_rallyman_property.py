"""Property test: random legal and illegal dice sequences through random stages.

After every action: each die moved its car exactly one space along a link; no space holds
more cars than its capacity; the time stack equals the cards taken, and every stage time is
the cards − the seconds tokens (+ penalties); illegal actions are refused with the state
untouched; notation round-trips; and replaying the actions rebuilds the same state.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racerbile.engine.contract import CHANCE
from racerbile.engine.errors import RulesError
from racerbile.games.rallyman import rules
from racerbile.games.rallyman.actions import Attack, CardTaken, Finished, Moved, Place, Roll
from racerbile.games.rallyman.board import bundled_stages
from racerbile.games.rallyman.board.model import Rally
from racerbile.games.rallyman.notation import format_action, parse_action
from racerbile.games.rallyman.state import Options

from .builders import make_stage

TOKENS = [
    "R",
    "R",
    "S",
    "FR",
    "XR",
    "J3",
    "J4a1",
    "C3",
    "C3[44]",
    "C2[33]K3",
    "TC2[33]K3",
    "C4[55]",
    "C2[333]",
    "C1",
]


@st.composite
def stages(draw: st.DrawFn):  # type: ignore[no-untyped-def]
    if draw(st.booleans()):
        return bundled_stages()[draw(st.sampled_from(sorted(bundled_stages())))]
    middle = draw(st.lists(st.sampled_from(TOKENS), min_size=3, max_size=14))
    return make_stage(" ".join(["R", *middle, "R", "R"]))


def illegal_candidates(state) -> list:  # type: ignore[no-untyped-def]
    stage = state.stage
    gids = [s.gid for s in stage.spaces[:6]] + ["finish"]
    return (
        [Roll(d, g) for d in "12345G" for g in gids[:3]]
        + [Roll("5", "finish", True)]
        + [Attack(p) for p in ("12345GG", "5G", "34")]
        + [Place("3", False, gids[1])]
    )


def check_invariants(state, before, action, events, cards) -> None:  # type: ignore[no-untyped-def]
    stage = state.stage
    moves = [e for e in events if isinstance(e, Moved)]
    if (
        isinstance(action, Place)
        or type(action).__name__ == "Face"
        or (isinstance(action, Roll) and action.secured)
    ):
        assert len(moves) == 1
    elif not isinstance(action, Roll):
        assert not moves
    for move in moves:
        frm = None if move.frm == "start" else stage.find(move.frm)
        to = stage.find(move.to)
        nxt = [stage.entry] if frm is None else [lk.to for lk in stage.links[frm]]
        assert to in nxt, (move, nxt)
    load = Counter(c.space for c in state.cars if c.on_road and c.space is not None)
    for space, n in load.items():
        if space < stage.finish:
            assert n <= stage.spaces[space].capacity
    for e in events:
        if isinstance(e, CardTaken):
            cards[e.seat] += e.seconds
        if isinstance(e, Finished):
            car = state.cars[e.seat]
            assert e.time == car.cards_time - car.tokens + car.penalty
    if state.phase == "race" and state.stage_no == before.stage_no:
        for seat, car in enumerate(state.cars):
            assert car.cards_time == cards[seat]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stage=stages(), drivers=st.integers(1, 3), data=st.data())
def test_random_dice_sequences_keep_the_invariants(stage, drivers, data) -> None:  # type: ignore[no-untyped-def]
    rally = Rally("prop", "Prop", (stage,), (False,))
    state = rules.start(rally, tuple("ABC"[:drivers]), Options())
    start = state
    actions = []
    cards = [0] * drivers
    for _ in range(120):
        actor = rules.to_act(state)
        if actor is None:
            break
        legal = rules.legal_actions(state)
        assert legal
        for action in legal:
            assert parse_action(format_action(action)) == action
        if actor != CHANCE and data.draw(st.integers(0, 4)) == 0:
            wrong = [a for a in illegal_candidates(state) if a not in legal]
            if wrong:
                bad = data.draw(st.sampled_from(wrong))
                try:
                    rules.apply(state, bad)
                    raise AssertionError(f"{bad} was accepted")
                except RulesError:
                    pass
        action = data.draw(st.sampled_from(legal))
        before = state
        step = rules.apply(state, action)
        state = step.state
        actions.append(action)
        check_invariants(state, before, action, step.events, cards)
    replayed = start
    for action in actions:
        replayed = rules.apply(replayed, action).state
    assert replayed == state
