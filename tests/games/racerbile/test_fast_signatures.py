"""Every compiled function of the fast path has one signature: every call site passes
the same argument types, so nothing is compiled twice (a literal or an int32 array
where another call passes int64 is a second, full compile).

A function loaded from Numba's cache records nothing in ``dispatcher.signatures``
for the functions it calls, so the signatures are also read from each function's
cache index, which lists every signature compiled since the sources last changed.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from numba.core.registry import CPUDispatcher

from racerbile.engine.outcome import SimSpec
from racerbile.games.racerbile import datacache
from racerbile.games.racerbile.fast.engine import RacerbileFastEngine

MODULES = ("decide", "kernel", "memo", "move", "movehelp", "race", "seeding", "turn")
BOTS = ("greedy", "stalin", "random", "cautious")  # the optimal bot adds no compiled code


def _dispatchers() -> dict[str, CPUDispatcher]:
    found = {}
    for name in MODULES:
        module = importlib.import_module(f"racerbile.games.racerbile.fast.{name}")
        for attr, value in vars(module).items():
            if isinstance(value, CPUDispatcher) and value.__module__ == module.__name__:
                found[f"{name}.{attr}"] = value
    return found


def _signatures(dispatcher: CPUDispatcher) -> set[str]:
    """The signatures compiled in this process and those in the function's cache index."""
    compiled = {str(sig) for sig in dispatcher.signatures}
    index = dispatcher._cache._cache_file._load_index()  # numba's cache: {(sig, ...): file}
    return compiled | {str(key[0]) for key in index}


def _play(rule_set: str) -> None:
    players = [{"name": bot} for bot in BOTS]
    setup = {"players": players, "track": "oval", "rule_set": rule_set, "laps": 1}
    RacerbileFastEngine(1).play_chunk(SimSpec("racerbile", setup, BOTS, 7, engine="fast"), [0])


def test_each_compiled_function_has_one_signature(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(datacache.ENV, str(tmp_path))  # the memo is built: its code runs too
    _play("racerbile")
    dispatchers = _dispatchers()
    several = {name: sigs for name, d in dispatchers.items() if len(sigs := _signatures(d)) > 1}
    assert not several
    separate = [n for n, d in dispatchers.items() if d.targetoptions.get("inline") != "always"]
    assert "kernel.play_batch" in separate and "movehelp.move_options" in separate
    assert [name for name in separate if not _signatures(dispatchers[name])] == []
