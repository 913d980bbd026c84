"""Throughput of the Land unter engines: the compiled kernel on 1 thread and
on all threads against the pure-Python reference, in full games per second
(four players: four deals each). Compile time is excluded (a warm-up call
first); every figure is the best of --repeat runs, each in the runner's
chunks (`end_to_end.play_in_chunks`), as `simulate` plays them.

    .venv/bin/python benchmarks/bench_landunter.py [--games N] [--ref-games N] [--repeat R]
                                                   [--e2e-games N] [--e2e-repeat R]

Columns: ``games/s`` is wall-clock; ``per CPU-s`` divides by the CPU time the
process used, so it is what one fully available core delivers even when other
processes share the machine. Targets, per thread: >= 150,000 games/s
with all `random`, >= 250,000 with the mix high,low,mid,random.

Then, for the mix, the kernel against `sim landunter simulate --json` end to
end on 1 and 2 threads, alternately (benchmarks/end_to_end.py): medians, the
end-to-end / kernel ratio and the 1 -> 2 thread scaling. Targets:
end to end >= 95% of the kernel, scaling >= 1.9x, ~900k games/s on 2 idle
threads, >= 470k on one.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numba

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.end_to_end import compare, play_in_chunks  # noqa: E402  (after the path fix-up)
from sim.games.landunter import engine, reference  # noqa: E402
from sim.games.landunter.rules import Rules  # noqa: E402
from strategies.landunter import LANDUNTER_BOTS  # noqa: E402

CASES = [("all random", "random"), ("mix", "high,low,mid,random")]


def _best(fn, repeat: int) -> tuple[float, float]:
    """Best wall-clock and best CPU seconds of ``repeat`` calls."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall = min(wall, time.perf_counter() - w0)
        cpu = min(cpu, time.process_time() - c0)
    return wall, cpu


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000, help="games per compiled run")
    ap.add_argument("--ref-games", type=int, default=300, help="games per reference run")
    ap.add_argument("--repeat", type=int, default=7, help="runs per figure (best is shown)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument(
        "--e2e-games", type=int, default=1_000_000, help="games per run of the kernel / end-to-end comparison (0: skip it)"
    )
    ap.add_argument("--e2e-repeat", type=int, default=5, help="repetitions of that comparison")
    args = ap.parse_args(argv)
    rules = Rules(players=args.players)
    threads = numba.config.NUMBA_NUM_THREADS
    print(
        f"Land unter, {args.players} players, {args.games:,} games per compiled run, "
        f"best of {args.repeat}, {threads} threads available"
    )
    print(f"{'bots':<30}{'engine':<22}{'games/s':>12}{'per CPU-s':>12}{'vs reference':>14}")
    for label, specs in CASES:
        seats = LANDUNTER_BOTS.parse_seats(specs, args.players)
        engine.play_batch(rules, seats, 0, 0, 1000)  # compile / load the cache
        wall, cpu = _best(lambda: [reference.play_game(rules, seats, 1, g) for g in range(args.ref_games)], 1)
        ref = args.ref_games / wall
        rows = [("reference (Python)", ref, args.ref_games / cpu)]
        for nt in sorted({1, threads}):
            numba.set_num_threads(nt)
            wall, cpu = _best(lambda: play_in_chunks(engine.play_batch, rules, seats, 1, args.games), args.repeat)
            rows.append((f"compiled, {nt} thread{'s' if nt > 1 else ''}", args.games / wall, args.games / cpu))
        numba.set_num_threads(threads)
        name = f"{label} ({specs})"
        for eng, rate, per_cpu in rows:
            print(f"{name:<30}{eng:<22}{rate:>12,.0f}{per_cpu:>12,.0f}{rate / ref:>13,.0f}x")
    if args.e2e_games:
        print()
        compare("landunter", CASES[1][1], args.e2e_games, args.e2e_repeat, args.players)


if __name__ == "__main__":
    main()
