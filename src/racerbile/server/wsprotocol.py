"""The websocket protocol ``racerbile serve`` runs: uvicorn's, compressing faster.

Browsers offer permessage-deflate, and every push is compressed on the event loop, once
per connection (each keeps its own compression window). At zlib's default level 6 that
was a twelfth of the server's time per action under load (about 130 µs for a 17 KB
Racerbile envelope); level 1 takes under half of that and the pushes come out about a
tenth larger (a 17 KB envelope in about 3.8 KB instead of 3.4 KB). Everything else is
uvicorn's: the window sizes and memory level below are the ones it sets.
"""

from __future__ import annotations

import logging
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

COMPRESSION_LEVEL = 1


class FastDeflateProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O websocket protocol with deflate at :data:`COMPRESSION_LEVEL`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[
                    ServerPerMessageDeflateFactory(
                        server_max_window_bits=12,
                        client_max_window_bits=12,
                        compress_settings={"memLevel": 5, "level": COMPRESSION_LEVEL},
                    )
                ],
                max_size=self.config.ws_max_size,
                logger=logging.getLogger("uvicorn.error"),
            )
