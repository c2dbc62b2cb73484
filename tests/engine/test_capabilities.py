"""Declared capabilities: the registry's manifests, bot rosters, and their defaults."""

from __future__ import annotations

import pytest

from racerbile.engine.capabilities import BotRoster, GameCapabilities, fraction_text
from racerbile.games import UnknownGame, available_games, get_game, manifest


def test_unknown_game_lists_the_registered_ids() -> None:
    with pytest.raises(UnknownGame, match="unknown game 'nosuch'; available: racerbile, vectrace"):
        manifest("nosuch")


@pytest.mark.parametrize("game_id", available_games())
def test_manifest_describes_the_game_it_loads(game_id: str) -> None:
    found = manifest(game_id)
    game = get_game(game_id)
    assert found.info == game.info and found.load() is game
    assert found.tracks is not None and found.tracks() is game.tracks
    assert set(game.bots) and all(game.bots.description(name) for name in game.bots)
    assert game.stats is not None and game.stats.columns


def test_bot_roster_needs_a_description_for_every_bot() -> None:
    def bot(state: object, rng: object) -> object:
        return None

    with pytest.raises(ValueError, match="differ in: b"):
        BotRoster({"a": bot, "b": bot}, {"a": "first"})  # type: ignore[dict-item]
    roster = BotRoster({"a": bot}, {"a": "first"})  # type: ignore[dict-item]
    assert (list(roster), roster["a"] is bot, roster.description("a")) == (["a"], True, "first")


def test_a_game_without_capabilities_declares_none() -> None:
    bare = GameCapabilities()
    assert (bare.tracks, dict(bare.bots), bare.odds, bare.stats, bare.fast) == (
        None, {}, None, None, None
    )  # fmt: skip
    assert bare.judges(object()) == [] and bare.ledger(object()) is None
    assert (bare.drinks, dict(bare.playthroughs), tuple(bare.referee_action_types)) == ((), {}, ())


def test_fraction_text_writes_exact_figures() -> None:
    from fractions import Fraction

    assert fraction_text({"p": Fraction(5, 32), "d": {1: Fraction(1, 4)}, "n": 3}) == {
        "p": "5/32", "d": {"1": "1/4"}, "n": 3
    }  # fmt: skip
