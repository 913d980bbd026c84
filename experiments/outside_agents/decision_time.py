"""Seconds per decision of each bot at the experiment's tables, and the
decisions a seat makes in a game (printed as JSON).

Positions: the first decision of each seat-0 turn reached after a fixed
number of random steps of game 0..2 of seed 1 (the tables of the
tournaments); ismcts is timed at each budget, trained on the same positions
through the reference engine's call (the compiled engine is faster still).
Decisions per seat: the mean over the seats of games 0..2 of seed 1 with
trained at every seat (what one game costs a searching seat follows).
"""

import json
import time

import numpy as np

from sim.envs import outside
from sim.envs.faces import face, rules_of
from sim.envs.table import Table
from sim.games import get_game

CONFIGS = [("luft", 2), ("luft", 4), ("landunter", 4)]
BUDGETS = {100: 1, 1000: 1, 10000: 1}  # budget: positions timed (10,000 at 2 players only)
STEPS = 25  # random steps before the timed position


def position(name, players, game):
    f = face(name)
    table = Table(f, rules_of(f, players), 1, game)
    rand = np.random.default_rng(game)
    for _ in range(STEPS):
        table.apply(table.legal()[rand.integers(len(table.legal()))])
    while len(table.legal()) < 2:  # a real choice
        table.apply(table.legal()[0])
    return f, table


def decisions_per_seat(name, players, trained) -> float:
    """Mean decision points (with a real choice or not) per seat and game."""
    f, counts = face(name), []
    for game in range(3):
        table = Table(f, rules_of(f, players), 1, game)
        while not table.over:
            table.apply(f.call_bot(trained.bot.fn, table.request, trained.params))
        counts.append(len(table.points) / players)
    return float(np.mean(counts))


def main():
    rows = []
    for name, players in CONFIGS:
        trained = get_game(name).registry.parse("trained", players)
        for budget, n in BUDGETS.items():
            if budget == 10000 and players > 2:
                continue
            spent = []
            for game in range(n):
                f, table = position(name, players, game)
                start = time.process_time()
                outside.search(table, table.request.seat, np.array([budget, 0, 2.0]))
                spent.append(time.process_time() - start)
            rows.append(
                {
                    "game": name,
                    "players": players,
                    "bot": f"ismcts:sims={budget}",
                    "positions": n,
                    "cpu_seconds_per_decision": float(np.mean(spent)),
                }
            )
        spent = []
        for game in range(3):
            f, table = position(name, players, game)
            f.call_bot(trained.bot.fn, table.request, trained.params)  # the first call compiles (or loads) the bot
            start = time.process_time()
            for _ in range(100):
                f.call_bot(trained.bot.fn, table.request, trained.params)
            spent.append((time.process_time() - start) / 100)
        rows.append(
            {
                "game": name,
                "players": players,
                "bot": "trained",
                "positions": 3,
                "cpu_seconds_per_decision": float(np.mean(spent)),
                "decisions_per_seat": decisions_per_seat(name, players, trained),
            }
        )
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
