"""The undo buttons, worked out as the offered entries grow: always what checking each
run of the latest entries afresh (the rule an undo request is judged by) gives."""

from __future__ import annotations

import random
from typing import Any

import pytest
from serverkit import act, rooms_of
from starlette.testclient import TestClient

from racerbile.engine import RulesError
from racerbile.server.access import HOST, Caller
from racerbile.server.room import Room
from racerbile.server.undo import (
    _DECODED,
    _MOST_DECODED,
    MAX_UNDO,
    _decoded,
    _refusal,
    latest_live,
    undo_options,
)

TWO = {"players": [{"name": "Anna"}, {"name": "Bo"}]}
GAMES = [
    ("racerbile", TWO, "digital"),
    ("racerbile", TWO, "real"),
    ("vectrace", {**TWO, "track": "sprint"}, "digital"),
    ("ludol", TWO, "real"),
    ("rallyman", TWO, "digital"),
]
CALLERS = [HOST, Caller("seat", 0), Caller("seat", 1)]


def checked_afresh(room: Room, caller: Caller) -> list[dict[str, Any]]:
    """The undo buttons by the rule itself: the latest k entries are offered while
    voiding all k of them is allowed, for k = 1, 2, … (at most MAX_UNDO)."""
    if caller.role == "spectator" or room.to_act is None:
        return []
    out: list[dict[str, Any]] = []
    for number in latest_live(room, MAX_UNDO):
        wanted = sorted([*(o["position"] for o in out), number])
        try:
            chosen = [_decoded(room, n) for n in wanted]
        except RulesError:
            break
        if _refusal(room, caller, wanted, True, chosen) is not None:
            break
        out.append({"position": number, "action": room.actions[number - 1]})
    return out


@pytest.mark.parametrize(("game", "setup", "dice"), GAMES)
def test_undo_buttons_equal_the_rule_checked_afresh_in_every_state(
    client: TestClient, game: str, setup: dict[str, Any], dice: str
) -> None:
    body = {"game": game, "setup": setup, "seed": 3, "dice": dice}
    created = client.post("/api/games", json=body).json()
    gid, host = created["id"], created["host_token"]
    room = client.portal.call(rooms_of(client).get, gid)  # type: ignore[union-attr]
    rng, offered = random.Random(5), 0
    for _ in range(60):
        for caller in CALLERS:
            buttons = undo_options(room, caller)
            assert buttons == checked_afresh(room, caller), (game, dice, caller, room.seq)
            offered += len(buttons)
        seen = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {host}"})
        legal = seen.json()["legal_actions"]
        if seen.json()["finished"] or not legal:
            break
        assert act(client, gid, host, rng.choice(legal), seen.json()["seq"]).status_code == 200
    assert offered > 0


def test_the_actions_the_room_played_are_not_decoded_again_for_the_undo_buttons(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {"game": "racerbile", "setup": TWO, "seed": 3, "dice": "real"}
    created = client.post("/api/games", json=body).json()
    gid, host = created["id"], created["host_token"]
    room = client.portal.call(rooms_of(client).get, gid)  # type: ignore[union-attr]
    rng, offered = random.Random(7), 0
    decode, decoded = room.codec.decode, []
    monkeypatch.setattr(room.codec, "decode", lambda data: decoded.append(data) or decode(data))
    for _ in range(3 * _MOST_DECODED):  # past the bound of the actions kept decoded
        seen = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {host}"})
        legal = seen.json()["legal_actions"]
        if seen.json()["finished"] or not legal:
            break
        decoded.clear()
        assert act(client, gid, host, rng.choice(legal), seen.json()["seq"]).status_code == 200
        buttons = undo_options(room, HOST)  # the answer to the action had them too
        assert len(decoded) <= 1, "only the action sent is decoded (as it comes in)"
        for button in buttons:  # the action played is the one its record decodes to
            assert _decoded(room, button["position"]) == decode(button["action"])
        offered += len(buttons)
    assert offered > 0 and room.seq > _MOST_DECODED
    assert len(_DECODED[room][1]) <= _MOST_DECODED
