"""Joining by code: free seats, claiming one, and tokens that stop working."""

from __future__ import annotations

from serverkit import act, auth, create, state, token
from starlette.testclient import TestClient


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
