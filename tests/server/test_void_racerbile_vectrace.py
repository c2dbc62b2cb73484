"""Undo in Racerbile and Vectrace through the server: who may take back what
(``Game.may_void`` with the room's rules), and that the record and the ledger stay right."""

from __future__ import annotations

from typing import Any

from serverkit import act, auth, create, snapshot, state, token
from starlette.testclient import TestClient

from racerbile.engine import Record, replay
from racerbile.games import get_game

PLAYERS = {"players": [{"name": "Anna"}, {"name": "Bo"}]}
ROLL = {"kind": "roll"}


def _void(client: TestClient, gid: str, tok: str, positions: list[int], seq: int) -> Any:
    body = {"actions": positions, "seq": seq}
    return client.post(f"/api/games/{gid}/void", json=body, headers=auth(tok))


def _real_race(client: TestClient) -> tuple[str, str, str, str, int]:
    """A Babybile race with real dice, Anna first (the host typed the order dice)."""
    created = create(client, game="racerbile", setup=PLAYERS, dice="real")
    gid, host = created["id"], created["host_token"]
    act(client, gid, host, {"kind": "die", "value": 6}, 0)
    seen = act(client, gid, host, {"kind": "die", "value": 1}, 1).json()
    assert (seen["to_act"], seen["seq"]) == (0, 2)
    return gid, host, token(created, 0), token(created, 1), seen["seq"]


def _sips(seen: dict[str, Any], seat: int) -> int:
    sips: int = seen["view"]["drinks"][seat]["sips"]
    return sips


def _record(client: TestClient, gid: str) -> Record:
    return Record.model_validate(client.get(f"/api/games/{gid}/record").json())


def test_a_seat_fixes_a_mistyped_real_die_and_the_clutch_sip_goes(client: TestClient) -> None:
    gid, _host, anna, _bo, seq = _real_race(client)
    act(client, gid, anna, ROLL, seq)
    typed = act(client, gid, anna, {"kind": "die", "value": 1}, seq + 1).json()
    assert _sips(typed, 0) == 2  # first place (RB-TURN-1) and the clutch fault (RB-DICE-4)
    assert [u["action"] for u in typed["undo"]] == [{"kind": "die", "value": 1}]
    fixed = _void(client, gid, anna, [seq + 2], seq + 2)
    assert fixed.status_code == 200, fixed.text
    assert (fixed.json()["to_act"], _sips(fixed.json(), 0)) == ("chance", 1)
    again = act(client, gid, anna, {"kind": "die", "value": 4}, seq + 3).json()
    assert (_sips(again, 0), again["view"]["turn"]["total"]) == (1, 4)
    record = _record(client, gid)
    assert record.actions[seq + 1 :] == [
        {"kind": "die", "value": 1},
        {"void": [seq + 2]},
        {"kind": "die", "value": 4},
    ]
    rebuilt = replay(get_game("racerbile"), record).state
    assert rebuilt.ledger.table()[0]["sips"] == 1


def test_another_seat_may_not_undo_and_the_dice_stand_once_the_car_moved(
    client: TestClient,
) -> None:
    gid, host, anna, bo, seq = _real_race(client)
    act(client, gid, anna, ROLL, seq)
    act(client, gid, anna, {"kind": "die", "value": 2}, seq + 1)
    before = snapshot(client, gid)
    refused = _void(client, gid, bo, [seq + 2], seq + 2)
    assert (refused.status_code, refused.json()["code"]) == (403, "void/forbidden")
    assert "their own" in refused.json()["reason"]
    assert state(client, gid, bo)["undo"] == []
    legal = state(client, gid, anna)["legal_actions"]
    stepped = act(client, gid, anna, legal[0], seq + 2).json()
    assert [u["action"]["kind"] for u in stepped["undo"]] == ["step"]
    dice = _void(client, gid, anna, [seq + 2, seq + 3], seq + 3)
    assert "the dice stand" in dice.json()["reason"]
    roll = _void(client, gid, anna, [seq + 1, seq + 2], seq + 3)  # not the latest
    assert "latest" in roll.json()["reason"]
    assert snapshot(client, gid)[1][:-1] == before[1]
    step_back = _void(client, gid, anna, [seq + 3], seq + 3)
    assert step_back.status_code == 200, step_back.text
    assert step_back.json()["view"]["turn"]["moved"] == 0
    assert _void(client, gid, host, [seq + 2], seq + 4).status_code == 200  # the host too


def test_a_finished_turn_stands_for_the_player_but_not_for_the_referee(
    client: TestClient,
) -> None:
    gid, host, anna, _bo, seq = _real_race(client)
    act(client, gid, anna, ROLL, seq)
    seen = act(client, gid, anna, {"kind": "die", "value": 2}, seq + 1).json()
    while seen["to_act"] == 0:
        seen = act(client, gid, anna, seen["legal_actions"][0], seen["seq"]).json()
    assert seen["to_act"] == 1 and state(client, gid, anna)["undo"] == []
    last = seen["seq"]
    refused = _void(client, gid, anna, [last], last)
    assert refused.status_code == 403
    undone = _void(client, gid, host, [last], last)
    assert (undone.status_code, undone.json()["to_act"]) == (200, 0)


def test_digital_dice_stand_but_the_steps_after_them_may_be_undone(client: TestClient) -> None:
    created = create(client, game="racerbile", setup=PLAYERS, seed=3)
    gid, host = created["id"], created["host_token"]
    seen = state(client, gid, host)
    mover = seen["to_act"]
    tok = token(created, mover)
    rolled = act(client, gid, tok, ROLL, seen["seq"]).json()
    assert rolled["undo"] == []  # the roll and its die fell
    refused = _void(client, gid, tok, [rolled["seq"]], rolled["seq"])
    assert "digital dice" in refused.json()["reason"]
    host_too = _void(client, gid, host, [rolled["seq"]], rolled["seq"])
    assert "digital dice" in host_too.json()["reason"]
    stepped = act(client, gid, tok, rolled["legal_actions"][0], rolled["seq"]).json()
    if stepped["to_act"] == mover:
        assert [u["position"] for u in stepped["undo"]] == [stepped["seq"]]
        undone = _void(client, gid, tok, [stepped["seq"]], stepped["seq"]).json()
        assert undone["view"]["cars"] == rolled["view"]["cars"]


def _vectrace(client: TestClient) -> tuple[str, str, list[str]]:
    created = create(client, game="vectrace", setup=PLAYERS)
    gid, host = created["id"], created["host_token"]
    tokens = [token(created, 0), token(created, 1)]
    assert act(client, gid, tokens[0], {"kind": "begin", "first": 0}, 0).status_code == 200
    return gid, host, tokens


def _play(client: TestClient, gid: str, tokens: list[str]) -> dict[str, Any]:
    """The seat to act plays its first legal action; returns the state after it."""
    seen = state(client, gid)
    tok = tokens[seen["to_act"]]
    legal = state(client, gid, tok)["legal_actions"]
    played: dict[str, Any] = act(client, gid, tok, legal[0], seen["seq"]).json()
    return played


def test_vectrace_a_player_takes_back_their_last_move_until_the_next_car_moves(
    client: TestClient,
) -> None:
    gid, host, tokens = _vectrace(client)
    first = state(client, gid)["to_act"]
    refused = _void(client, gid, tokens[0], [1], 1)  # seat 0 sent the turn order
    assert "turn order stands" in refused.json()["reason"]
    placed = _play(client, gid, tokens)
    assert placed["to_act"] == 1 - first
    assert _void(client, gid, tokens[1 - first], [2], 2).status_code == 403  # not theirs
    back = _void(client, gid, tokens[first], [2], 2)
    assert (back.status_code, back.json()["to_act"]) == (200, first)
    _play(client, gid, tokens)
    after = _play(client, gid, tokens)
    seq = after["seq"]
    late = _void(client, gid, tokens[first], [seq - 1], seq)
    assert "latest" in late.json()["reason"]
    assert _void(client, gid, host, [seq - 1, seq], seq).status_code == 200
