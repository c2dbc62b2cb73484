"""Websocket pushes as patches (``?patches=true``): applied in order, they give every
connection the state it would read by GET, in fewer bytes."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from serverkit import create, state, token
from starlette.testclient import TestClient

from racerbile.server.patches import apply_patch, envelope_patch

RACERBILE = {"players": [{"name": "Anna"}, {"name": "Bo"}]}

values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3)
    ),
    max_leaves=8,
)
members = st.dictionaries(st.sampled_from("abcdef"), values, max_size=5)
lines = st.lists(st.fixed_dictionaries({"seq": st.integers(0, 9), "text": st.text(max_size=2)}))


@st.composite
def envelopes(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two states: members changed, added and gone; a view likewise (or not a dict);
    a log that lost lines at its start and gained some at its end, or any other."""
    before = {**draw(members), "view": draw(members | values), "log": draw(lines)}
    after = {**draw(members), "view": draw(members | values)}
    if draw(st.booleans()) and isinstance(before["view"], dict):
        after["view"] = {**before["view"], **draw(members)}
    old = before["log"]
    drop = draw(st.integers(0, len(old)))
    after["log"] = old[drop:] + draw(lines) if draw(st.booleans()) else draw(lines)
    return before, after


@given(envelopes())
def test_a_patch_applied_to_the_state_before_gives_the_state_after(
    pair: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    before, after = pair
    patch = envelope_patch(before, after)
    assert apply_patch(before, patch) == after
    assert json.loads(json.dumps(patch)) == patch  # plain JSON, sent as it is


def test_a_log_that_only_grew_and_lost_its_start_is_sent_as_its_new_lines() -> None:
    old = [{"seq": n, "text": f"line {n}"} for n in range(5)]
    new = [*old[2:], {"seq": 5, "text": "line 5"}]
    patch = envelope_patch({"seq": 4, "log": old}, {"seq": 5, "log": new})
    assert patch == {
        "type": "patch",
        "set": {"seq": 5},
        "log": {"drop": 2, "keep": 3, "add": [{"seq": 5, "text": "line 5"}]},
    }


def test_members_that_stay_are_left_out_and_those_gone_are_named() -> None:
    before = {"seq": 1, "seats": ["Anna"], "view": {"faults": [1, 2], "turn": 1, "odds": 3}}
    after = {"seq": 2, "seats": ["Anna"], "view": {"faults": [1, 2], "turn": 2}}
    assert envelope_patch(before, after) == {
        "type": "patch",
        "set": {"seq": 2},
        "view": {"set": {"turn": 2}, "unset": ["odds"]},
    }


@contextmanager
def _socket(client: TestClient, game_id: str, tok: str | None, patches: bool) -> Iterator[Any]:
    url = f"/api/games/{game_id}/ws?lang=da" + ("&patches=true" if patches else "")
    with client.websocket_connect(url) as ws:
        ws.send_json({"type": "auth", "token": tok})
        yield ws


class Follower:
    """A connection's state, built from its pushes as a browser does."""

    def __init__(self, ws: Any, patches: bool = True):
        self.ws, self.patches = ws, patches
        first = ws.receive_json()
        assert first["type"] == "state"
        self.state = _without_type(first)
        self.sizes: list[int] = []

    def until(self, seq: int) -> dict[str, Any]:
        while self.state["seq"] < seq:
            push = self.ws.receive_json()
            self.sizes.append(len(json.dumps(push)))
            if push["type"] == "patch" and self.patches:
                self.state = apply_patch(self.state, push)
            else:
                assert push["type"] == "state", push
                self.state = _without_type(push)
        return self.state


def _without_type(push: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in push.items() if key != "type"}


def test_patched_pushes_build_what_each_caller_reads_in_a_third_of_the_bytes(
    client: TestClient,
) -> None:
    created = create(client, game="racerbile", setup=RACERBILE)
    gid, host = created["id"], created["host_token"]
    rng = random.Random(3)
    with (
        _socket(client, gid, host, patches=True) as host_ws,
        _socket(client, gid, token(created, 1), patches=True) as bo_ws,
        _socket(client, gid, None, patches=True) as fan_ws,
        _socket(client, gid, None, patches=False) as whole_ws,
    ):
        host_, bo, fan = (Follower(w) for w in (host_ws, bo_ws, fan_ws))
        whole = Follower(whole_ws, patches=False)
        for _ in range(40):
            now = state(client, gid, host, lang="da")
            if now["finished"] or not now["legal_actions"]:
                break
            move = {"action": rng.choice(now["legal_actions"]), "seq": now["seq"]}
            answer = client.post(
                f"/api/games/{gid}/actions?lang=da",
                json=move,
                headers={"Authorization": f"Bearer {host}"},
            )
            assert answer.status_code == 200, answer.text
            seq = answer.json()["seq"]
            for follower, tok in ((host_, host), (bo, token(created, 1)), (fan, None)):
                assert follower.until(seq) == state(client, gid, tok, lang="da")
            assert whole.until(seq) == fan.state
    assert sum(fan.sizes) * 3 < sum(whole.sizes)


def test_actions_sent_on_the_socket_get_their_pushes_in_order(client: TestClient) -> None:
    # The acting connection's reader sends its own pushes; its writer sends the rest.
    created = create(client, game="racerbile", setup=RACERBILE)
    gid, host = created["id"], created["host_token"]
    rng = random.Random(5)
    with (
        _socket(client, gid, host, patches=True) as host_ws,
        _socket(client, gid, None, patches=True) as fan_ws,
    ):
        host_, fan = Follower(host_ws), Follower(fan_ws)
        for _ in range(30):
            now = host_.state
            if now["finished"] or not now["legal_actions"]:
                break
            action = rng.choice(now["legal_actions"])
            host_ws.send_json({"type": "action", "action": action, "seq": now["seq"]})
            host_.until(now["seq"] + 1)
            current = state(client, gid, host, lang="da")
            assert host_.until(current["seq"]) == current
            assert fan.until(current["seq"]) == state(client, gid, None, lang="da")
        assert host_.state["seq"] > 10
