"""Limits: a request body limit, enforced before a route reads the body, and rate limits
per client address (join-code guesses, games created)."""

from __future__ import annotations

import ipaddress
import json
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import ApiError, retry_after
from .settings import RateLimit, Settings

Clock = Callable[[], float]


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


class RateLimiter:
    """A token bucket per client: ``burst`` requests at once, refilled at ``per_minute``.

    At most ``max_clients`` buckets are kept; the least recently seen client is forgotten
    first (its bucket would be full again by then, unless it is flooding). Time comes from
    ``clock``, so tests drive it. Called on the event loop only: no locking.
    """

    def __init__(self, limit: RateLimit, max_clients: int, clock: Clock = time.monotonic):
        self.limit = limit
        self.max_clients = max_clients
        self.clock = clock
        self._per_second = limit.per_minute / 60
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # tokens, when

    def take(self, client: str) -> float:
        """Takes one request from ``client``'s bucket: returns 0 when allowed, else the
        seconds until the next one is (the refused request takes nothing)."""
        now = self.clock()
        tokens, then = self._buckets.pop(client, (float(self.limit.burst), now))
        tokens = min(float(self.limit.burst), tokens + max(0.0, now - then) * self._per_second)
        wait = 0.0 if tokens >= 1 else (1 - tokens) / self._per_second
        self._buckets[client] = (tokens - 1 if wait == 0 else tokens, now)
        if len(self._buckets) > self.max_clients:
            self._buckets.popitem(last=False)
        return wait

    def __len__(self) -> int:
        return len(self._buckets)


@dataclass(frozen=True)
class RateLimits:
    """The limiters of an app by area (``join``, ``create``; none for a limit set off)."""

    limiters: dict[str, RateLimiter]
    loopback: bool  # whether this machine's own clients are limited too

    @classmethod
    def of(cls, settings: Settings, clock: Clock = time.monotonic) -> RateLimits:
        areas = {"join": settings.join_limit, "create": settings.create_limit}
        limiters = {
            area: RateLimiter(limit, settings.rate_limit_clients, clock)
            for area, limit in areas.items()
            if limit is not None
        }
        return cls(limiters, settings.rate_limit_loopback)

    def wait(self, area: str, host: str | None) -> float:
        """Takes one request of ``host`` in ``area``; returns 0 or the seconds to wait."""
        limiter = self.limiters.get(area)
        if limiter is None or (not self.loopback and _is_loopback(host)):
            return 0.0
        return limiter.take(client_key(host))


def _is_loopback(host: str | None) -> bool:
    try:
        return host is not None and ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def client_key(host: str | None) -> str:
    """Returns what a client is limited by: its IPv4 address, or its IPv6 /64 network
    (one home or phone is given a whole /64, so single addresses would not count)."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def rate_limited(area: str, what: str) -> Callable[[Request], Awaitable[None]]:
    """Returns a route dependency that answers 429 (with ``Retry-After``) to a client over
    the app's ``area`` limit; ``what`` names the requests in the reason."""

    async def check(request: Request) -> None:
        limits: RateLimits = request.app.state.rate_limits
        wait = limits.wait(area, request.client.host if request.client else None)
        if wait > 0:
            raise ApiError(
                429,
                "rate/limited",
                f"too many {what} from this address; try again in {math.ceil(wait)} s",
                headers=retry_after(wait),
            )

    return check
