"""The rooms under load: a two-seat game of each of the four games with digital dice,
played through the host token by a client that picks a random legal action for
whichever seat is to act (optionally with a bot in the second seat)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import aiohttp

TWO = [{"name": "Anna"}, {"name": "Bo"}]
SETUPS: dict[str, dict[str, Any]] = {
    "racerbile": {"players": TWO},
    # crashed cars are set back rather than out, so random moves do not end the race at once
    "vectrace": {"players": TWO, "track": "grand_tour", "options": {"setback": True}},
    # the chug countdown (LD-HIT-1) at its longest: within a run it never refuses the
    # client's next action because the game's own clock acted first (action/stale)
    "ludol": {"players": TWO, "options": {"chug_seconds": 120}},
    "rallyman": {"players": TWO},
}
GAMES = tuple(SETUPS)
CHEAP_BOTS = {
    "racerbile": "random",
    "vectrace": "random",
    "ludol": "random",
    "rallyman": "cautious",
}
"""The bot of each game that decides fastest (``--bots`` puts it in the second seat)."""


@dataclass(frozen=True)
class RoomHandle:
    """A game as a client knows it: where it is served, its id and the host token."""

    base: str
    game: str
    id: str
    token: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    @property
    def path(self) -> str:
        return f"/api/games/{self.id}"


class RoomFailed(Exception):
    """A room could not be created or read (the server's answer says why)."""


def create_body(game: str, seed: int, bots: bool) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "setup": SETUPS[game], "seed": seed}
    if bots:
        body["bots"] = {"1": CHEAP_BOTS[game]}
    return body


async def call(
    session: aiohttp.ClientSession, method: str, url: str, **options: Any
) -> tuple[int, Any]:
    """Returns the status and JSON body of one request (None for a body not JSON)."""
    async with session.request(method, url, **options) as response:
        try:
            return response.status, await response.json(content_type=None)
        except ValueError:
            return response.status, None


def error_code(body: Any) -> str:
    """Returns the ``code`` of a refusal's body (``?`` when it has none)."""
    return str(body.get("code")) if isinstance(body, dict) else "?"


async def create_room(
    session: aiohttp.ClientSession, base: str, game: str, seed: int, bots: bool
) -> RoomHandle:
    """Creates a game on the server at ``base``; raises RoomFailed."""
    body = create_body(game, seed, bots)
    status, created = await call(session, "POST", f"{base}/api/games", json=body)
    if status != 201:
        raise RoomFailed(f"creating {game}: HTTP {status} {error_code(created)}")
    return RoomHandle(base, game, created["id"], created["host_token"])


async def read_state(session: aiohttp.ClientSession, room: RoomHandle) -> dict[str, Any]:
    """Returns the game as the host sees it; raises RoomFailed."""
    status, state = await call(session, "GET", f"{room.base}{room.path}", headers=room.headers)
    if status != 200:
        raise RoomFailed(f"reading {room.game}: HTTP {status} {error_code(state)}")
    return dict(state)


def person_to_act(state: dict[str, Any]) -> bool:
    """Returns True when a person's seat is to act (not the dice, a bot, or nobody)."""
    seat = state["to_act"]
    return isinstance(seat, int) and state["seats"][seat]["bot"] is None


def next_move(state: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """Returns a random legal action for the person to act, with the ``seq`` it is made
    against (None when no person is to act, or none has a legal action)."""
    if not person_to_act(state) or not state["legal_actions"]:
        return None
    return {
        "action": rng.choice(state["legal_actions"]),
        "seq": state["seq"],
        "seat": state["to_act"],
    }


def settled(state: dict[str, Any], after_seq: int) -> bool:
    """Returns True once a state follows an action made against ``after_seq`` and the
    dice and bots are done: a person is to act again, or the game is over."""
    return state["seq"] > after_seq and (state["finished"] or person_to_act(state))
