"""Server settings: one validated value handed to :func:`create_app`, never a global."""

from __future__ import annotations

from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

KIB = 1024


class RateLimit(BaseModel):
    """A token bucket per client address: ``burst`` requests at once, then ``per_minute``."""

    model_config = ConfigDict(frozen=True)

    burst: int = Field(ge=1, le=1000)
    per_minute: float = Field(gt=0, le=6000)


class Settings(BaseModel):
    """How a server runs. Limits refuse unsafe values unless ``dev`` is set."""

    model_config = ConfigDict(frozen=True)

    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    public_url: str | None = Field(
        default=None,
        max_length=200,
        description="the base of join links and QR codes, as phones reach this server "
        "(http://192.168.1.20:8000); None: the address it listens on (network.base_url)",
    )
    db_url: str | None = None
    max_body_bytes: int = Field(default=64 * KIB, ge=KIB)
    max_ws_message_bytes: int = Field(default=64 * KIB, ge=KIB)
    log_size: int = Field(default=50, ge=1, le=1000)
    max_auto_actions: int = Field(default=10_000, ge=1)
    join_limit: RateLimit | None = Field(
        default=RateLimit(burst=20, per_minute=30),
        description="join-code look-ups and claims (GET/POST /api/join/...); None: no limit",
    )
    create_limit: RateLimit | None = Field(
        default=RateLimit(burst=20, per_minute=10),
        description="games created (POST /api/games); None: no limit",
    )
    rate_limit_clients: int = Field(
        default=10_000, ge=100, le=1_000_000, description="addresses remembered per limit"
    )
    rate_limit_loopback: bool = Field(
        default=False,
        description="limit this machine's own clients too (127.0.0.1, ::1); off, the limits "
        "guard against the network only (a proxy must send X-Forwarded-For)",
    )
    bot_workers: int = Field(default=2, ge=1, le=64, description="processes bots decide in")
    bot_budget_s: float = Field(
        default=5.0, ge=0.05, le=300, description="longest one bot decision may take"
    )
    bot_memory_mb: int | None = Field(
        default=2048, ge=256, description="memory limit of one bot worker (None: no limit)"
    )
    auto_wait_s: float = Field(
        default=2.0, ge=0, le=60, description="how long a request waits for dice and bots"
    )
    ws_auth_timeout_s: float = Field(
        default=10.0, gt=0, le=300, description="how long a websocket may wait to send its auth"
    )
    max_rooms: int = Field(
        default=1000,
        ge=10,
        le=100_000,
        description="rooms held in memory; past it the least recently used idle ones are "
        "dropped (a watched room, or one waiting on a timer, stays)",
    )
    room_idle_s: float = Field(
        default=900.0,
        ge=1,
        le=86_400,
        description="an idle room with no connection is dropped from memory after this long; "
        "it reloads from the store when used",
    )
    snapshot_every: int | None = Field(
        default=500,
        ge=10,
        le=1_000_000,
        description="a game's state is saved every this many actions, so it reloads from "
        "there rather than from its first action; None: never",
    )
    shared_database: bool | None = Field(
        default=None,
        description="other server processes use the same database: each room is checked "
        "against it before serving, and on PostgreSQL changes are passed between the "
        "processes (LISTEN/NOTIFY); None: yes on PostgreSQL, no on SQLite",
    )
    dev: bool = False

    @field_validator("public_url")
    @classmethod
    def _plain_base(cls, url: str | None) -> str | None:
        if url is None:
            return None
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"public_url {url!r} must be http:// or https:// and name a host")
        if parts.path.strip("/") or parts.query or parts.fragment or parts.username:
            raise ValueError(f"public_url {url!r} must be a bare base: no path, query or user")
        return f"{parts.scheme}://{parts.netloc}"

    @model_validator(mode="after")
    def _refuse_unsafe(self) -> Settings:
        if self.dev:
            return self
        for name in ("max_body_bytes", "max_ws_message_bytes"):
            if getattr(self, name) > 1024 * KIB:
                raise ValueError(
                    f"{name} above 1 MiB invites memory exhaustion; set dev to allow it"
                )
        return self
