"""Latency of one hint at the play table: the win chance of every
legal choice from ``--rollouts`` rollout games each, 4 players, the table's
default bots at the other seats and as the hint bot, compile excluded (a
warm-up hint first); the best of --repeat runs, wall and process CPU time.

    .venv/bin/python benchmarks/bench_hint.py [--rollouts 200] [--repeat 3] [--games luft,landunter]

The position: seat 0's first decision with more than one choice in the
second dive (Geteilte Luft) or the second deal (Land unter) of a bots-only
game of seed 1, as if seat 0 were a person. The load average is printed:
other processes on a 2-core machine lower every figure.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PLAYERS = 4
SEED = 1
LATER = 1  # the dive / deal the position is taken from (0-based)


def position(game: str):
    """(rules, seats, history, seat, view, choices, hint bot) at the position described above."""
    import numpy as np
    from rich.console import Console

    from sim import api
    from sim.play import playlog, table

    spec, tab = api.get_game(game), table.table_of(game)
    names = [tab.default_bots] * PLAYERS
    start = table.start_line(game, {}, PLAYERS, SEED, names)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.jsonl"
        with playlog.Writer(path, [start]) as writer:
            table.play(start, writer, Console(file=io.StringIO()))
        decisions = playlog.read(path, game).decisions
    layout = importlib.import_module(api.GAMES[game] + ".layout")
    stage = layout.DIVE if game == "luft" else layout.S_DEAL  # where the view holds the dive / deal
    i = next(
        i
        for i, d in enumerate(decisions)
        if d["seat"] == 0 and d["view"][stage] == LATER and len(tab.choices(d["phase"], 0, np.array(d["view"]))) > 1
    )
    rec = decisions[i]
    view = np.array(rec["view"], dtype=np.int64)
    rules = api.make_rules(spec, {}, PLAYERS)
    seats = [table.human_seat()] + [spec.registry.parse(s) for s in names[1:]]
    history = [d["action"] for d in decisions[:i]]
    return tab, rules, seats, history, view, tab.choices(rec["phase"], 0, view), spec.registry.parse(names[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rollouts", type=int, default=200, help="rollout games per choice")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--games", default="luft,landunter")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; {PLAYERS} players, {args.rollouts} rollouts per choice")
    for game in args.games.split(","):
        tab, rules, seats, history, view, choices, bot = position(game)
        tab.rollouts(rules, seats, SEED, history, 0, view, choices, bot, 2)  # warm-up: compile or load the cache
        wall, cpu = [], []
        for _ in range(args.repeat):
            w0, c0 = time.perf_counter(), time.process_time()
            tab.rollouts(rules, seats, SEED, history, 0, view, choices, bot, args.rollouts)
            wall.append(time.perf_counter() - w0)
            cpu.append(time.process_time() - c0)
        print(
            f"{game}: hint bot {bot.spec}, {len(choices)} choices at decision {len(history) + 1}: "
            f"best {min(wall):.3f} s wall, {min(cpu):.3f} s CPU per hint"
        )


if __name__ == "__main__":
    main()
