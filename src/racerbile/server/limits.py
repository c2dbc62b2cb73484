"""A request body limit, enforced before a route reads the body."""

from __future__ import annotations

import json

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyLimit:
    """Answers 413 to an HTTP request whose body exceeds ``limit`` bytes."""

    def __init__(self, app: ASGIApp, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit:  # a body sent without or beyond its Content-Length
                raise HTTPException(413, self.reason)
            return message

        await self.app(scope, limited, send)

    @property
    def reason(self) -> str:
        return f"the request body exceeds {self.limit} bytes"

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"code": "request/too_large", "reason": self.reason, "rule_id": None})
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body.encode()})
