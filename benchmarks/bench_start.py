"""Start-up time of the `sim` command: wall and CPU seconds of `sim --help`,
`sim luft bots` and `sim luft simulate --games 1000`, each in a fresh
process, the best of --repeat runs (one run first warms numba's cache).

    .venv/bin/python benchmarks/bench_start.py [--repeat R]

Targets (issue 14, item 4, on the idle 2-core machine): `--help` and `bots`
under 0.5 s, `simulate --games 1000` under 1.5 s. The load average is
printed: on a loaded machine the wall figures grow, the CPU ones less.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

SIM = [sys.executable, "-m", "sim"]
COMMANDS = [["--help"], ["luft", "bots"], ["luft", "simulate", "--games", "1000", "--bots", "threshold:t=2"]]


def timed(args: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of ``sim args`` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(SIM + args, check=True, capture_output=True, cwd=Path(__file__).resolve().parents[1])
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per command (best kept)")
    args = ap.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f}; best of {args.repeat} fresh processes")
    print(f"{'command':<52}{'wall s':>8}{'CPU s':>8}")
    for cmd in COMMANDS:
        timed(cmd)  # warm numba's cache
        runs = [timed(cmd) for _ in range(args.repeat)]
        print(f"{'sim ' + ' '.join(cmd):<52}{min(r[0] for r in runs):>8.2f}{min(r[1] for r in runs):>8.2f}")


if __name__ == "__main__":
    main()
