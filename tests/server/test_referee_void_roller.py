"""The contract's referee, undo, real-dice roller and event clocks, through the server
(with the toy game, which declares each of them)."""

from __future__ import annotations

import time
from typing import Any

import toygame
from serverkit import PLAYERS, act, auth, create, snapshot, state, token
from starlette.testclient import TestClient

from racerbile.engine import Record, replay
from racerbile.engine.testing import check_contract

ROLL = {"kind": "roll"}


def _void(client: TestClient, gid: str, tok: str | None, actions: list[int], seq: int) -> Any:
    body = {"actions": actions, "seq": seq}
    return client.post(f"/api/games/{gid}/void", json=body, headers=auth(tok))


def test_the_toy_game_passes_the_contract_with_referee_actions_and_voids() -> None:
    setup = toygame.Setup.model_validate(PLAYERS)
    for seed in range(5):
        check_contract(toygame.GAME, setup, seed=seed, max_steps=400, must_end=False)


def test_referee_buttons_and_who_may_send_them(client: TestClient) -> None:
    created = create(client)
    gid, host = created["id"], created["host_token"]
    assert state(client, gid, host)["referee_actions"] == [
        {"kind": "bonus", "seat": 0, "cells": 1},
        {"kind": "bonus", "seat": 1, "cells": 1},
    ]
    assert state(client, gid, token(created, 0))["referee_actions"] == []
    sent = act(client, gid, host, {"kind": "bonus", "seat": 1, "cells": 4}, 0)  # free input
    assert sent.status_code == 200, sent.text
    assert sent.json()["view"]["positions"] == [0, 4]
    before = snapshot(client, gid)
    refused = act(client, gid, token(created, 1), {"kind": "bonus", "seat": 1, "cells": 4}, 1)
    assert (refused.status_code, refused.json()["code"]) == (403, "referee/forbidden")
    assert snapshot(client, gid) == before


def test_the_host_voids_an_action_and_the_record_keeps_it(client: TestClient) -> None:
    created = create(client)
    gid, host, anna = created["id"], created["host_token"], token(created, 0)
    act(client, gid, anna, ROLL, 0)  # the digital dice follow: seq 2
    moved = act(client, gid, anna, {"kind": "move"}, 2).json()
    assert moved["view"]["positions"][0] > 0
    before = snapshot(client, gid)
    refused = _void(client, gid, anna, [3], 3)
    assert (refused.status_code, refused.json()["code"]) == (403, "void/forbidden")
    assert "only the host" in refused.json()["reason"]
    assert _void(client, gid, host, [9], 3).json()["code"] == "void/invalid"
    assert snapshot(client, gid) == before
    undone = _void(client, gid, host, [3], 3)
    assert undone.status_code == 200, undone.text
    seen = undone.json()
    assert (seen["seq"], seen["view"]["phase"], seen["view"]["positions"]) == (4, "choose", [0, 0])
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["actions"][2] == {"kind": "move"}  # kept, as the audit trail
    assert record["actions"][3] == {"void": [3]}
    assert replay(toygame.GAME, Record.model_validate(record)).state.positions == (0, 0)
    store = client.app.state.services.store  # type: ignore[attr-defined]
    assert store.actions(gid)[3].actor == "void:host"
    stayed = act(client, gid, anna, {"kind": "stay"}, 4)  # play goes on after the undo
    assert stayed.status_code == 200, stayed.text


def test_a_voided_game_replays_the_same_after_a_restart(open_client: Any) -> None:
    first = open_client()
    created = create(first)
    gid, host, anna = created["id"], created["host_token"], token(created, 0)
    act(first, gid, anna, ROLL, 0)
    act(first, gid, anna, {"kind": "move"}, 2)
    _void(first, gid, host, [3], 3)
    seen = state(first, gid)
    first.__exit__(None, None, None)
    again = state(open_client(), gid)
    assert (again["seq"], again["view"]) == (seen["seq"], seen["view"])


def test_the_game_names_who_throws_the_real_dice(client: TestClient) -> None:
    created = create(client, dice="real", setup={**PLAYERS, "left_rolls": True})
    gid, anna, bo = created["id"], token(created, 0), token(created, 1)
    waiting = act(client, gid, anna, ROLL, 0).json()
    assert waiting["roller"] == 1  # not Anna, who acted last: the game says Bo throws
    refused = act(client, gid, anna, {"kind": "die", "value": 3}, 1)
    assert (refused.status_code, refused.json()["code"]) == (403, "seat/not_yours")
    thrown = act(client, gid, bo, {"kind": "die", "value": 3}, 1)
    assert thrown.status_code == 200, thrown.text


def test_an_event_clock_counts_from_its_event(client: TestClient) -> None:
    """A six starts a 2 s countdown; a referee action in between does not restart it."""
    created = create(client, dice="real", setup={**PLAYERS, "six_countdown_s": 2})
    gid, host, anna = created["id"], created["host_token"], token(created, 0)
    act(client, gid, anna, ROLL, 0)
    six = act(client, gid, anna, {"kind": "die", "value": 6}, 1).json()
    assert [(t["kind"], t["since"], t["seconds"]) for t in six["timers"]] == [
        ("stay", "event", 2.0)
    ]
    time.sleep(1.0)
    act(client, gid, host, {"kind": "bonus", "seat": 1, "cells": 1}, 2)
    deadline = time.monotonic() + 10
    while state(client, gid)["seq"] < 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    rows = client.app.state.services.store.actions(gid)  # type: ignore[attr-defined]
    assert [(r.action["kind"], r.actor) for r in rows[2:]] == [
        ("bonus", "referee"),
        ("stay", "clock"),
    ]
    assert (rows[3].at - rows[1].at).total_seconds() < 2.9  # from the six, not the bonus


def test_an_undo_keeps_its_reason_and_refuses_a_bad_one(client: TestClient) -> None:
    created = create(client)
    gid, host, anna = created["id"], created["host_token"], token(created, 0)
    act(client, gid, anna, ROLL, 0)
    act(client, gid, anna, {"kind": "move"}, 2)
    before = snapshot(client, gid)
    for bad in ("", "x" * 201, "typed\x1b[2J"):
        body = {"actions": [3], "seq": 3, "reason": bad}
        refused = client.post(f"/api/games/{gid}/void", json=body, headers=auth(host))
        assert refused.status_code == 422, refused.text
        assert "reason" in refused.text
    assert snapshot(client, gid) == before
    body = {"actions": [3], "seq": 3, "reason": "a die fell off the table"}
    undone = client.post(f"/api/games/{gid}/void", json=body, headers=auth(host))
    assert undone.status_code == 200, undone.text
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["actions"][3] == {"void": [3], "reason": "a die fell off the table"}
