"""The JSON text of view envelopes: the standard library against orjson (what the server
uses), on the envelopes of real rooms, in one run.

Each game gets a room played a number of seeded random legal actions through the web
app in process (two people, digital dice); then the host's, a seat's and a
spectator's envelope, in English and Danish, are turned into text by both writers in
interleaved rounds. Both texts must parse to the same JSON. Printed per game: the
envelopes' size and the microseconds per envelope of each writer.

    PYTHONPATH=src python3 benchmarks/bench_envelope_text.py [--actions 60] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from loadbench.games import SETUPS  # the load benchmark's rooms

from racerbile.server import Settings, create_app
from racerbile.server.access import HOST, SPECTATOR, Caller
from racerbile.server.jsontext import json_text
from racerbile.store import Store


def stdlib_text(value: Any) -> str:
    """The text as the server wrote it before: ``json.dumps``, compact, non-ASCII kept."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


async def envelopes(game: str, actions: int, seed: int = 1) -> list[dict[str, Any]]:
    """Returns the envelopes of one room of ``game`` after ``actions`` random legal actions."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
        app = create_app(Settings(join_limit=None, create_limit=None), store)
        transport = httpx.ASGITransport(app=app)
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(transport=transport, base_url="http://bench") as http,
        ):
            body = {"game": game, "setup": SETUPS[game], "seed": seed}
            created = (await http.post("/api/games", json=body)).json()
            path, rng = f"/api/games/{created['id']}", random.Random(seed)
            headers = {"Authorization": f"Bearer {created['host_token']}"}
            seen = (await http.get(path, headers=headers)).json()
            for _ in range(actions):
                if seen["finished"] or not seen["legal_actions"]:
                    break
                move = {"action": rng.choice(seen["legal_actions"]), "seq": seen["seq"]}
                seen = (await http.post(f"{path}/actions", json=move, headers=headers)).json()
            room = await app.state.services.rooms.get(created["id"])
            callers = (HOST, Caller("seat", 0), SPECTATOR)
            out = [room.views.public(c, lang) for c in callers for lang in ("en", "da")]
        store.close()
    return out


def measure(game: str, actions: int, rounds: int) -> dict[str, Any]:
    """Times both writers on one room's envelopes; returns the figures."""
    views = asyncio.run(envelopes(game, actions))
    for view in views:
        assert json.loads(json_text(view)) == json.loads(stdlib_text(view))
    times: dict[str, list[float]] = {"stdlib": [], "orjson": []}
    repeat = 200
    for _ in range(rounds):
        for name, write in (("stdlib", stdlib_text), ("orjson", json_text)):
            begin = time.process_time()
            for _ in range(repeat):
                for view in views:
                    write(view)
            times[name].append((time.process_time() - begin) / (repeat * len(views)))
    stdlib, fast = statistics.median(times["stdlib"]), statistics.median(times["orjson"])
    size = statistics.mean(len(stdlib_text(v).encode()) for v in views)
    return {
        "game": game,
        "envelope_kb": round(size / 1024, 1),
        "stdlib_us": round(stdlib * 1e6, 1),
        "orjson_us": round(fast * 1e6, 1),
        "ratio": round(stdlib / fast, 1),
    }


def main() -> None:
    """Measures every game and prints a line of JSON for each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=60, help="random actions per room")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for game in SETUPS:
        print(json.dumps(measure(game, args.actions, args.rounds)), flush=True)


if __name__ == "__main__":
    main()
