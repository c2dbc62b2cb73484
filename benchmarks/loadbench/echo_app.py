"""The baseline: a bare FastAPI app served by uvicorn like ``racerbile serve``, doing no
game work, so the load generator and the web stack's own limits on this machine show.

``POST /echo`` answers its body; ``/ws`` answers each message; ``/watch`` sockets get
a first message on joining, then every ``POST /broadcast``, through a bounded queue and
a writer per socket as the game server's hub does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect

QUEUE_SIZE = 256
MAX_PAD = 1 << 20

app = FastAPI()
watchers: set[asyncio.Queue[str | None]] = set()


@app.get("/health")
async def health() -> dict[str, int]:
    return {"watchers": len(watchers)}


@app.post("/echo")
async def echo(request: Request) -> Any:
    return await request.json()


@app.websocket("/ws")
async def echo_socket(websocket: WebSocket) -> None:
    await websocket.accept()
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            await websocket.send_text(await websocket.receive_text())


@app.post("/broadcast")
async def broadcast(request: Request) -> dict[str, int]:
    """Queues ``{"type": "state", "seq": seq, "pad": ...}`` of ``size`` bytes for every
    watcher (a lagging one is dropped, as the hub drops it)."""
    body = await request.json()
    seq, size = int(body["seq"]), min(int(body["size"]), MAX_PAD)
    message = json.dumps({"type": "state", "seq": seq, "pad": "x" * size}, separators=(",", ":"))
    for queue in list(watchers):
        try:
            queue.put_nowait(message)
        except asyncio.QueueFull:
            watchers.discard(queue)
            while not queue.empty():
                queue.get_nowait()
            queue.put_nowait(None)
    return {"seq": seq}


@app.websocket("/watch")
async def watch(websocket: WebSocket) -> None:
    await websocket.accept()
    queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_SIZE)
    queue.put_nowait('{"type":"state","seq":0}')  # as the hub sends the state on joining
    watchers.add(queue)
    writer = asyncio.create_task(_write(websocket, queue))
    try:
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                await websocket.receive_text()
    finally:
        watchers.discard(queue)
        writer.cancel()


async def _write(websocket: WebSocket, queue: asyncio.Queue[str | None]) -> None:
    with contextlib.suppress(Exception):
        while (message := await queue.get()) is not None:
            await websocket.send_text(message)
        await websocket.close(code=1013)
