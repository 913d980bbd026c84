"""The share of a ``simulate`` run spent outside the compiled kernel call, measured inside the same run.

    NUMBA_NUM_THREADS=1 .venv/bin/python benchmarks/outside_kernel.py luft threshold:t=2 --games 1000000
    NUMBA_NUM_THREADS=2 .venv/bin/python benchmarks/outside_kernel.py landunter high,low,mid,random --games 400000

`benchmarks/end_to_end.py` compares two separate runs, so on a loaded machine
their noise is larger than the few per cent it looks for. Here the kernel
call of each chunk (Luft `engine._play_batch`, Land unter `engine._kernel`)
is timed inside one `sim.api.simulate` run: what is left of the run's CPU
time (all threads) and wall time is the host's share (chunk set-up, combining
the chunk sums, Totals, the summary). On 2 threads the wall share is what the
end-to-end / kernel ratio loses: 0.95 or better needs at most ~5%.
Prints the medians of ``--repeat`` runs, each run's figure and the load average.
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

KERNEL = {"luft": "_play_batch", "landunter": "_kernel"}  # each engine's compiled batch kernel


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(KERNEL))
    ap.add_argument("bots", help="bot specs, as for simulate --bots")
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)

    import numba

    from sim import api

    engine = importlib.import_module(f"sim.games.{args.game}.engine")
    kernel = getattr(engine, KERNEL[args.game])
    spent = [0.0, 0.0]  # CPU, wall seconds inside the kernel calls

    def timed(*a):
        c0, w0 = time.process_time(), time.perf_counter()
        try:
            return kernel(*a)
        finally:
            spent[0] += time.process_time() - c0
            spent[1] += time.perf_counter() - w0

    setattr(engine, KERNEL[args.game], timed)
    api.simulate(args.game, None, args.bots, players=args.players, games=2000, progress=False)  # compile / load
    cpu, wall, rate = [], [], []
    load = os.getloadavg()[0]
    for rep in range(args.repeat):
        spent[:] = [0.0, 0.0]
        c0, w0 = time.process_time(), time.perf_counter()
        api.simulate(
            args.game,
            None,
            args.bots,
            players=args.players,
            games=args.games,
            seed=rep,
            threads=numba.get_num_threads(),
            cache=False,
            progress=False,
        )
        c, w = time.process_time() - c0, time.perf_counter() - w0
        cpu.append(1 - spent[0] / c)
        wall.append(1 - spent[1] / w)
        rate.append(args.games / c)
    print(
        f"{args.game}, {args.players} players, {args.bots}: {args.games:,} games, {numba.get_num_threads()} threads, "
        f"load average {load:.1f} -> {os.getloadavg()[0]:.1f}"
    )
    print(f"  outside the kernel call: CPU {statistics.median(cpu):.2%} {[f'{x:.2%}' for x in cpu]}")
    print(f"                           wall {statistics.median(wall):.2%} {[f'{x:.2%}' for x in wall]}")
    print(f"  end to end: {statistics.median(rate):,.0f} games per CPU-second")


if __name__ == "__main__":
    main()
