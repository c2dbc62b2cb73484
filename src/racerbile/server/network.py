"""The address phones reach this server at: the base of every join link and QR code.

Links are never built from a request's ``Host`` header, which any client sets as it
likes: the base comes from the settings (``public_url``), else from the address the
server listens on, else (listening on every network) from this machine's own LAN
address. A base on the loopback address works on this machine only; the pages warn.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

import psutil

WILDCARDS = ("0.0.0.0", "::", "")


def lan_addresses() -> list[str]:
    """Returns this machine's IPv4 addresses other phones may reach: private ones first,
    never loopback or link-local."""
    found: list[ipaddress.IPv4Address] = []
    for addresses in psutil.net_if_addrs().values():
        for address in addresses:
            if address.family != socket.AF_INET:
                continue
            ip = ipaddress.IPv4Address(address.address)
            if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip in found):
                found.append(ip)
    found.sort(key=lambda ip: (not ip.is_private, ip.packed))
    return [str(ip) for ip in found]


def base_url(host: str, port: int, lan: list[str] | None = None) -> str:
    """Returns the base of the links for a server listening on ``host``:``port``: that
    address, or for every network (0.0.0.0, ::) the first LAN address (the loopback
    one when the machine has none)."""
    if host in WILDCARDS:
        found = lan_addresses() if lan is None else lan
        host = found[0] if found else "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def is_loopback(url: str) -> bool:
    """Tells whether the links of base ``url`` work on this machine only."""
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
