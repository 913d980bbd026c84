"""Start-up time of the `sim` command: wall and CPU seconds of `sim --help`,
`sim luft bots` and `sim luft simulate --games 1000`, each in a fresh
process, the best of --repeat runs (one run first warms numba's cache).

    .venv/bin/python benchmarks/bench_start.py [--repeat R]

Targets (on the idle 2-core machine): `--help` and `bots`
under 0.5 s, `simulate --games 1000` under 1.5 s. The load average is
printed: on a loaded machine the wall figures grow, the CPU ones less. So is
the VM's Python speed of the day (it drifts up to 1.6x between days): games
per CPU-second of the pure-Python reference engine, the README's reference
row (4 players, all `threshold:t=2`; 231 on the fast day, 146 on a slow one).
The commands run with Python's bytecode cache on, as on a user's machine:
where PYTHONDONTWRITEBYTECODE is set (this sandbox sets it), every module
changed since its last .pyc would be compiled again at each start.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIM = [sys.executable, "-m", "sim"]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
SIMULATE = ["luft", "simulate", "--games", "1000", "--bots", "threshold:t=2"]
COMMANDS = [["--help"], ["luft", "bots"], SIMULATE, SIMULATE + ["--json"]]


def timed(args: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of ``sim args`` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(SIM + args, check=True, capture_output=True, cwd=ROOT, env=ENV)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def python_speed(games: int = 60, repeat: int = 3) -> float:
    """Games per CPU-second of the reference engine (best of ``repeat`` runs of
    ``games`` games): how fast this VM runs Python today."""
    sys.path.insert(0, str(ROOT))
    from sim.games.luft import reference
    from sim.games.luft.rules import Rules
    from strategies.luft import LUFT_BOTS

    rules, seats = Rules(players=4), LUFT_BOTS.parse_seats("threshold:t=2", 4)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for g in range(games):
            reference.play_game(rules, seats, 1, g)
        best = min(best, time.process_time() - start)
    return games / best


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per command (best kept)")
    args = ap.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f}; best of {args.repeat} fresh processes")
    print(f"Python speed: the reference engine plays {python_speed():.0f} games per CPU-s (231 on the README's fast day)")
    print(f"{'command':<60}{'wall s':>8}{'CPU s':>8}")
    for cmd in COMMANDS:
        timed(cmd)  # warm numba's cache
        runs = [timed(cmd) for _ in range(args.repeat)]
        print(f"{'sim ' + ' '.join(cmd):<60}{min(r[0] for r in runs):>8.2f}{min(r[1] for r in runs):>8.2f}")


if __name__ == "__main__":
    main()
