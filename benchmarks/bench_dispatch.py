"""Cost of the plug-in dispatch: a user bot (first-class function) against
the same rule hard-wired as a built-in (the integer switch, inlined).

    .venv/bin/python benchmarks/bench_dispatch.py [--games N] [--rounds R] [--t T]

`user-threshold` below is the built-in `threshold` function registered again
the way a user registers a bot: no `builtin_id`, so the kernel calls it as a
plug-in (`sim.nb.PLUGIN_TYPE`). Both variants play the
same games (common seeds) in the same compiled kernel on 1 thread and must
give identical results. Runs alternate between the variants (`--rounds`
rounds) and the best of each is kept, so a busy machine affects both alike.

Target: the plug-in dispatch at most 25% slower.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from sim.games.luft import engine  # noqa: E402,F401  (before the bots: import order)
from sim.games.luft.rules import Rules  # noqa: E402
from sim.registry import Param  # noqa: E402
from strategies.luft import LUFT_BOTS  # noqa: E402
from strategies.luft.registry import register  # noqa: E402
from strategies.luft.threshold import threshold  # noqa: E402

if "user-threshold" not in LUFT_BOTS.bots:
    register("user-threshold", params=[Param("t", 2, 1, 60, integer=True)])(threshold)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300_000, help="games per timed run")
    ap.add_argument("--rounds", type=int, default=9, help="alternating runs per variant")
    ap.add_argument("--t", type=int, default=2, help="the threshold parameter")
    args = ap.parse_args(argv)

    import numba

    numba.set_num_threads(1)
    rules = Rules(players=4)
    variants = {
        "hard-wired (built-in switch)": LUFT_BOTS.parse_seats(f"threshold:t={args.t}", 4),
        "plug-in (first-class function)": LUFT_BOTS.parse_seats(f"user-threshold:t={args.t}", 4),
    }
    first = {}
    for name, seats in variants.items():
        t0 = time.perf_counter()
        engine.play_batch(rules, seats, 0, 0, 64)
        first[name] = time.perf_counter() - t0
    check = [engine.play_batch(rules, seats, 7, 0, 5000) for seats in variants.values()]
    assert np.array_equal(check[0].seat, check[1].seat) and np.array_equal(check[0].dive, check[1].dive), (
        "the user copy of threshold must play exactly like the built-in"
    )

    wall = dict.fromkeys(variants, float("inf"))
    cpu = dict.fromkeys(variants, float("inf"))
    for _ in range(args.rounds):
        for name, seats in variants.items():
            w0, c0 = time.perf_counter(), time.process_time()
            engine.play_batch(rules, seats, 1, 0, args.games)
            wall[name] = min(wall[name], time.perf_counter() - w0)
            cpu[name] = min(cpu[name], time.process_time() - c0)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Geteilte Luft, 4 players, threshold t={args.t}, 1 thread, {args.games:,} games "
        f"per run, best of {args.rounds}; load average {load:.2f}"
    )
    print(f"{'dispatch':<32}{'games/s':>12}{'games/s cpu':>14}{'first call s':>14}")
    for name in variants:
        print(f"{name:<32}{args.games / wall[name]:>12,.0f}{args.games / cpu[name]:>14,.0f}{first[name]:>14.2f}")
    names = list(variants)
    slow_wall = wall[names[1]] / wall[names[0]] - 1
    slow_cpu = cpu[names[1]] / cpu[names[0]] - 1
    print(f"plug-in slowdown: {100 * slow_wall:+.1f}% (wall), {100 * slow_cpu:+.1f}% (cpu); target at most +25%")


if __name__ == "__main__":
    main()
