"""The fast path remembers the bots' choices among a move-help memo entry's options
(``PolicyTables.choices``) and their shift phases (``PolicyTables.shifts``): the games
are the same whether a choice or a shift phase is made anew or read back, and every
bot but ``random`` reads them back."""

from __future__ import annotations

import json

from racerbile.games.racerbile.fast import engine as fast_engine
from racerbile.games.racerbile.fast.race import BOT_CODES
from racerbile.sim import SimSpec

BOTS = ("optimal", "greedy", "stalin", "cautious", "random")


def _spec() -> SimSpec:
    players = [{"name": f"{bot} {seat + 1}"} for seat, bot in enumerate(BOTS)]
    setup = {"players": players, "track": "kringlen", "rule_set": "racerbile", "laps": 2}
    return SimSpec("racerbile", setup, BOTS, 31, engine="fast")


def test_games_are_the_same_with_choices_made_anew_or_remembered() -> None:
    spec = _spec()
    engine = fast_engine.RacerbileFastEngine(threads=1)
    fast_engine._prepared.cache_clear()  # an empty table of choices
    fresh = engine.play_chunk(spec, range(8))
    engine.play_chunk(spec, range(8, 40))  # more choices remembered
    again = engine.play_chunk(spec, range(8))
    assert again == fresh
    prepared = fast_engine._prepared(json.dumps(spec.setup, sort_keys=True), BOTS)
    choices = prepared.policy.choices
    slots = {bot: slice(3 * code - 3, 3 * code) for bot, code in BOT_CODES.items()}
    slots["optimal"] = slice(9, None)
    remembered = {bot: int((choices[:, slots[bot]] != 0).sum()) for bot in BOTS[:-1]}
    assert all(count > 0 for count in remembered.values()), remembered
    shifts = prepared.policy.shifts
    shifted = {bot: int((shifts[BOT_CODES[bot] - 1] != 0).sum()) for bot in BOTS[:-1]}
    assert all(count > 0 for count in shifted.values()), shifted
