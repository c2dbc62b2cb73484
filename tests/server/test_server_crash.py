"""Crash safety: a server process killed at a random moment loses no acknowledged action.

The server runs as its own process (the real CLI), is driven over HTTP, killed with
SIGKILL at a seeded random moment, restarted on the same SQLite file, and checked:
every acknowledged action is in the record at its place, every acknowledged state
replays, and the digital dice continue the seeded stream.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import free_port

from racerbile.engine import CHANCE, ActionCodec, DiceStream, Game, Record, replay, step
from racerbile.games import get_game

HERE = Path(__file__).resolve().parent
# Runs the real command line with the toy game registered first.
TOY_LAUNCHER = (
    "from racerbile.games import REGISTRY; REGISTRY['toy'] = 'toygame'; "
    "from racerbile.cli import main; main()"
)


@dataclass
class Ack:
    sent_seq: int
    action: dict[str, Any]
    body: dict[str, Any]


@dataclass
class Player:
    """Plays random legal actions with the host token until the server goes away."""

    base: str
    game_id: str
    host: str
    rng: random.Random
    acks: list[Ack] = field(default_factory=list)

    def run(self) -> None:
        headers = {"Authorization": f"Bearer {self.host}"}
        with (
            contextlib.suppress(httpx.HTTPError),
            httpx.Client(base_url=self.base, headers=headers, timeout=5) as http,
        ):
            seen = http.get(f"/api/games/{self.game_id}").json()
            while seen["legal_actions"]:
                action = self.rng.choice(seen["legal_actions"])
                response = http.post(
                    f"/api/games/{self.game_id}/actions",
                    json={"action": action, "seq": seen["seq"]},
                )
                assert response.status_code == 200, response.text
                self.acks.append(Ack(seen["seq"], action, response.json()))
                seen = response.json()


@contextlib.contextmanager
def _server(
    command: list[str], db_url: str, env: dict[str, str], log: Path
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = free_port()
    with log.open("ab") as output:
        process = subprocess.Popen(
            [*command, "serve", "--port", str(port), "--db", db_url],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_up(base, process, log)
        yield base, process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


def _wait_up(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited:\n{log.read_text()[-3000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/api/meta/health", timeout=1).status_code == 200:
                return
        time.sleep(0.05)
    raise AssertionError(f"the server did not come up within 30 s:\n{log.read_text()[-3000:]}")


def _check(game: Game, record: Record, acks: list[Ack]) -> None:
    for ack in acks:
        assert record.actions[ack.sent_seq] == ack.action, (
            f"acknowledged action {ack.sent_seq + 1} lost"
        )
        assert len(record.actions) >= ack.body["seq"]
        prefix = record.model_copy(update={"actions": record.actions[: ack.body["seq"]]})
        state = replay(game, prefix).state
        seat = ack.body["to_act"] if isinstance(ack.body["to_act"], int) else None
        assert _json(game.view(state, seat)) == ack.body["view"], (
            f"state after action {ack.body['seq']} differs"
        )


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _check_dice(game: Game, record: Record, seed: int) -> None:
    """Every chance action is the next draw of the seeded stream, across every restart."""
    stream, codec = DiceStream(seed), ActionCodec(game.action_types)
    state = game.start(game.Setup.model_validate(record.setup))
    for data in record.actions:
        action = codec.decode(data)
        if game.to_act(state) == CHANCE:
            assert action == stream.choose(game.chance_outcomes(state))
        state = step(game, state, action).state


def _crash_rounds(
    command: list[str], env: dict[str, str], tmp_path: Path, create: dict[str, Any], rounds: int
) -> None:
    game = get_game(create["game"])
    db_url = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    rng = random.Random(20240601)
    log = tmp_path / "server.log"
    acks: list[Ack] = []
    for round_ in range(rounds):
        with _server(command, db_url, env, log) as (base, process):
            if round_ == 0:
                response = httpx.post(f"{base}/api/games", json=create, timeout=10)
                assert response.status_code == 201, response.text
                game_id, host = response.json()["id"], response.json()["host_token"]
            player = Player(base, game_id, host, random.Random(rng.random()))
            thread = threading.Thread(target=player.run, daemon=True)
            thread.start()
            time.sleep(rng.uniform(0.05, 0.5))
            os.kill(process.pid, signal.SIGKILL)
            thread.join(10)
            acks.extend(player.acks)
    with _server(command, db_url, env, log) as (base, _process):
        headers = {"Authorization": f"Bearer {host}"}
        record = Record.model_validate(
            httpx.get(f"{base}/api/games/{game_id}/record", timeout=10).json()
        )
        now = httpx.get(f"{base}/api/games/{game_id}", headers=headers, timeout=10).json()
    assert len(acks) >= rounds, "too few actions were acknowledged to test anything"
    _check(game, record, acks)
    assert now["seq"] == len(record.actions)
    seat = now["to_act"] if isinstance(now["to_act"], int) else None
    assert now["view"] == _json(game.view(replay(game, record).state, seat))
    _check_dice(game, record, create["seed"])


@pytest.mark.slow
def test_server_killed_keeps_acknowledged_actions(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]),
    }
    setup = {"players": [{"name": "Anna"}, {"name": "Bo"}], "target": 10_000}
    create = {"game": "toy", "setup": setup, "seed": 99}
    _crash_rounds([sys.executable, "-c", TOY_LAUNCHER], env, tmp_path, create, rounds=5)


@pytest.mark.slow
def test_server_killed_keeps_acknowledged_racerbile_actions(tmp_path: Path) -> None:
    try:
        get_game("racerbile")
    except (ImportError, AttributeError) as exc:
        pytest.skip(f"the racerbile game does not load yet: {exc}")
    create = {
        "game": "racerbile",
        "setup": {"players": [{"name": "Anna"}, {"name": "Bo"}]},
        "seed": 99,
    }
    _crash_rounds([sys.executable, "-m", "racerbile"], dict(os.environ), tmp_path, create, rounds=3)
