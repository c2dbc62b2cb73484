"""The referee's "undo the last move" in a Ludøl room (LD-REF-2): a void of the move and
every action after it through POST /api/games/{id}/void, from the host or a line judge,
refused from a player; afterwards the view, the drink ledger and the record are right."""

from __future__ import annotations

from typing import Any

import pytest
from serverkit import act, auth, snapshot, state, token
from starlette.testclient import TestClient

from racerbile.engine import Record, replay
from racerbile.games.ludol import GAME

SETUP = {"players": [{"name": "Anna"}, {"name": "Bo"}], "first": 0, "line_judges": ["Jo"]}


def _void(client: TestClient, gid: str, tok: str, actions: list[int], seq: int) -> Any:
    body = {"actions": actions, "seq": seq}
    return client.post(f"/api/games/{gid}/void", json=body, headers=auth(tok))


def _last_move_positions(client: TestClient, gid: str, seen: dict[str, Any]) -> list[int]:
    """What a console voids: the last ``view["undo"]`` live entries of the record."""
    entries = client.get(f"/api/games/{gid}/record").json()["actions"]
    gone = {n for e in entries if "void" in e for n in e["void"]}
    live = [n for n, e in enumerate(entries, 1) if "void" not in e and n not in gone]
    count: int = seen["view"]["undo"]
    return live[-count:]


@pytest.mark.rule("LD-REF-2")
@pytest.mark.rule("LD-DRINK-1")
def test_ld_ref_2_a_referee_undo_voids_the_knock_home_and_what_followed(
    client: TestClient,
) -> None:
    payload = {"game": "ludol", "setup": SETUP, "seed": 3, "dice": "real"}
    created = client.post("/api/games", json=payload).json()
    gid, host, judge = created["id"], created["host_token"], created["judges"][0]["token"]
    anna, bo = token(created, 0), token(created, 1)
    script = [
        (anna, {"kind": "throw", "top": 6}),
        (anna, {"kind": "move", "colour": "A", "frm": -1, "value": 6}),
        (host, {"kind": "place_glass", "colour": "B", "glass": 0, "progress": 40}),
        (anna, {"kind": "throw", "top": 1}),
    ]
    seq = 0
    for tok, action in script:
        seq = act(client, gid, tok, action, seq).json()["seq"]
    before_move = state(client, gid)
    knock = {"kind": "move", "colour": "A", "frm": 0, "value": 1}  # onto B@40 = track 1
    act(client, gid, anna, knock, seq)
    seen = act(client, gid, bo, {"kind": "throw", "top": 3}, seq + 1).json()
    assert seen["view"]["drinks"][1]["glasses_chugged"] == 1 and seen["view"]["chugs"]
    assert seen["view"]["undo"] == 2  # Anna's move and Bo's throw after it
    positions = _last_move_positions(client, gid, seen)
    assert positions == [5, 6]
    unchanged = snapshot(client, gid)
    refused = _void(client, gid, anna, positions, seen["seq"])
    assert (refused.status_code, refused.json()["code"]) == (403, "void/forbidden")
    assert "only the referee or a line judge" in refused.json()["reason"]
    assert snapshot(client, gid) == unchanged
    undone = _void(client, gid, judge, positions, seen["seq"])
    assert undone.status_code == 200, undone.text
    view = undone.json()["view"]
    assert view == before_move["view"]  # board, turn, flags, chugs, ledger as before
    assert view["drinks"][1]["glasses_chugged"] == 0 and not view["chugs"]
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["actions"][4] == knock and record["actions"][6] == {"void": [5, 6]}
    replayed = replay(GAME, Record.model_validate(record)).state
    assert GAME.view(replayed, None) == view and GAME.ledger(replayed).entries == ()
    store = client.app.state.services.store  # type: ignore[attr-defined]
    assert store.actions(gid)[6].actor == "void:judge:0"
    again = act(client, gid, anna, {"kind": "move", "colour": "A", "frm": 0, "value": 6}, 7)
    assert again.status_code == 200, again.text  # the throw is chosen again
    assert again.json()["view"]["colours"][0]["glasses"][0] == 6
