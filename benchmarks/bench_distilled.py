"""Games per second of `distilled` beside the bot it stands in for, 4-player
self-play (every seat the same bot), default rules, compile excluded, in one
run: Geteilte Luft distilled vs trained, Land unter distilled vs sampler:k=64.
The best of --repeat runs, by wall clock and per CPU-second (less disturbed
by other processes on a shared machine), and the ratio of each.

    .venv/bin/python benchmarks/bench_distilled.py [--games N] [--repeat R] [--threads T] [--json]

Target: distilled at least 20x the other bot's games per second. The slow
bot plays --games / 20 games per run (its rate is per game either way), so
both runs take about as long. --json prints the figures as one object.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.bench_bots import rate  # noqa: E402  (after the path set-up)

PLAYERS = 4
PAIRS = [("luft", "distilled", "trained"), ("landunter", "distilled", "sampler:k=64")]
SLOW_SHARE = 20  # the slow bot plays this many times fewer games


def measure(games: int, repeat: int, threads: int) -> list[dict]:
    rows = []
    for game_name, fast, slow in PAIRS:
        fast_wall, fast_cpu = rate(game_name, fast, games, repeat, threads)
        slow_wall, slow_cpu = rate(game_name, slow, max(1, games // SLOW_SHARE), repeat, threads)
        rows.append(
            {
                "game": game_name,
                "distilled": fast,
                "against": slow,
                "games_per_second": {"distilled": fast_wall, "against": slow_wall},
                "games_per_cpu_second": {"distilled": fast_cpu, "against": slow_cpu},
                "ratio": fast_wall / slow_wall,
                "ratio_cpu": fast_cpu / slow_cpu,
            }
        )
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20_000, help="games per run of distilled")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure (best kept)")
    ap.add_argument("--threads", type=int, default=None, help="numba threads (default: all)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    import numba

    threads = args.threads or numba.config.NUMBA_NUM_THREADS
    rows = measure(args.games, args.repeat, threads)
    meta = {"players": PLAYERS, "games": args.games, "repeat": args.repeat, "threads": threads, "load_average": os.getloadavg()}
    if args.json:
        print(json.dumps({**meta, "rows": rows}, indent=1))
        return
    print(
        f"{PLAYERS} players, self-play, distilled {args.games:,} games per run, the other bot 1/{SLOW_SHARE} of that, "
        f"best of {args.repeat}; {threads} threads, load average {os.getloadavg()[0]:.2f}"
    )
    print(f"{'game':<11}{'bot':<16}{'games/s':>12}{'per CPU-s':>12}{'ratio':>9}{'ratio CPU':>11}")
    for r in rows:
        for key, spec in (("distilled", r["distilled"]), ("against", r["against"])):
            ratio = f"{r['ratio']:>9.1f}{r['ratio_cpu']:>11.1f}" if key == "distilled" else ""
            print(f"{r['game']:<11}{spec:<16}{r['games_per_second'][key]:>12,.0f}{r['games_per_cpu_second'][key]:>12,.0f}{ratio}")


if __name__ == "__main__":
    main()
