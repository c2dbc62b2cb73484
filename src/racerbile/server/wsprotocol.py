"""The websocket protocol ``racerbile serve`` runs: uvicorn's, compressing faster.

Browsers offer permessage-deflate, and every push is compressed on the event loop, once
per connection (each keeps its own compression window). At zlib's default level 6 that
was a twelfth of the server's time per action under load (about 130 µs for a 17 KB
Racerbile envelope); level 1 takes under half of that and the pushes come out about a
tenth larger (a 17 KB envelope in about 3.8 KB instead of 3.4 KB). zlib-ng compresses
the same deflate stream about 3.5 times faster again (pushes of patches: 5.5 µs instead
of 20 µs each, about a tenth larger), so a connection that keeps its window between
messages (what browsers ask for) is compressed by zlib-ng. Everything else is uvicorn's
and websockets': the window sizes and memory level below are the ones uvicorn sets.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, cast

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.server import ServerProtocol
from websockets.typing import ExtensionParameter
from zlib_ng import zlib_ng

COMPRESSION_LEVEL = 1


class ZlibNgDeflateFactory(ServerPerMessageDeflateFactory):
    """websockets' permessage-deflate, its compressor zlib-ng's when the window is kept
    between messages (without it, websockets makes a stdlib compressor per message)."""

    def process_request_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension]
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        response, extension = super().process_request_params(params, accepted_extensions)
        if not extension.local_no_context_takeover:
            encoder = zlib_ng.compressobj(
                wbits=-extension.local_max_window_bits, **extension.compress_settings
            )
            extension.encoder = cast(Any, encoder)  # zlib's interface, zlib-ng's type
        return response, extension


class FastDeflateProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O websocket protocol with deflate at :data:`COMPRESSION_LEVEL`,
    by zlib-ng."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[
                    ZlibNgDeflateFactory(
                        server_max_window_bits=12,
                        client_max_window_bits=12,
                        compress_settings={"memLevel": 5, "level": COMPRESSION_LEVEL},
                    )
                ],
                max_size=self.config.ws_max_size,
                logger=logging.getLogger("uvicorn.error"),
            )
