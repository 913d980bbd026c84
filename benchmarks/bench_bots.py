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

    .venv/bin/python benchmarks/bench_bots.py --paths [--games N] [--rounds R] [--bots threshold:t=2,planner]

``--paths`` measures what bounds checking of users' bots costs and that
built-in bots keep their speed: each bot played three ways in one process,
the three runs alternating round after round (this VM's speed wanders by
10-20% over minutes): ``built-in`` (the bot as shipped, in the cached kernel,
no bounds checks), ``plug-in`` (the same function as a user's bot: its
compiled plug-in, bounds-checked, as every bot from a ``--bot-file`` runs)
and ``plug-in unchecked`` (that plug-in without bounds checks: how users'
bots ran before bounds checking). Prints the median games/s of each and the
ratios; 1 thread.
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


def as_plugin(game_name: str, spec: str, checked: bool):
    """The seats of ``spec`` with its bot as a user's bot (a fresh @njit of the
    same Python function, no built-in id): the engine runs it through its
    compiled plug-in, bounds-checked; ``checked=False`` compiles that plug-in
    without bounds checks first (the engine then takes it from its table)."""
    import importlib
    from dataclasses import replace

    from numba import njit

    from sim.games import get_game
    from sim.provenance import plugin_salt
    from sim.registry import Seat

    game = get_game(game_name)
    seats = game.registry.parse_seats(spec, PLAYERS)
    builtin = seats[0].bot
    label = "checked" if checked else "unchecked"
    bot = replace(builtin, name=f"bench-{label}-{builtin.name}", fn=njit(builtin.fn.py_func), builtin_id=-1)
    if not checked:
        engine = importlib.import_module(game.play_batch.__module__)
        owner = f"{game_name}_{bot.name}"
        engine._PLUGINS[bot.fn] = engine._plugin(bot.fn, plugin_salt(game_name, bot), owner, checked=False)
    return [Seat(s.spec, bot, s.params) for s in seats]


def paths(game_name: str, spec: str, games: int, rounds: int) -> dict[str, list[float]]:
    """Games/s (wall) of each path, ``rounds`` alternating rounds, and the games
    per run (``games``, doubled until a built-in run takes half a second)."""
    import time

    import numba

    from sim.games import get_game

    game = get_game(game_name)
    rules = game.rules_cls(players=PLAYERS)
    numba.set_num_threads(1)
    arms = {
        "built-in": game.registry.parse_seats(spec, PLAYERS),
        "plug-in": as_plugin(game_name, spec, checked=True),
        "plug-in unchecked": as_plugin(game_name, spec, checked=False),
    }
    for seats in arms.values():
        game.play_batch(rules, seats, 0, 0, 8)  # compile or load the cache
    while True:  # at least half a second per run: a shorter one is mostly noise
        start = time.perf_counter()
        game.play_batch(rules, arms["built-in"], 1, 0, games)
        if time.perf_counter() - start >= 0.5:
            break
        games *= 2
    rates: dict[str, list[float]] = {name: [] for name in arms}
    for r in range(rounds):
        order = list(arms) if r % 2 == 0 else list(arms)[::-1]  # no arm always first
        for name in order:
            start = time.perf_counter()
            game.play_batch(rules, arms[name], 1, 0, games)
            rates[name].append(games / (time.perf_counter() - start))
    return rates, games


def print_paths(runs, games: int, rounds: int) -> None:
    import statistics

    print(
        f"{PLAYERS} players, every seat the same bot, 1 thread, {rounds} alternating rounds "
        f"(games per run: at least {games:,}, doubled until a run takes 0.5 s); "
        f"load average {os.getloadavg()[0]:.2f} before"
    )
    print(f"{'game':<11}{'bot':<16}{'path':<20}{'games/s (median)':>18}{'min':>10}{'max':>10}{'vs built-in':>13}")
    for game_name, spec in runs:
        rates, n = paths(game_name, spec, games, rounds)
        base = statistics.median(rates["built-in"])
        for name, values in rates.items():
            med = statistics.median(values)
            print(
                f"{game_name:<11}{spec:<16}{name:<20}{med:>18,.0f}{min(values):>10,.0f}{max(values):>10,.0f}{med / base:>13.3f}"
            )
        checked, unchecked = (statistics.median(rates[k]) for k in ("plug-in", "plug-in unchecked"))
        print(f"{'':<27}{n:,} games per run; bounds checks: plug-in / plug-in unchecked = {checked / unchecked:.3f}")
    print(f"load average {os.getloadavg()[0]:.2f} after")


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
    ap.add_argument("--paths", action="store_true", help="built-in vs plug-in vs unchecked plug-in, alternating")
    ap.add_argument("--rounds", type=int, default=7, help="with --paths: alternating rounds")
    args = ap.parse_args(argv)
    import numba

    if args.paths:
        specs = (args.bots or "threshold:t=2,planner").split(",")
        print_paths([(game_of(spec), spec) for spec in specs], args.games, args.rounds)
        return

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
