"""The server with the real Racerbile game: a Babybile race from the players alone."""

from __future__ import annotations

import json
import random

import pytest
from serverkit import act, create, state, token
from starlette.testclient import TestClient

from racerbile.engine import Record, replay
from racerbile.games import get_game

try:
    GAME = get_game("racerbile")
except (ImportError, AttributeError) as exc:  # the game folder is still being written
    pytest.skip(f"the racerbile game does not load: {exc}", allow_module_level=True)

PLAYERS = {"players": [{"name": "Anna"}, {"name": "Bo"}]}


def test_create_babybile_from_players_only(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "racerbile", "setup": PLAYERS})
    assert response.status_code == 201, response.text
    seen = state(client, response.json()["id"])
    assert seen["dice"] == "digital" and isinstance(seen["to_act"], int)
    record = client.get(f"/api/games/{seen['id']}/record").json()
    assert record["setup"]["rule_set"] == "babybile"
    assert all(
        a["kind"] == record["actions"][0]["kind"] for a in record["actions"]
    )  # start-order dice
    assert [s["name"] for s in seen["seats"]] == ["Anna", "Bo"]


def test_play_babybile_through_the_api(client: TestClient) -> None:
    created = create(client, game="racerbile", setup=PLAYERS)
    gid, host, rng = created["id"], created["host_token"], random.Random(4)
    seen = state(client, gid, host)
    for _ in range(40):
        if seen["finished"]:
            break
        response = act(client, gid, host, rng.choice(seen["legal_actions"]), seen["seq"])
        assert response.status_code == 200, response.text
        seen = response.json()
    record = Record.model_validate(client.get(f"/api/games/{gid}/record").json())
    rebuilt = replay(GAME, record).state
    seat = seen["to_act"] if isinstance(seen["to_act"], int) else None
    assert json.loads(json.dumps(GAME.view(rebuilt, seat))) == seen["view"]
    english, danish = seen["log"], state(client, gid, lang="da")["log"]
    assert english and all(entry["text"] for entry in english + danish)
    assert [e["seq"] for e in english] == [e["seq"] for e in danish]


def test_babybile_real_dice_any_seat_rolls_for_start_order(client: TestClient) -> None:
    created = create(client, game="racerbile", setup=PLAYERS, dice="real")
    gid = created["id"]
    seen = state(client, gid, token(created, 1))
    assert (seen["to_act"], seen["roller"], seen["seq"]) == ("chance", None, 0)
    assert seen["legal_actions"]
    response = act(client, gid, token(created, 1), seen["legal_actions"][0], 0)
    assert response.status_code == 200, response.text
    assert response.json()["seq"] == 1


def test_babybile_bot_names_are_checked(client: TestClient) -> None:
    response = client.post(
        "/api/games", json={"game": "racerbile", "setup": PLAYERS, "bots": {"1": "nobody"}}
    )
    assert (response.status_code, response.json()["code"]) == (422, "bot/unknown")
    bots = sorted(GAME.bots)
    playing = client.post(
        "/api/games", json={"game": "racerbile", "setup": PLAYERS, "bots": {"1": bots[0]}}
    )
    assert playing.status_code == 201, playing.text
