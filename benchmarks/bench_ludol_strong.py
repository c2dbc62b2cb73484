"""Ludøl bot strength: one bot against three others, the bot in every seat in turn.

Plays ``--games`` seeded Ludøl games through the simulator (a quarter with the tested
bot in each seat) and prints JSON: its win rate with the 95 % Wilson interval, the
mean place, and the slowest single decision it took (the bot budget is 5 s).

    python benchmarks/bench_ludol_strong.py [--bot strong] [--against aggressive]
        [--games 200] [--workers 2] [--profile ludol] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from racerbile.games import get_game
from racerbile.sim import SimSpec, run, wilson_interval

SEATS = 4


def slowest_decision(bot_name: str, profile: str, seed: int) -> float:
    """Returns the longest time ``bot_name`` takes for one decision over one game
    against three aggressive bots (a small sample of the budget)."""
    import numpy as np

    from racerbile.engine import DiceStream
    from racerbile.engine.contract import CHANCE

    game = get_game("ludol")
    players = [{"name": f"seat {k + 1}"} for k in range(SEATS)]
    state = game.start(game.Setup.model_validate({"players": players, "profile": profile}))
    dice, bot, other = DiceStream(seed), game.bots[bot_name], game.bots["aggressive"]
    rng = np.random.default_rng(seed)
    worst = 0.0
    while game.to_act(state) is not None:
        actor = game.to_act(state)
        if actor is CHANCE:
            action = dice.choose(game.chance_outcomes(state))
        elif actor == 0:
            begin = time.perf_counter()
            action = bot(state, rng)
            worst = max(worst, time.perf_counter() - begin)
        else:
            action = other(state, rng)
        state = game.apply(state, action).state
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--against", default="aggressive")
    parser.add_argument("--games", type=int, default=200, help="a multiple of 4")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--profile", default="ludol", choices=("ludol", "norsk"))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = [{"name": f"seat {k + 1}"} for k in range(SEATS)]
    wins, places, begin = 0.0, 0, time.perf_counter()
    per_seat = args.games // SEATS
    for seat in range(SEATS):
        players = tuple(args.bot if k == seat else args.against for k in range(SEATS))
        setup = {"players": names, "profile": args.profile}
        spec = SimSpec("ludol", setup, players, args.seed * SEATS + seat)
        for game in run(spec, per_seat, workers=args.workers):
            places += game.seats[seat].place
            wins += 1 / len(game.winners) if game.seats[seat].place == 1 else 0.0
    n = per_seat * SEATS
    low, high = wilson_interval(wins, n)
    report: dict[str, Any] = {
        "bot": args.bot,
        "against": f"3 x {args.against}",
        "profile": args.profile,
        "games": n,
        "win_rate": round(wins / n, 4),
        "win_95": [round(low, 4), round(high, 4)],
        "mean_place": round(places / n, 3),
        "seconds": round(time.perf_counter() - begin, 1),
        "slowest_decision_s": round(slowest_decision(args.bot, args.profile, args.seed), 3),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
