"""The web server: rooms, seats, websocket hub, behind :func:`create_app`."""

from .app import create_app
from .settings import Settings

__all__ = ["Settings", "create_app"]
