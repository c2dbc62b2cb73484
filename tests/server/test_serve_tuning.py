"""What ``racerbile serve`` tunes while it serves: full garbage collections on a timer
instead of every few seconds, and websocket pushes deflated at a faster level."""

from __future__ import annotations

import asyncio
import gc
import json
import time
from pathlib import Path

import httpx
import pytest
import uvicorn
from serverkit import PLAYERS, serve_process
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode
from websockets.sync.client import connect

from racerbile.cli import serve
from racerbile.server.wsprotocol import (
    COMPRESSION_LEVEL,
    FastDeflateProtocol,
    ZlibNgDeflateFactory,
)


def test_full_collections_run_on_the_timer_while_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "FULL_COLLECTION_EVERY_S", 0.05)
    before = gc.get_threshold()
    with serve._tuned_for_serving():
        assert gc.get_threshold()[:2] == before[:2]  # the young generations as usual
        assert gc.get_threshold()[2] == serve.NEVER
        assert gc.get_freeze_count() > 0
        full = gc.get_stats()[2]["collections"]
        deadline = time.monotonic() + 10
        while gc.get_stats()[2]["collections"] < full + 2:
            assert time.monotonic() < deadline, "no full collection came on the timer"
            time.sleep(0.02)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_the_websocket_protocol_deflates_at_the_faster_level() -> None:
    config = uvicorn.Config(app=lambda *args: None, ws=FastDeflateProtocol)
    config.load()
    loop = asyncio.new_event_loop()
    try:
        protocol = FastDeflateProtocol(config, ServerState(), {}, _loop=loop)
    finally:
        loop.close()
    [factory] = protocol.conn.available_extensions
    assert factory.name == "permessage-deflate"
    assert factory.compress_settings == {"memLevel": 5, "level": COMPRESSION_LEVEL}
    assert COMPRESSION_LEVEL == 1


def test_pushes_are_deflated_by_zlib_ng_and_read_by_any_inflater() -> None:
    factory = ZlibNgDeflateFactory(compress_settings={"memLevel": 5, "level": 1})
    _, server = factory.process_request_params([], [])
    assert type(server.encoder).__module__.startswith("zlib_ng")
    client = PerMessageDeflate(False, False, 15, 15)  # the stdlib's zlib, as a browser's
    texts = [json.dumps({"seq": n, "log": ["Bo rolls 7"] * n}).encode() for n in range(40)]
    sent = 0
    for text in texts:  # one window across messages: each depends on those before
        frame = server.encode(Frame(Opcode.TEXT, text))
        assert frame.rsv1 and client.decode(frame).data == text
        sent += len(frame.data)
    assert sent < sum(map(len, texts)) / 10
    _, alone = ZlibNgDeflateFactory(server_no_context_takeover=True).process_request_params([], [])
    assert client.decode(alone.encode(Frame(Opcode.TEXT, texts[-1]))).data == texts[-1]


def test_a_served_game_pushes_deflated_views_to_a_browser_like_client(tmp_path: Path) -> None:
    with serve_process(f"sqlite:///{tmp_path / 'games.sqlite3'}", tmp_path / "log") as (base, _):
        created = httpx.post(
            f"{base}/api/games", json={"game": "toy", "setup": PLAYERS, "seed": 1}
        ).json()
        url = base.replace("http", "ws") + f"/api/games/{created['id']}/ws"
        with connect(url, open_timeout=30) as socket:  # offers permessage-deflate
            socket.send('{"type": "auth", "token": null}')
            push = socket.recv(timeout=30)
            [extension] = socket.protocol.extensions
        assert extension.name == "permessage-deflate"
        assert '"type":"state"' in push and created["id"] in push
