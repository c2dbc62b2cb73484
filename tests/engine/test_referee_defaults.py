"""The referee's options and buttons of a game that declares neither (made once per game)."""

from __future__ import annotations

from typing import Any

from dice_race import Die, Pass

from racerbile.engine.referee import HOST_OR_JUDGE, RefereeAction, referee_buttons, referee_options


class Undeclared:
    """A game that leaves its referee's options and buttons to the defaults."""

    referee_action_types = (Pass, Die)

    def referee_options(self, state: Any) -> list[RefereeAction] | None:
        return None

    def referee_actions(self, state: Any) -> None:
        return None


class Declared(Undeclared):
    """The same action kinds, with the game's own options for the state."""

    def referee_options(self, state: Any) -> list[RefereeAction]:
        return [RefereeAction(Die, {"value": state}, frozenset({"host"}))]


def test_any_referee_action_from_the_host_or_a_judge_and_a_button_per_whole_action() -> None:
    game: Any = Undeclared()
    options = referee_options(game, None)
    assert [(o.type, dict(o.fixed), o.senders) for o in options] == [
        (Pass, {}, HOST_OR_JUDGE),
        (Die, {}, HOST_OR_JUDGE),
    ]
    assert referee_buttons(game, None) == [Pass()]  # a die needs its value


def test_the_remembered_defaults_are_each_callers_own_list() -> None:
    game: Any = Undeclared()
    referee_options(game, None).clear()
    referee_buttons(game, None).append(Die(0))
    assert len(referee_options(game, None)) == 2
    assert referee_buttons(game, None) == [Pass()]


def test_a_games_own_options_for_the_state_are_not_the_remembered_ones() -> None:
    game: Any = Declared()
    assert referee_buttons(game, 1) == [Die(1)]
    assert referee_buttons(game, 2) == [Die(2)]
    undeclared: Any = Undeclared()
    assert referee_buttons(undeclared, 2) == [Pass()]
