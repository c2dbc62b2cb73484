"""Mounting each game's own commands: what a game's ``MANIFEST.cli`` is given.

A game adds commands at the top level or under a shared group (``analyse GAME``,
``solve GAME``); the groups are the platform's, so their help does not depend on
which game registered first. A game's command that raises
:class:`~racerbile.engine.errors.UsageError` ends with the platform's one error line.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from ..engine.contract import TrackCatalog
from ..engine.errors import UsageError
from ._common import LocalFileError, fail, load_track_arg, plain, read_local_file

GROUPS = {
    "analyse": "Exact analysis of a game: analyse GAME ...",
    "solve": "Exact solvers: solve GAME ...",
}


class TyperMount:
    """The :class:`~racerbile.engine.capabilities.CommandMount` of the Typer app ``root``;
    local files are read with the platform's checks (:mod:`._common`)."""

    def __init__(self, root: typer.Typer):
        self.root = root
        self._groups: dict[str, typer.Typer] = {}

    def command(
        self, name: str, group: str | None = None
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Returns a decorator adding ``name`` at the top level or under ``group``;
        raises ValueError for a group the platform does not have."""
        target = self.root if group is None else self._group(group)

        def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
            @functools.wraps(func)
            def run(*args: Any, **kwargs: Any) -> Any:
                try:
                    return func(*args, **kwargs)
                except UsageError as exc:
                    fail(str(exc), exc.code)

            target.command(name)(run)
            return func

        return decorate

    def load_track(self, catalog: TrackCatalog, ref: str) -> Any:
        """Returns the track of a bundled id or a local track file; fails with one line."""
        return load_track_arg(catalog, ref)

    def read_file(self, path: str | Path, what: str) -> bytes:
        """Returns a local file's bytes; fails with one line naming the file."""
        try:
            return read_local_file(path, what)
        except LocalFileError as exc:
            fail(str(exc))

    def plain(self, text: object) -> str:
        """Returns ``text`` with its control characters shown (safe to print)."""
        return plain(text)

    def _group(self, name: str) -> typer.Typer:
        if name not in GROUPS:
            raise ValueError(f"no command group {name!r}; the groups are: {', '.join(GROUPS)}")
        if name not in self._groups:
            sub = typer.Typer(
                help=GROUPS[name],
                no_args_is_help=True,
                add_completion=False,
                pretty_exceptions_enable=False,
            )
            self.root.add_typer(sub, name=name, help=GROUPS[name])
            self._groups[name] = sub
        return self._groups[name]
