"""Relay's command: ``racerbile analyse relay --stop N``, the exact chance that a turn
reaches N points before a one."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from typing import Annotated

import typer

from racerbile.engine.capabilities import CommandMount
from racerbile.engine.errors import UsageError


def register(mount: CommandMount) -> None:
    """Adds ``analyse relay``."""

    @mount.command("relay", group="analyse")
    def relay(
        stop: Annotated[int, typer.Option("--stop", help="points to carry before handing over")],
        as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    ) -> None:
        """The exact chance that a turn carries STOP points before a one."""
        if not 1 <= stop <= 200:
            raise UsageError(f"--stop must be 1-200, not {stop}")
        chance = reach(stop)
        if as_json:
            typer.echo(json.dumps({"stop": stop, "chance": f"{chance}"}))
        else:
            typer.echo(f"P(carry {stop} before a one) = {chance} ({float(chance):.3f})")


@cache
def reach(stop: int, carried: int = 0) -> Fraction:
    """The chance that a turn carrying ``carried`` reaches ``stop`` before a one."""
    if carried >= stop:
        return Fraction(1)
    return sum((reach(stop, carried + v) for v in range(2, 7)), Fraction(0)) / 6
