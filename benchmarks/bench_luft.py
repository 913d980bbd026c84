"""Throughput of the Geteilte Luft engines: 4 players, all `threshold:t=2`,
default rules, in full games (three dives each) per second.

    .venv/bin/python benchmarks/bench_luft.py [--games N] [--ref-games N] [--repeat R] [--cold]
                                              [--e2e-games N] [--e2e-repeat R]

Rows: the pure-Python reference engine (a few hundred games), the compiled
kernel on 1 thread (numba.set_num_threads(1)) and on all threads, each with
its ratio to the reference; the kernel plays the runner's chunks
(`end_to_end.play_in_chunks`), as `simulate` does. Compiled timings exclude compilation: the first
call (compile, or load from numba's cache) is timed and printed on its own;
`--cold` measures a compile from scratch instead, in a subprocess with an
empty cache directory. Each compiled figure is the best of `--repeat` runs;
the machine's load average is printed, since other processes on a 2-core
machine lower every figure. "cpu" columns divide by the process CPU time
(all threads), a figure that other processes disturb less.

Then the kernel against `sim luft simulate --json` end to end, on 1 and 2
threads, alternately (benchmarks/end_to_end.py): medians, the end-to-end /
kernel ratio and the 1 -> 2 thread scaling.

Targets: >= 500,000 games/s per thread and >= 300x the
reference per thread; end to end >= 95% of the kernel, scaling
>= 1.9x, ~1.9M games/s on 2 idle threads, >= 750k on one.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.end_to_end import compare, play_in_chunks  # noqa: E402  (after the path fix-up)

SPEC = "threshold:t=2"
PLAYERS = 4


def _setup():
    from sim.games.luft import engine  # noqa: F401  (imports the bots too)
    from sim.games.luft.rules import Rules
    from strategies.luft import LUFT_BOTS

    return Rules(players=PLAYERS), LUFT_BOTS.parse_seats(SPEC, PLAYERS)


def first_call_seconds() -> float:
    """Seconds of the first kernel call of this process (compile or cache load)."""
    from sim.games.luft import engine

    rules, seats = _setup()
    t0 = time.perf_counter()
    engine.play_batch(rules, seats, 0, 0, 64)
    return time.perf_counter() - t0


def cold_compile_seconds() -> float:
    """Compile from scratch: a fresh process with an empty numba cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        code = (
            f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
            "from benchmarks.bench_luft import first_call_seconds; "
            "print(first_call_seconds())"
        )
        out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return float(out.split()[-1])


def _best(fn, n_games: int, repeat: int) -> tuple[float, float]:
    """Best games/s over `repeat` runs: by wall clock and by process CPU time."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall = min(wall, time.perf_counter() - w0)
        cpu = min(cpu, time.process_time() - c0)
    return n_games / wall, n_games / cpu


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000_000, help="games per compiled run")
    ap.add_argument("--ref-games", type=int, default=300, help="games of the reference run")
    ap.add_argument("--repeat", type=int, default=5, help="compiled runs per figure (best kept)")
    ap.add_argument(
        "--e2e-games", type=int, default=2_000_000, help="games per run of the kernel / end-to-end comparison (0: skip it)"
    )
    ap.add_argument("--e2e-repeat", type=int, default=5, help="repetitions of that comparison")
    ap.add_argument("--cold", action="store_true", help="also time a compile from scratch (fresh process, empty cache)")
    args = ap.parse_args(argv)

    import numba

    from sim.games.luft import engine, reference

    threads = numba.config.NUMBA_NUM_THREADS
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Geteilte Luft, {PLAYERS} players, all {SPEC}, default rules; {threads} threads available, load average {load:.2f}")
    first = first_call_seconds()
    print(f"first kernel call (compile or cache load): {first:.2f} s")
    if args.cold:
        print(f"compile from scratch (empty cache):        {cold_compile_seconds():.2f} s")
    rules, seats = _setup()

    t0 = time.perf_counter()
    for g in range(args.ref_games):
        reference.play_game(rules, seats, 1, g)
    ref = args.ref_games / (time.perf_counter() - t0)

    rows = [("reference (Python)", ref, None)]
    for nt in sorted({1, threads}):
        numba.set_num_threads(nt)
        wall, cpu = _best(lambda: play_in_chunks(engine.play_batch, rules, seats, 1, args.games), args.games, args.repeat)
        rows.append((f"compiled, {nt} thread{'s' if nt > 1 else ''}", wall, cpu))
    numba.set_num_threads(threads)

    print(f"{'engine':<22}{'games/s':>14}{'vs reference':>14}{'games/s cpu':>14}")
    for name, rate, cpu in rows:
        cpu_col = f"{cpu:>14,.0f}" if cpu is not None else f"{'':>14}"
        print(f"{name:<22}{rate:>14,.0f}{rate / ref:>13,.0f}x{cpu_col}")
    per_thread = rows[1][1]
    print(f"per thread: {per_thread:,.0f} games/s (target 500,000), {per_thread / ref:,.0f}x the reference (target 300x)")
    if args.e2e_games:
        print()
        compare("luft", SPEC, args.e2e_games, args.e2e_repeat, PLAYERS)


if __name__ == "__main__":
    main()
