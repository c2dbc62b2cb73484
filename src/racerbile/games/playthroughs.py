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
}
