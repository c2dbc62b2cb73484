"""The ``racerbile`` command: the platform's commands, and each game's own commands
mounted from its manifest (``MANIFEST.cli``).

Every command module imports only what its signature needs; the rules engines,
NumPy, Numba, FastAPI, SQLAlchemy, Matplotlib and Dask load inside the commands that
use them, so ``racerbile --help`` starts fast.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from . import bench, dev, odds, replay, serve, simulate, track
from ._common import console
from .mount import TyperMount

app = typer.Typer(
    name="racerbile",
    help="Play, referee, analyse and host Racerbile, Ludøl, Rallyman and Vectrace.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(wanted: bool) -> None:
    if wanted:
        from importlib.metadata import PackageNotFoundError, version

        try:
            console.print(f"racerbile {version('racerbile')}", highlight=False)
        except PackageNotFoundError:
            console.print("racerbile (not installed: version unknown)", highlight=False)
        raise typer.Exit()


@app.callback()
def _options(
    _version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Options that come before any command."""


def _flag_types_unshown() -> None:
    """Shows no value type for flags (Typer 0.2x prints ``<bool>`` after every flag,
    ``--help`` included) and upper-case types for options that take a value."""
    from typer.core import TyperArgument, TyperOption

    for kind in (TyperOption, TyperArgument):
        kind.display_type_rich = _typed(kind.display_type_rich)  # type: ignore[method-assign]


def _typed(shown: Any) -> Any:
    def display_type_rich(self: Any, ctx: Any) -> str | None:
        if getattr(self, "is_flag", False):
            return None
        label: str | None = shown(self, ctx)
        if label is None or label == getattr(self, "metavar", None):
            return label  # an option's own metavar is shown as written
        return _type_name(label)

    return display_type_rich


TYPE_NAMES = {"str": "TEXT", "int": "INTEGER", "float": "NUMBER", "path": "PATH"}


def _type_name(label: str) -> str:
    bare = label.strip("<>").removeprefix("list[").removesuffix("]").removesuffix(" range")
    return TYPE_NAMES.get(bare, bare.upper())


_flag_types_unshown()


@app.command("games")
def list_games() -> None:
    """Lists the games this program plays."""
    from ..games import available_games, manifest

    for game_id in available_games():
        info = manifest(game_id).info
        console.print(
            f"[bold]{info.id}[/]  {info.name} ({info.min_seats}-{info.max_seats} players)"
        )


def _register() -> None:
    from ..games import available_games, manifest

    app.add_typer(track.app, name="track", help="Tracks: list, info, validate, render.")
    app.add_typer(dev.app, name="dev", help="Developer tools: golden playthroughs.")
    for module in (replay, odds, serve, simulate, bench):
        module.register(app)
    mount = TyperMount(app)
    for game_id in available_games():
        mounted = manifest(game_id).cli
        if mounted is not None:
            mounted(mount)


_register()


def main() -> None:
    """Runs the command line."""
    app()


__all__ = ["app", "console", "main"]
