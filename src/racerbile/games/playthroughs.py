"""The golden playthroughs: one seeded game per game and rule set (name -> game, setup, seed)."""

from __future__ import annotations

from typing import Any

PLAYTHROUGHS: dict[str, tuple[str, dict[str, Any], int]] = {
    "racerbile-babybile": (
        "racerbile",
        {"players": [{"name": "Anna"}, {"name": "Bo"}, {"name": "Cille"}], "laps": 1},
        1,
    ),
    "racerbile-racerbile": (
        "racerbile",
        {
            "players": [{"name": "Anna"}, {"name": "Bo", "drink": "light"}],
            "rule_set": "racerbile",
            "laps": 1,
        },
        2,
    ),
    "vectrace-sprint": ("vectrace", {"players": [{"name": "Anna"}, {"name": "Bo"}]}, 3),
    "ludol-ludol": ("ludol", {"players": [{"name": "Anna", "colours": 2}, {"name": "Bo"}]}, 4),
    "ludol-norsk": (
        "ludol",
        {"players": [{"name": "Anna"}, {"name": "Bo"}], "profile": "norsk"},
        5,
    ),
}
