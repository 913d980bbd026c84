"""Games per second of the search bots, 4 players, every seat the same bot,
default rules, compile excluded (a warm-up batch first), on 1 thread and on
all threads; the best of --repeat runs.

    .venv/bin/python benchmarks/bench_bots.py [--games N] [--repeat R] [--bots planner,...]

--bots takes any spec (e.g. rollout:k=32:z=2), played in the game whose
registry knows its bot.

Targets (on the idle 2-core machine): planner >= 4,000,
rollout:k=32 >= 3,000, Land unter sampler:k=16 >= 600 games/s. The load
average is printed: other processes on a 2-core machine lower every figure;
"per CPU-s" divides by the process CPU time and is disturbed less.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.bench_luft import _best  # noqa: E402  (after the path set-up)

PLAYERS = 4
BOTS = [("luft", "planner"), ("luft", "rollout:k=32"), ("landunter", "sampler:k=16")]


def rate(game_name: str, spec: str, games: int, repeat: int, threads: int) -> tuple[float, float]:
    """Best games/s by wall clock and by process CPU time."""
    import numba

    from sim.games import get_game

    game = get_game(game_name)
    rules = game.rules_cls(players=PLAYERS)
    seats = game.registry.parse_seats(spec, PLAYERS)
    numba.set_num_threads(threads)
    game.play_batch(rules, seats, 0, 0, 8)  # compile or load the cache
    return _best(lambda: game.play_batch(rules, seats, 1, 0, games), games, repeat)


def game_of(spec: str) -> str:
    """The game of a spec: the listed one, else the first whose registry knows the bot."""
    from sim.games import get_game

    for game_name, listed in BOTS:
        if listed == spec:
            return game_name
    name = spec.partition(":")[0]
    for game_name in ("luft", "landunter"):
        if name in get_game(game_name).registry.names():
            return game_name
    raise SystemExit(f"error: no game has a bot {name!r}; see sim luft bots / sim landunter bots")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per run")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure (best kept)")
    ap.add_argument("--bots", default=None, help="only these specs (comma-separated), e.g. planner")
    args = ap.parse_args(argv)
    import numba

    threads = numba.config.NUMBA_NUM_THREADS
    runs = BOTS if args.bots is None else [(game_of(spec), spec) for spec in args.bots.split(",")]
    print(
        f"{PLAYERS} players, every seat the same bot, {args.games:,} games per run, best of {args.repeat}; "
        f"{threads} threads available, load average {os.getloadavg()[0]:.2f}"
    )
    print(f"{'game':<11}{'bot':<20}{'threads':>8}{'games/s':>12}{'per CPU-s':>12}")
    for game_name, spec in runs:
        for nt in sorted({1, threads}):
            wall, cpu = rate(game_name, spec, args.games, args.repeat, nt)
            print(f"{game_name:<11}{spec:<20}{nt:>8}{wall:>12,.0f}{cpu:>12,.0f}")


if __name__ == "__main__":
    main()
