"""Throughput on Dask: a LocalCluster of 1 and 2 workers against the in-process
runner (numba threads), on one configuration (Geteilte Luft, 4 players,
threshold:t=2 in every seat). Also checks that every mode gives identical totals.

    .venv/bin/python benchmarks/bench_dask.py [--games 2000000] [--chunk 100000]
        [--workers 1,2] [--scheduler ADDRESS]

games/s excludes starting the cluster and compiling/loading the kernels in
the workers (both reported separately): it is the steady-state rate of
`runner.run(..., executor=...)`, the best of --repeat runs.
"""

from __future__ import annotations

import argparse
import time

import numba

from sim.distributed import make_executor
from sim.games.luft import GAME
from sim.games.luft.rules import Rules
from sim.runner import DEFAULT_CHUNK, run
from strategies.luft import LUFT_BOTS


def timed_runs(rules, seats, args, executor=None):
    """(best games/s, compile seconds of the first run, totals)."""
    best, compile_s, totals = 0.0, None, None
    for _ in range(args.repeat):
        r = run(GAME, rules, seats, args.games, args.seed, chunk=args.chunk, progress=False, executor=executor)
        best = max(best, r.totals.games / r.seconds)
        compile_s = r.compile_seconds if compile_s is None else compile_s
        totals = r.totals
    return best, compile_s, totals


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2_000_000, help="games per timed run")
    ap.add_argument("--chunk", type=int, default=DEFAULT_CHUNK, help="games per chunk (Dask task)")
    ap.add_argument("--workers", default="1,2", help="LocalCluster sizes to time, comma-separated")
    ap.add_argument("--scheduler", default=None, help="also time an existing cluster at this address")
    ap.add_argument("--repeat", type=int, default=2, help="timed runs per mode (best is shown)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    rules = Rules(players=4)
    seats = LUFT_BOTS.parse_seats("threshold:t=2", 4)
    threads = numba.config.NUMBA_NUM_THREADS
    print(
        f"Geteilte Luft, 4 players, threshold:t=2; {args.games:,} games per run in chunks of "
        f"{args.chunk:,}; best of {args.repeat}"
    )
    print(f"{'mode':<34}{'games/s':>12}{'start s':>10}{'compile s':>11}{'identical':>11}")
    rate, compile_s, reference = timed_runs(rules, seats, args)
    print(f"{f'in-process, {threads} numba threads':<34}{rate:>12,.0f}{'-':>10}{compile_s:>11.1f}{'-':>11}", flush=True)
    sizes = [int(n) for n in args.workers.split(",") if n.strip()]
    modes = [(f"LocalCluster, {n} worker{'s' if n > 1 else ''}", None, n) for n in sizes]
    if args.scheduler:
        modes.append((f"scheduler {args.scheduler}", args.scheduler, None))
    for label, scheduler, workers in modes:
        t0 = time.perf_counter()
        with make_executor(scheduler, workers) as executor:
            start_s = time.perf_counter() - t0
            rate, compile_s, totals = timed_runs(rules, seats, args, executor)
        print(f"{label:<34}{rate:>12,.0f}{start_s:>10.1f}{compile_s:>11.1f}{str(totals.equals(reference)):>11}", flush=True)


if __name__ == "__main__":
    main()
