"""Actions per second through the web app, in process: no sockets, no uvicorn.

Each game gets ``--rooms`` rooms with a person at seat 0, a bot at every other seat and
digital dice; the bots decide in process, so the bot workers' start-up stays out of the
figures. Each room has ``--watchers`` listeners that turn every push into JSON, as a
websocket writer does (half in English, half in Danish). One task per room sends
``--actions`` of the person's actions (a seeded random legal one, by the host token)
through the ASGI app, so two runs play the same games. Printed per game: the person's
actions a second, the recorded entries (the person's, the dice and the bots') per
action, the store's commits per action (the rooms' creation included), and the main
process's CPU milliseconds per action with what that gives on one saturated core
(actions per CPU second; on a busy machine the wall-clock rate mostly measures the
machine's other load).

Run it on two checkouts to compare them:

    PYTHONPATH=src python3 benchmarks/bench_room_actions.py [--actions 10] [--rooms 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import event

from racerbile.engine import Action
from racerbile.engine.codec import record_codec
from racerbile.server import Settings, create_app
from racerbile.server.access import SPECTATOR
from racerbile.server.hub import Push, Subscriber
from racerbile.server.workers import BotPool, Decision, _decide
from racerbile.store import Store

SETUPS: dict[str, tuple[dict[str, Any], str]] = {  # the setup, the bot of the other seats
    "racerbile": ({"players": [{"name": "Anna"}, {"name": "Bo"}, {"name": "Cille"}]}, "random"),
    "vectrace": ({"players": [{"name": "Anna"}, {"name": "Bo"}]}, "random"),
    "ludol": ({"players": [{"name": "Anna"}, {"name": "Bo"}, {"name": "Cille"}]}, "random"),
    "rallyman": ({"players": [{"name": "Anna"}, {"name": "Bo"}]}, "cautious"),
}


LONGEST_S = 30.0  # a room stops sending after this long, however few it sent


class InlineBots(BotPool):
    """Bots that decide on the event loop: the figures count the room's work, not the
    worker processes' start or the machine's other load."""

    def __init__(self) -> None:
        super().__init__(workers=1, memory_mb=None)

    async def decide(self, decision: Decision, budget_s: float) -> Action | None:
        return record_codec(decision.game).decode(_decide(decision))


class JsonWatcher(Subscriber):
    """A listener that serialises each push, as the websocket writer would."""

    def push(self, message: Push) -> bool:
        assert message.text  # made once per view and shared, as the websocket writer sends it
        return True


async def play_room(
    http: httpx.AsyncClient,
    game: str,
    seed: int,
    until: float,
    app: Any,
    watchers: int = 0,
    most: int | None = None,
) -> int:
    """Plays one room until ``until`` (or ``most`` actions); returns the person's actions sent."""
    setup, bot = SETUPS[game]
    bots = {str(seat): bot for seat in range(1, len(setup["players"]))}
    body = {"game": game, "setup": setup, "seed": seed, "bots": bots}
    created = (await http.post("/api/games", json=body)).json()
    headers = {"Authorization": f"Bearer {created['host_token']}"}
    services = app.state.services
    room = await services.rooms.get(created["id"])
    for n in range(watchers):
        services.hub.join(room, JsonWatcher(SPECTATOR, "en" if n % 2 == 0 else "da"))
    rng = random.Random(seed)
    seen = (await http.get(f"/api/games/{created['id']}", headers=headers)).json()
    sent = 0
    while time.perf_counter() < until and not seen["finished"] and sent != most:
        if seen["to_act"] != 0:  # a bot is still deciding
            await asyncio.sleep(0.01)
            seen = (await http.get(f"/api/games/{created['id']}", headers=headers)).json()
            continue
        action = rng.choice(seen["legal_actions"])
        answer = await http.post(
            f"/api/games/{created['id']}/actions",
            json={"action": action, "seq": seen["seq"]},
            headers=headers,
        )
        seen = answer.json()
        if answer.status_code != 200:
            raise SystemExit(f"{game}: action refused: {answer.text}")
        sent += 1
    return sent


async def measure(game: str, actions: int, rooms: int, watchers: int) -> dict[str, Any]:
    """Plays ``actions`` actions in each of ``rooms`` rooms of ``game``; returns the figures."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
        commits = [0]
        event.listen(store.engine, "commit", lambda _conn: commits.__setitem__(0, commits[0] + 1))
        settings = Settings(join_limit=None, create_limit=None)
        app = create_app(settings, store, InlineBots())
        transport = httpx.ASGITransport(app=app)
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(transport=transport, base_url="http://bench") as http,
        ):
            # A warm-up starts the bot workers and fills the games' caches.
            warm = time.perf_counter() + 60
            await asyncio.gather(
                *(play_room(http, game, 1000 + n, warm, app, most=5) for n in range(2))
            )
            entries_before, commits_before = _entries(store), commits[0]
            cpu, started = time.process_time(), time.perf_counter()
            until = started + LONGEST_S
            sent = await asyncio.gather(
                *(play_room(http, game, n, until, app, watchers, actions) for n in range(rooms))
            )
            wall, cpu = time.perf_counter() - started, time.process_time() - cpu
            entries, made = _entries(store) - entries_before, commits[0] - commits_before
        store.close()
    played = max(1, sum(sent))
    return {
        "actions": played,
        "actions_per_s": round(played / wall, 1),
        "entries_per_action": round(entries / played, 2),
        "commits_per_action": round(made / played, 2),
        "cpu_ms_per_action": round(1000 * cpu / played, 2),
        "actions_per_cpu_s": round(played / cpu, 1),
    }


def _entries(store: Store) -> int:
    """Returns how many entries the store holds (every game's actions)."""
    with store.engine.connect() as conn:
        return int(conn.exec_driver_sql("SELECT count(*) FROM actions").scalar() or 0)


def main() -> None:
    """Measures every game (or those named) and prints the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=10, help="the person's, per room")
    parser.add_argument("--rooms", type=int, default=3)
    parser.add_argument("--watchers", type=int, default=4, help="listeners per room")
    parser.add_argument("--games", nargs="*", default=list(SETUPS), choices=list(SETUPS))
    args = parser.parse_args()
    figures = {
        game: asyncio.run(measure(game, args.actions, args.rooms, args.watchers))
        for game in args.games
    }
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
