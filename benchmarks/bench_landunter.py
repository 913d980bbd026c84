"""Throughput of the Land unter engines: compiled kernel (1 thread and all
threads) against the pure-Python reference, in full four-player games (four
deals each) per second. Compile time is excluded (one warm-up call first).

    .venv/bin/python benchmarks/bench_landunter.py [--games N] [--ref-games N]

Targets (issue 6): >= 150,000 games/s per thread with all `random`, 250,000
with the mix high,low,mid,random.
"""
from __future__ import annotations

import argparse
import time

import numba

from sim.games.landunter import engine, reference
from sim.games.landunter.rules import Rules
from strategies.landunter import LANDUNTER_BOTS

CASES = [("all random", "random"), ("mix", "high,low,mid,random")]


def _rate(fn, n_games: int, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return n_games / best


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400_000, help="games per compiled timing")
    ap.add_argument("--ref-games", type=int, default=300, help="games per reference timing")
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args(argv)
    rules = Rules(players=args.players)
    threads = numba.config.NUMBA_NUM_THREADS
    print(f"Land unter, {args.players} players, {args.games:,} games per compiled run, "
          f"{threads} threads available")
    print(f"{'bots':<24}{'engine':<22}{'games/s':>14}{'vs reference':>14}")
    for label, specs in CASES:
        seats = LANDUNTER_BOTS.parse_seats(specs, args.players)
        engine.play_batch(rules, seats, 0, 0, 1000)          # compile / load cache
        ref = _rate(lambda: [reference.play_game(rules, seats, 1, g)
                             for g in range(args.ref_games)], args.ref_games, repeat=1)
        rows = [("reference (Python)", ref)]
        for nt in (1, threads):
            numba.set_num_threads(nt)
            rate = _rate(lambda: engine.play_batch(rules, seats, 1, 0, args.games), args.games)
            rows.append((f"compiled, {nt} thread{'s' if nt > 1 else ''}", rate))
        numba.set_num_threads(threads)
        for name, rate in rows:
            print(f"{label + ' (' + specs + ')':<24.24}{name:<22}{rate:>14,.0f}{rate / ref:>13,.0f}x")


if __name__ == "__main__":
    main()
