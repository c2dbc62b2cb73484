"""Ludøl's commands: ``racerbile analyse ludol``, the solo figures of spec §4.2.

One glass from the yard, the other three in the goal, no opponents, the policy "the 6
whenever legal, else the larger value": the expected turns, throws and penalty beers,
solved exactly by the engine's own rules (:func:`.odds.solo`). ``--rule-set`` picks
one profile (default: both); ``--json`` prints ``n/d`` strings. Registered through
``MANIFEST.cli``; the rules load only when the command runs.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ...engine.capabilities import CommandMount
from ...engine.errors import UsageError

FIGURES = {"turns": "E(turns)", "throws": "E(throws)", "beers": "E(penalty beers)"}
TITLE = (
    "Ludøl solo figures (spec §4.2): one glass from the yard, the others in the goal; "
    "the 6 whenever legal, else the larger value"
)


def register(mount: CommandMount) -> None:
    """Adds ``analyse ludol`` to the command line."""

    @mount.command("ludol", group="analyse")
    def analyse_ludol(
        rule_set: Annotated[
            str | None,
            typer.Option("--rule-set", help="Profile: ludol or norsk (default: both)."),
        ] = None,
        as_json: Annotated[
            bool, typer.Option("--json", help="Print JSON with n/d strings.")
        ] = False,
    ) -> None:
        """Exact solo expectations of spec §4.2 (turns, throws, penalty beers) by value
        iteration over the engine's rules."""
        analyse_solo(rule_set, as_json)


def analyse_solo(rule_set: str | None, as_json: bool) -> None:
    """Prints the §4.2 figures of ``rule_set`` (None: every profile)."""
    from rich.console import Console
    from rich.table import Table

    from ...engine.capabilities import fraction_text
    from .odds import solo
    from .setup import PROFILES

    if rule_set is not None and rule_set not in PROFILES:
        raise UsageError(f"--rule-set {rule_set!r}: choose from {', '.join(PROFILES)}")
    names = [rule_set] if rule_set else list(PROFILES)
    figures = {name: solo(name) for name in names}
    if as_json:
        data = {
            name: {key: fraction_text(getattr(f, key)) for key in FIGURES}
            for name, f in figures.items()
        }
        typer.echo(json.dumps(data, indent=2))
        return
    table = Table(title=TITLE, title_justify="left")
    for header in ("profile", "figure", "≈"):
        table.add_column(header, no_wrap=True)
    table.add_column("exact", overflow="fold")
    for name, f in figures.items():
        for key, label in FIGURES.items():
            value = getattr(f, key)
            table.add_row(name, label, f"{float(value):.5f}", str(value))
    Console().print(table)
