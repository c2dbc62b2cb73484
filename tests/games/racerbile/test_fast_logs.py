"""A race whose location logs (RB-DICE-7 exits, RB-TURN-6 overtakes) outgrow their
room is played again with more, and the chunk's outcomes are the same as with room
enough from the start."""

from __future__ import annotations

import dataclasses
import json

import pytest

from racerbile.engine.outcome import SimulationError
from racerbile.games.racerbile.fast import engine as fast_engine
from racerbile.sim import SimSpec

BOTS = ("optimal", "greedy", "stalin", "random")


def _spec() -> SimSpec:
    players = [{"name": f"{bot} {seat + 1}"} for seat, bot in enumerate(BOTS)]
    setup = {"players": players, "track": "lemans", "rule_set": "racerbile", "laps": 2}
    return SimSpec("racerbile", setup, BOTS, 5, engine="fast")


def test_rb_dice_7_rb_turn_6_games_out_of_log_room_are_played_again_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec, engine = _spec(), fast_engine.RacerbileFastEngine(threads=1)
    roomy = engine.play_chunk(spec, range(24))
    logged = [len(g.locations["off_track"]) + len(g.locations["overtake"]) for g in roomy]
    room = sorted(logged)[len(logged) // 2]  # half the games outgrow it, half do not
    monkeypatch.setattr(fast_engine, "_initial_log", lambda prepared, n: room)
    rounds: list[int] = []
    play = fast_engine._play

    def counted(*args: object) -> object:
        rounds.append(len(args[2]))  # type: ignore[arg-type]
        return play(*args)

    monkeypatch.setattr(fast_engine, "_play", counted)
    assert engine.play_chunk(spec, range(24)) == roomy
    assert len(rounds) >= 2 and rounds[0] == 24 and 0 < rounds[1] < 24


def test_a_race_past_its_action_budget_stops_with_an_error_naming_the_game() -> None:
    spec = _spec()
    prepared = fast_engine._prepared(json.dumps(spec.setup, sort_keys=True), spec.players)
    actions = fast_engine.play_games(prepared, spec, [3])[0].actions
    budget = actions // 2  # the kernel checks it once a turn
    cramped = dataclasses.replace(prepared, rules=prepared.rules._replace(max_actions=budget))
    with pytest.raises(SimulationError, match=r"game 3 \(dice seed \d+\) did not end in"):
        fast_engine.play_games(cramped, spec, [3])
    assert fast_engine.play_games(prepared, spec, [3])[0].actions == actions
