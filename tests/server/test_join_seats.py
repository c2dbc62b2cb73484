"""Joining by code: free seats, claiming one, and tokens that stop working."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from serverkit import act, auth, create, state, token
from starlette.testclient import TestClient

from racerbile.server.access import Caller


def test_join_lists_free_seats(client: TestClient) -> None:
    created = create(
        client, setup={"players": [{"name": n} for n in ("Anna", "Bo", "Cy")]}, bots={"2": "mover"}
    )
    state(client, created["id"], token(created, 0))  # Anna opened her link: her seat is taken
    joined = client.get(f"/api/join/{created['join_code'].lower()}").json()
    assert joined["id"] == created["id"] and joined["game"] == "toy"
    assert [s["seat"] for s in joined["free_seats"]] == [1]


def test_claim_seat_once(client: TestClient) -> None:
    created = create(client)
    url = f"/api/join/{created['join_code']}/claim"
    claimed = client.post(url, json={"seat": 1})
    assert claimed.status_code == 200
    body = claimed.json()
    assert (body["id"], body["seat"], body["name"]) == (created["id"], 1, "Bo")
    assert body["url"].endswith(f"#seat=1&token={body['token']}")
    assert state(client, created["id"], body["token"])["seat"] == 1
    again = client.post(url, json={"seat": 1})
    assert (again.status_code, again.json()["code"]) == (409, "seat/taken")
    old = client.get(f"/api/games/{created['id']}", headers=auth(token(created, 1)))
    assert old.status_code == 401  # the unused creation token was replaced
    assert client.get(f"/api/join/{created['join_code']}").json()["free_seats"] == [
        {"seat": 0, "name": "Anna", "bot": None, "claimed": False}
    ]


def test_claim_seat_refusals(client: TestClient) -> None:
    created = create(client, bots={"1": "mover"})
    url = f"/api/join/{created['join_code']}/claim"
    assert client.post(url, json={"seat": 1}).json()["code"] == "seat/taken"
    assert client.post(url, json={"seat": 4}).json()["code"] == "seat/unknown"
    act(client, created["id"], token(created, 0), {"kind": "pass"}, 0)  # Anna's token is in use
    assert client.post(url, json={"seat": 0}).status_code == 409
    missing = client.get("/api/join/ZZZZZZ")
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")


@pytest.mark.parametrize("link_first", [True, False])
def test_link_and_join_code_cannot_both_take_a_seat(client: TestClient, link_first: bool) -> None:
    """One seat, one holder: the link's token claims its seat on first use, unless the
    join code claimed it first (which voids the link's token)."""
    created = create(client)
    rooms = client.app.state.services.rooms  # type: ignore[attr-defined]

    async def race() -> list[Any]:
        room = await rooms.get(created["id"])
        link, code = room.authenticate(token(created, 1)), room.claim(1)
        racers = (link, code) if link_first else (code, link)
        return list(await asyncio.gather(*racers, return_exceptions=True))

    results = client.portal.call(race)  # type: ignore[attr-defined]
    won = [r for r in results if not isinstance(r, Exception)]
    assert len(won) == 1, results
    lost = next(r for r in results if isinstance(r, Exception))
    assert lost.status in (401, 409)  # type: ignore[attr-defined]
    holder = token(created, 1) if isinstance(won[0], Caller) else won[0]
    assert state(client, created["id"], holder)["seat"] == 1
