"""Crash safety: a server process killed at random moments loses no acknowledged action.

One real ``racerbile serve`` process (the CLI, with the toy game registered) holds many
rooms at once, toy races and Racerbile races, each played by a thread of its own with
the host token. The process is killed with SIGKILL at seeded random moments and
restarted on the same database, a SQLite file and a real PostgreSQL. After every
restart, for every room: every acknowledged action is in the record at its place and
the state it answered replays from the record, what was recorded before is still
recorded, ``GET /api/games/{id}`` shows the view a replay of the record gives (for the
seat to act), and the digital dice continue the seeded stream.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import serve_process as _server

from racerbile.engine import CHANCE, DiceStream, Game, Record, step
from racerbile.engine.codec import record_codec
from racerbile.games import get_game

KILLS = 3
"""How many times the server is killed; it starts once more for the last check."""


def _names(count: int) -> list[dict[str, str]]:
    return [{"name": name} for name in ("Anna", "Bo", "Cai", "Dee")[:count]]


ROOMS: list[dict[str, Any]] = [
    *(
        {"game": "toy", "setup": {"players": _names(2 + n % 2), "target": 10_000}, "seed": 100 + n}
        for n in range(4)
    ),
    # seat 1 a bot: its moves come from the bot pool, some after the answer to a request
    *(
        {
            "game": "toy",
            "setup": {"players": _names(2), "target": 10_000},
            "seed": 150 + n,
            "bots": {"1": "mover"},
        }
        for n in range(2)
    ),
    *(
        {"game": "racerbile", "setup": {"players": _names(2 + n % 2)}, "seed": 200 + n}
        for n in range(4)
    ),
]


@dataclass
class Ack:
    """An acknowledged action: the move it was made against, and the answer's body."""

    sent_seq: int
    action: dict[str, Any]
    body: dict[str, Any]


@dataclass
class Room:
    """One game under test and what the clients learnt of it across the server's lives."""

    create: dict[str, Any]
    game_id: str
    host: str
    acks: list[Ack] = field(default_factory=list)
    recorded: list[dict[str, Any]] = field(default_factory=list)  # the record at the last check

    @property
    def game(self) -> Game:
        return get_game(self.create["game"])


@dataclass
class Player:
    """Plays random legal actions with the host token until the server goes away."""

    base: str
    room: Room
    rng: random.Random
    acks: list[Ack] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    ready: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        try:
            self._play()
        except httpx.TransportError:
            pass  # the server was killed
        except Exception as exc:  # what fails in a thread is reported by the test
            self.failures.append(f"game {self.room.game_id}: {exc!r}")
        finally:
            self.ready.set()

    def _play(self) -> None:
        headers = {"Authorization": f"Bearer {self.room.host}"}
        bots = {int(seat) for seat in self.room.create.get("bots", {})}
        with httpx.Client(base_url=self.base, headers=headers, timeout=10) as http:
            seen = self._get(http)
            self.ready.set()
            while seen is not None and not seen["finished"]:
                if not seen["legal_actions"] or seen["to_act"] in bots:
                    time.sleep(0.05)  # the dice or a bot are still to come
                    seen = self._get(http)
                    continue
                seen = self._act(http, seen)

    def _get(self, http: httpx.Client) -> dict[str, Any] | None:
        response = http.get(f"/api/games/{self.room.game_id}")
        return self._body(response)

    def _act(self, http: httpx.Client, seen: dict[str, Any]) -> dict[str, Any] | None:
        action = self.rng.choice(seen["legal_actions"])
        response = http.post(
            f"/api/games/{self.room.game_id}/actions", json={"action": action, "seq": seen["seq"]}
        )
        body = self._body(response)
        if body is not None:
            self.acks.append(Ack(seen["seq"], action, body))
        return body

    def _body(self, response: httpx.Response) -> dict[str, Any] | None:
        if response.status_code != 200:
            request = f"{response.request.method} {response.request.url.path}"
            self.failures.append(f"{request}: {response.status_code} {response.text}")
            return None
        body: dict[str, Any] = response.json()
        return body


def _create(http: httpx.Client, create: dict[str, Any]) -> Room:
    response = http.post("/api/games", json=create)
    assert response.status_code == 201, response.text
    return Room(create, response.json()["id"], response.json()["host_token"])


def _play_and_kill(
    base: str, process: subprocess.Popen[bytes], rooms: list[Room], rng: random.Random
) -> None:
    """Plays every room at once, kills the server at a random moment, keeps the answers."""
    players = [Player(base, room, random.Random(rng.random())) for room in rooms]
    threads = [threading.Thread(target=player.run, daemon=True) for player in players]
    for thread in threads:
        thread.start()
    for player in players:  # the kill falls while every room is being played
        assert player.ready.wait(30), f"game {player.room.game_id} did not answer"
    time.sleep(rng.uniform(0.5, 1.5))
    os.kill(process.pid, signal.SIGKILL)
    for thread in threads:
        thread.join(15)
        assert not thread.is_alive(), "a player still waits on a killed server"
    for player in players:
        assert not player.failures, player.failures[:3]
        player.room.acks.extend(player.acks)


def _settled(http: httpx.Client, room: Room) -> tuple[Record, dict[str, Any]]:
    """Returns the record and the host's view of the game taken at the same move."""
    headers = {"Authorization": f"Bearer {room.host}"}
    for _ in range(100):
        before = http.get(f"/api/games/{room.game_id}", headers=headers)
        got = http.get(f"/api/games/{room.game_id}/record")
        after = http.get(f"/api/games/{room.game_id}", headers=headers)
        for response in (before, got, after):
            assert response.status_code == 200, f"{room.game_id}: {response.text}"
        record = Record.model_validate(got.json())
        if before.json()["seq"] == after.json()["seq"] == len(record.actions):
            return record, after.json()
        time.sleep(0.1)  # the dice or bots of a restored game were still playing
    raise AssertionError(f"game {room.game_id} did not settle after the restart")


def _check_room(http: httpx.Client, room: Room) -> None:
    """Checks a room after a restart against everything its clients were told."""
    game, (record, now) = room.game, _settled(http, room)
    label = f"{room.create['game']} game {room.game_id}"
    actions = record.actions
    assert actions[: len(room.recorded)] == room.recorded, f"{label}: recorded entries are gone"
    for ack in room.acks:
        assert len(actions) >= ack.body["seq"], f"{label}: acknowledged move {ack.body['seq']} lost"
        assert actions[ack.sent_seq] == ack.action, (
            f"{label}: acknowledged action {ack.sent_seq + 1} lost or changed"
        )
    acked = {ack.body["seq"]: ack.body for ack in room.acks}
    state = _replay_checked(game, record, room.create["seed"], acked, label)
    assert now["view"] == _json(game.view(state, _seat(now))), (
        f"{label}: the view differs from a replay of the record"
    )
    room.recorded = list(actions)


def _replay_checked(
    game: Game, record: Record, seed: int, acked: dict[int, dict[str, Any]], label: str
) -> Any:
    """Replays the record, checking that every chance action is the next draw of the seeded
    stream and that every acknowledged answer shows the state at its move; returns the
    last state."""
    stream, codec = DiceStream(seed), record_codec(game)
    state = game.start(game.Setup.model_validate(record.setup))
    for seq, data in enumerate(record.actions, start=1):
        action = codec.decode(data)
        if game.to_act(state) == CHANCE:
            assert action == stream.choose(game.chance_outcomes(state)), (
                f"{label}: the dice left the seeded stream at action {seq}"
            )
        state = step(game, state, action).state
        body = acked.get(seq)
        if body is not None:
            assert _json(game.view(state, _seat(body))) == body["view"], (
                f"{label}: the state acknowledged after action {seq} does not replay"
            )
    return state


def _seat(body: dict[str, Any]) -> int | None:
    """Returns the seat whose view the host's answer shows (the seat to act, if any)."""
    to_act = body["to_act"]
    return to_act if isinstance(to_act, int) else None


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.slow
def test_server_killed_with_many_rooms_keeps_acknowledged_actions(
    any_db_url: str, tmp_path: Path
) -> None:
    rng = random.Random(20240601)
    log = tmp_path / "server.log"
    rooms: list[Room] = []
    for life in range(KILLS + 1):
        with _server(any_db_url, log) as (base, process):
            with httpx.Client(base_url=base, timeout=30) as http:
                if life == 0:
                    rooms = [_create(http, create) for create in ROOMS]
                for room in rooms:
                    _check_room(http, room)
            if life < KILLS:
                _play_and_kill(base, process, rooms, rng)
    for room in rooms:
        assert room.acks, f"{room.create['game']} game {room.game_id}: no action acknowledged"
    # Every room acknowledged something (above); on a loaded machine a life may be short.
    assert sum(len(room.acks) for room in rooms) >= 3 * len(rooms), "too few actions to test"
