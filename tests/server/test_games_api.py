"""The games API over HTTP: creating, reading, acting, and every refusal changing nothing."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import toygame
from serverkit import PLAYERS, act, auth, create, snapshot, state, token
from starlette.testclient import TestClient

from racerbile.engine import DiceStream, Record, replay

ROLL = {"kind": "roll"}


def test_create_game_with_players_only_starts_digital(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "toy", "setup": PLAYERS})
    assert response.status_code == 201
    created = response.json()
    assert [s["name"] for s in created["seats"]] == ["Anna", "Bo"]
    assert len(created["join_code"]) == 6 and created["join_code"].isalpha()
    assert created["spectator_url"] == f"/watch/{created['id']}"
    assert created["seats"][1]["url"] == f"/play/{created['id']}#seat=1&token={token(created, 1)}"
    seen = state(client, created["id"])
    assert (seen["seq"], seen["to_act"], seen["dice"], seen["role"]) == (
        0,
        0,
        "digital",
        "spectator",
    )
    assert seen["legal_actions"] == []
    assert state(client, created["id"], token(created, 0))["legal_actions"] == [
        ROLL,
        {"kind": "pass"},
    ]


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"game": "chess", "setup": PLAYERS}, "game/unknown", "available: "),
        ({"game": "toy", "setup": {"players": [{}]}}, "setup/invalid", "setup.players.0.name"),
        ({"game": "toy", "setup": PLAYERS, "bots": {"1": "nobody"}}, "bot/unknown", "mover"),
        ({"game": "toy", "setup": PLAYERS, "bots": {"5": "mover"}}, "bot/invalid", "seats 0 to 1"),
        ({"game": "toy", "setup": PLAYERS, "dice": "loaded"}, "request/invalid", "dice"),
        ({"game": "toy", "setup": PLAYERS, "colour": "red"}, "request/invalid", "colour"),
    ],
)
def test_create_game_refuses_bad_input(
    client: TestClient, body: dict, code: str, words: str
) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert response.json()["code"] == code
    assert words in response.json()["reason"]


def test_submit_action_seat_plays_and_dice_follow(client: TestClient) -> None:
    created = create(client)
    response = act(client, created["id"], token(created, 0), ROLL, 0)
    assert response.status_code == 200
    body = response.json()
    assert body["seq"] == 2 and body["to_act"] == 0 and body["seat"] == 0
    assert body["legal_actions"] == [{"kind": "move"}, {"kind": "stay"}]
    die = DiceStream(7).choose(toygame.GAME.chance_outcomes(_dice_state()))
    assert isinstance(die, toygame.Die)
    assert body["view"]["die"] == die.value
    assert body["log"] == [
        {"seq": 2, "kind": "rolled", "text": f"seat 0 rolls {die.value}", "seat": 0, "drinks": []}
    ]


def _dice_state() -> toygame.State:
    return toygame.State(("Anna", "Bo"), 10, (0, 0), phase="dice")


def test_read_game_log_in_danish(client: TestClient) -> None:
    created = create(client)
    act(client, created["id"], token(created, 0), ROLL, 0)
    log = state(client, created["id"], lang="da")["log"]
    assert log[0]["text"].startswith("seat 0 slår ")


def _refused(client: TestClient, created: dict, response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code
    assert body["reason"]
    return body


@pytest.mark.parametrize(
    ("who", "action", "seat", "status", "code"),
    [
        ("seat1", ROLL, None, 403, "seat/not_yours"),  # not Bo's turn
        ("seat1", ROLL, 0, 403, "seat/not_yours"),  # Bo's token acting for Anna
        (None, ROLL, None, 401, "auth/missing"),  # a spectator
        ("wrong", ROLL, None, 401, "auth/unknown"),
        ("seat0", {"kind": "move"}, None, 422, "action/illegal"),
        ("seat0", {"kind": "fly"}, None, 422, "action/invalid"),
        ("seat0", {"kind": "die", "value": "six"}, None, 422, "action/invalid"),
        ("seat0", "roll", None, 422, "request/invalid"),
        ("host", ROLL, 9, 422, "seat/unknown"),
        ("host", ROLL, 1, 403, "seat/not_yours"),
    ],
)
def test_submit_action_refused_changes_nothing(
    client: TestClient, who: str | None, action: object, seat: int | None, status: int, code: str
) -> None:
    created = create(client)
    tokens = {"seat0": token(created, 0), "seat1": token(created, 1), "host": created["host_token"]}
    before = snapshot(client, created["id"])
    response = act(client, created["id"], tokens.get(who or "", who), action, 0, seat)
    _refused(client, created, response, status, code)
    assert snapshot(client, created["id"]) == before


def test_submit_action_illegal_carries_engine_reason(client: TestClient) -> None:
    created = create(client)
    response = act(client, created["id"], token(created, 0), {"kind": "stay"}, 0)
    assert response.json() == {
        "code": "action/illegal",
        "reason": "stay is not allowed now (turn)",
        "rule_id": "TOY-1",
    }


def test_submit_action_stale_seq_is_409_with_state(client: TestClient) -> None:
    created = create(client)
    tok = token(created, 0)
    act(client, created["id"], tok, ROLL, 0)
    before = snapshot(client, created["id"])
    body = _refused(
        client, created, act(client, created["id"], tok, {"kind": "move"}, 0), 409, "action/stale"
    )
    assert body["state"]["seq"] == 2 and body["state"]["seat"] == 0
    assert snapshot(client, created["id"]) == before


def test_submit_action_malformed_or_oversized_body(client: TestClient) -> None:
    created = create(client)
    url = f"/api/games/{created['id']}/actions"
    headers = {**auth(token(created, 0)), "content-type": "application/json"}
    before = snapshot(client, created["id"])
    body = _refused(
        client,
        created,
        client.post(url, content=b'{"seq": 0,', headers=headers),
        422,
        "request/malformed",
    )
    assert "not valid JSON" in body["reason"]
    body = _refused(
        client,
        created,
        client.post(url, json={"action": ROLL}, headers=headers),
        422,
        "request/invalid",
    )
    assert "seq" in body["reason"]
    huge = b'{"action": {"kind": "roll", "pad": "' + b"x" * 70_000 + b'"}, "seq": 0}'
    _refused(
        client, created, client.post(url, content=huge, headers=headers), 413, "request/too_large"
    )
    chunks = iter([huge[:1000], huge[1000:]])  # no Content-Length: counted while read
    _refused(
        client, created, client.post(url, content=chunks, headers=headers), 413, "request/too_large"
    )
    bad_header = {"Authorization": "Basic abc"}
    _refused(
        client,
        created,
        client.post(url, json={"action": ROLL, "seq": 0}, headers=bad_header),
        401,
        "auth/malformed",
    )
    assert snapshot(client, created["id"]) == before


def test_submit_action_host_acts_for_any_seat(client: TestClient) -> None:
    created = create(client)
    host = created["host_token"]
    assert act(client, created["id"], host, ROLL, 0).json()["seq"] == 2
    assert act(client, created["id"], host, {"kind": "stay"}, 2, seat=0).json()["to_act"] == 1
    seen = state(client, created["id"], host)
    assert seen["role"] == "host" and seen["legal_actions"] == [ROLL, {"kind": "pass"}]


def test_submit_action_game_over_is_409(client: TestClient) -> None:
    created = create(client, setup={**PLAYERS, "target": 1})
    tok = token(created, 0)
    act(client, created["id"], tok, ROLL, 0)
    done = act(client, created["id"], tok, {"kind": "move"}, 2).json()
    assert done["finished"] and done["to_act"] is None
    assert done["result"]["standings"][0] == {"seat": 0, "place": 1, "detail": {}}
    _refused(client, created, act(client, created["id"], tok, ROLL, 3), 409, "game/over")


def test_read_record_hides_seed_until_over_and_replays(client: TestClient) -> None:
    created = create(client, setup={**PLAYERS, "target": 1})
    tok = token(created, 0)
    act(client, created["id"], tok, ROLL, 0)
    assert client.get(f"/api/games/{created['id']}/record").json()["seed"] is None
    act(client, created["id"], tok, {"kind": "move"}, 2)
    record = Record.model_validate(client.get(f"/api/games/{created['id']}/record").json())
    assert record.seed == 7 and len(record.actions) == 3
    rebuilt = replay(toygame.GAME, record).state
    assert toygame.GAME.view(rebuilt, None) == state(client, created["id"])["view"]


def test_bots_play_until_a_person_is_to_act(open_client: Any) -> None:
    # A worker that starts cold imports the server first: the answer may wait for it.
    client = open_client(auto_wait_s=60)
    created = create(client, bots={"1": "mover"})
    assert created["seats"][1] == {
        "seat": 1,
        "name": "Bo",
        "token": None,
        "url": None,
        "bot": "mover",
    }
    tok = token(created, 0)
    act(client, created["id"], tok, ROLL, 0)
    after = act(client, created["id"], tok, {"kind": "stay"}, 2).json()
    assert after["to_act"] == 0 and after["seq"] == 6  # Bo rolled, the dice fell, Bo moved
    assert after["view"]["positions"][1] > 0


def test_digital_dice_follow_the_seeded_stream(client: TestClient) -> None:
    created = create(client, seed=12345)
    host, seq = created["host_token"], 0
    for _ in range(6):
        seq = act(client, created["id"], host, ROLL, seq).json()["seq"]
        seq = act(client, created["id"], host, {"kind": "stay"}, seq).json()["seq"]
    dice = [
        a["value"]
        for a in client.get(f"/api/games/{created['id']}/record").json()["actions"]
        if a["kind"] == "die"
    ]
    stream = DiceStream(12345)
    outcomes = [(a.value, p) for a, p in toygame.GAME.chance_outcomes(_dice_state())]  # type: ignore[attr-defined]
    assert dice == [stream.choose(outcomes) for _ in dice]


def test_restart_rebuilds_games_by_replay(open_client: Callable[..., TestClient]) -> None:
    first = open_client()
    created = create(first, bots={"1": "mover"})
    tok = token(created, 0)
    act(first, created["id"], tok, ROLL, 0)
    before = state(first, created["id"], tok)
    second = open_client()  # a fresh server on the same database
    after = state(second, created["id"], tok)
    assert after == before
    assert act(second, created["id"], tok, {"kind": "move"}, before["seq"]).status_code == 200


def test_two_servers_one_database_refuse_the_second_write(
    open_client: Callable[..., TestClient],
) -> None:
    first, second = open_client(), open_client()
    created = create(first)
    tok = token(created, 0)
    state(second, created["id"])  # the second server holds the game at seq 0
    assert act(first, created["id"], tok, ROLL, 0).status_code == 200
    refused = act(second, created["id"], tok, ROLL, 0)
    assert (refused.status_code, refused.json()["code"]) == (409, "action/stale")
    assert state(second, created["id"])["seq"] == 2  # reloaded from the store


def test_tokens_are_stored_hashed(client: TestClient, db_url: str) -> None:
    created = create(client)
    path = Path(db_url.removeprefix("sqlite:///"))
    with sqlite3.connect(path) as conn:
        dump = "\n".join(conn.iterdump())
    for secret in (created["host_token"], token(created, 0), token(created, 1)):
        assert secret not in dump
        assert hashlib.sha256(secret.encode()).hexdigest() in dump


def test_read_game_unknown_is_404(client: TestClient) -> None:
    response = client.get("/api/games/nope")
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


def test_api_on_postgresql(open_client: Callable[..., TestClient], postgres_url: str) -> None:
    first = open_client(postgres_url)
    created = create(first)
    act(first, created["id"], token(created, 0), ROLL, 0)
    assert state(open_client(postgres_url), created["id"]) == state(first, created["id"])
