"""Secret tokens and join codes: generated with ``secrets``, stored as sha256 hashes."""

from __future__ import annotations

import hashlib
import hmac
import secrets

# Letters that cannot be mistaken for one another when read aloud or from a screen.
JOIN_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def new_token() -> str:
    """Returns a fresh secret token (32 URL-safe characters)."""
    return secrets.token_urlsafe(24)


def new_game_id() -> str:
    """Returns a fresh, unguessable game id."""
    return secrets.token_urlsafe(9)


def new_join_code() -> str:
    """Returns a fresh 6-letter join code."""
    return "".join(secrets.choice(JOIN_LETTERS) for _ in range(6))


def new_seed() -> int:
    """Returns a fresh seed for the digital dice (fits a signed 64-bit column)."""
    return secrets.randbits(62)


def hash_token(token: str) -> str:
    """Returns the sha256 hex digest of a token: what the store keeps."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_hash(given: str, stored: str | None) -> bool:
    """Compares two hashes in constant time."""
    return stored is not None and hmac.compare_digest(given, stored)
