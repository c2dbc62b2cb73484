"""``racerbile serve`` and ``racerbile play``: the web app on this machine or for a network."""

from __future__ import annotations

import contextlib
import errno
import gc
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Iterator
from typing import Annotated

import typer

from ._common import console, fail

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database URL: sqlite:///path or postgresql+psycopg://user@host/db "
        "(default: racerbile.sqlite3 in your data folder).",
    ),
]


PortOption = Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on: 1-65535.")]
PublicUrlOption = Annotated[
    str | None,
    typer.Option(
        "--public-url",
        help="The address phones reach this server at, the base of join links and QR "
        "codes (http://192.168.1.20:8000; default: the --host address, or this "
        "machine's LAN address for 0.0.0.0).",
    ),
]
LanOption = Annotated[
    bool | None,
    typer.Option(
        "--lan/--local",
        help="Whether phones on this network may join: --lan listens on every network "
        "and links on this machine's LAN address, --local serves this machine only. "
        "Default: asks when run in a terminal, else --local.",
    ),
]


AccessLogOption = Annotated[
    bool,
    typer.Option(
        "--access-log/--no-access-log",
        help="Log a line per HTTP request (off by default: under load the lines cost "
        "the server a twentieth of its time; a proxy in front logs them too).",
    ),
]


def register(app: typer.Typer) -> None:
    """Adds the ``serve`` and ``play`` commands."""
    app.command("serve")(serve)
    app.command("play")(play)


def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0: every network).")
    ] = "127.0.0.1",
    port: PortOption = 8000,
    db: DbOption = None,
    public_url: PublicUrlOption = None,
    access_log: AccessLogOption = False,
) -> None:
    """Serves the web app and API; unfinished games resume where they stopped."""
    _run(host, port, db, public_url, open_browser=False, access_log=access_log)


def play(
    port: PortOption = 8000,
    db: DbOption = None,
    lan: LanOption = None,
    browser: Annotated[
        bool, typer.Option("--browser/--no-browser", help="Open the browser.")
    ] = True,
) -> None:
    """Serves the web app for the table and opens it in the browser: on this machine
    only, or (--lan) for the phones on this network."""
    if lan is None:
        lan = _in_a_terminal() and typer.confirm(
            "Let phones on this network join? (the game is then open to this whole network)",
            default=False,
        )
    host, public_url = table_address(lan, port)
    _run(host, port, db, public_url, open_browser=browser)


def _in_a_terminal() -> bool:
    return sys.stdin.isatty()


def table_address(lan: bool, port: int) -> tuple[str, str | None]:
    """Returns where ``play`` listens and the base of its join links: every network
    and this machine's LAN address, or this machine only (also when it has no LAN
    address, said on the console)."""
    if not lan:
        return "127.0.0.1", None
    from ..server.network import base_url, lan_addresses

    found = lan_addresses()
    if not found:
        console.print(
            "[yellow]this machine has no network address: phones cannot join; "
            "serving this machine only[/]"
        )
        return "127.0.0.1", None
    return "0.0.0.0", base_url("0.0.0.0", port, found)


SWITCH_INTERVAL_S = 0.0002


def _run(
    host: str,
    port: int,
    db: str | None,
    public_url: str | None,
    *,
    open_browser: bool,
    access_log: bool = False,
) -> None:
    import uvicorn
    from pydantic import ValidationError

    from ..server import Settings, create_app
    from ..server.network import base_url
    from ..server.wsprotocol import FastDeflateProtocol
    from ..store import Store, StoreError, default_url

    try:
        settings = Settings(host=host, port=port, db_url=db or default_url(), public_url=public_url)
    except ValidationError as exc:
        fail(str(exc.errors()[0]["msg"]))
    _check_port(host, port)
    try:
        store = Store(settings.db_url or default_url())
    except StoreError as exc:
        fail(str(exc))
    config = uvicorn.Config(
        create_app(settings, store),
        host=host,
        port=port,
        ws_max_size=settings.max_ws_message_bytes * 4,
        ws=FastDeflateProtocol,
        log_level="info",
        access_log=access_log,
    )
    server = uvicorn.Server(config)
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    console.print(
        f"racerbile serves [bold]{url}[/] (database: {store.engine.url!r})", soft_wrap=True
    )
    _say_where_phones_join(settings.public_url or base_url(host, port))
    if open_browser:
        threading.Thread(target=_open_when_up, args=(server, url), daemon=True).start()
    else:
        console.print(f"open {url} in a browser", soft_wrap=True, highlight=False)
    try:
        with _tuned_for_serving():
            server.run()
    finally:
        store.close()


FULL_COLLECTION_EVERY_S = 60.0
NEVER = 2**31 - 1  # a generation threshold never reached


@contextlib.contextmanager
def _tuned_for_serving() -> Iterator[None]:
    """Tunes the interpreter for serving while the server runs, then puts it back."""
    # What the imports and the app made lives as long as the server: set aside, it is
    # not walked again by every full collection.
    gc.collect()
    gc.freeze()
    # A full collection walks every room's state, record and views, holding the GIL:
    # at 500 rooms 100-170 ms in which no room moves, and by default one comes every
    # few seconds under load. The young generations are still collected as usual (most
    # cycles die young); the full collection runs once a minute instead.
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], thresholds[1], NEVER)
    stop = threading.Event()
    collector = threading.Thread(
        target=_collect_fully_every, args=(FULL_COLLECTION_EVERY_S, stop), daemon=True
    )
    collector.start()
    # A busy event loop holds the GIL; a store thread that waits for it to commit an
    # action waits a whole switch interval (5 ms by default) each time, and every room
    # waits for its commit before anyone is told. Short turns keep commits prompt.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)
        stop.set()
        collector.join()
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def _collect_fully_every(seconds: float, stop: threading.Event) -> None:
    while not stop.wait(seconds):
        gc.collect()


def _say_where_phones_join(base: str) -> None:
    from ..server.network import is_loopback

    if is_loopback(base):
        console.print(
            "[yellow]phones cannot join: this serves this machine only "
            "(racerbile play --lan or serve --host 0.0.0.0 lets the phones on this network "
            "join)[/]",
            soft_wrap=True,
        )
    else:
        console.print(f"phones join at [bold]{base}/join[/]", soft_wrap=True, highlight=False)


def _check_port(host: str, port: int) -> None:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            fail(_bind_problem(host, port, exc))


def _bind_problem(host: str, port: int, exc: OSError) -> str:
    """Says whether the address (--host) or the port (--port) cannot be used."""
    if exc.errno == errno.EADDRNOTAVAIL:
        return (
            f"cannot listen on {host}: the address is not one of this machine's; "
            "choose another --host (127.0.0.1: this machine only, 0.0.0.0: every network)"
        )
    if exc.errno == errno.EACCES and port < 1024:
        return f"cannot listen on port {port}: it needs privileges; choose another --port"
    return f"cannot listen on {host}:{port}: {exc.strerror}; choose another --port"


def _open_when_up(server: object, url: str) -> None:
    for _ in range(300):
        if getattr(server, "started", False):
            if not webbrowser.open(url):
                console.print(
                    f"no browser could be opened: open {url} in a browser on this machine",
                    soft_wrap=True,
                    highlight=False,
                )
            return
        time.sleep(0.05)
