"""Memory stays flat however many games a run plays: one `runner.run` call over
N games of one configuration (Geteilte Luft, 4 players, threshold:t=2 in every
seat), with games/s and resident memory reported at evenly spaced points.

    .venv/bin/python benchmarks/bench_memory.py [--games 100000000] [--chunk 100000]
        [--points 10] [--workers N | --scheduler ADDRESS]

RSS is the process's resident set now (/proc/self/statm); peak RSS is its high
water mark (resource.getrusage ru_maxrss). Both stay flat after the first
chunks: the runner folds each chunk into fixed-size sums and histograms and
keeps no per-game data. Compile time is excluded from games/s. With --workers
or --scheduler the chunks run on Dask and the figures are the client's.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import sys
import time

from sim.distributed import make_executor
from sim.games.luft import GAME
from sim.games.luft.rules import Rules
from sim.runner import DEFAULT_CHUNK, run
from strategies.luft import LUFT_BOTS

MB = 1024 * 1024


def rss_mb() -> float:
    """Resident set size of this process now, in MiB."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / MB
    except OSError:
        import psutil

        return psutil.Process().memory_info().rss / MB


def peak_rss_mb() -> float:
    """High-water mark of the resident set of this process, in MiB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / MB if sys.platform == "darwin" else peak / 1024  # bytes on macOS, KiB on Linux


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000_000, help="games in the run")
    ap.add_argument("--chunk", type=int, default=DEFAULT_CHUNK, help="games per chunk")
    ap.add_argument("--points", type=int, default=10, help="how many times to report")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=None, help="run on a LocalCluster of N workers")
    ap.add_argument("--scheduler", default=None, help="run on the Dask scheduler at this address")
    args = ap.parse_args(argv)

    rules = Rules(players=4)
    seats = LUFT_BOTS.parse_seats("threshold:t=2", 4)
    step = max(args.games // max(args.points, 1), 1)
    marks = {"next": step, "start": None, "last_t": None, "last_games": 0}
    played = [0]
    rows = []

    def report(done: int):
        now = time.perf_counter()
        rate_all = done / max(now - marks["start"], 1e-9)
        rate_now = (done - marks["last_games"]) / max(now - marks["last_t"], 1e-9)
        marks["last_t"], marks["last_games"] = now, done
        rows.append((done, rss_mb(), peak_rss_mb()))
        print(
            f"{done:>14,} {now - marks['start']:>10.1f} {rate_now:>14,.0f} {rate_all:>14,.0f} "
            f"{rows[-1][1]:>10.1f} {rows[-1][2]:>10.1f}",
            flush=True,
        )

    def play_batch(rules_, seats_, seed, first_game, n_games):
        """The game's kernel, plus a report whenever the run passes a mark."""
        warm = n_games == 1 and seed == 0 and first_game == 0
        if not warm and marks["start"] is None:
            marks["start"] = marks["last_t"] = time.perf_counter()
        batch = GAME.play_batch(rules_, seats_, seed, first_game, n_games)
        if not warm:
            played[0] += n_games
            if played[0] >= marks["next"]:
                report(played[0])
                while marks["next"] <= played[0]:
                    marks["next"] += step
        return batch

    executor = make_executor(args.scheduler, args.workers)
    where = repr(executor) if executor else f"in-process, {os.environ.get('NUMBA_NUM_THREADS', 'all')} numba threads"
    print(f"Geteilte Luft, 4 players, threshold:t=2; {args.games:,} games in chunks of {args.chunk:,}; {where}")
    print(f"RSS before the run: {rss_mb():.1f} MiB (peak so far {peak_rss_mb():.1f} MiB)")
    print(f"{'games':>14} {'seconds':>10} {'games/s now':>14} {'games/s all':>14} {'RSS MiB':>10} {'peak MiB':>10}")
    if executor is None:
        game = dataclasses.replace(GAME, play_batch=play_batch)
        result = run(game, rules, seats, args.games, args.seed, chunk=args.chunk, progress=False)
    else:
        # On a cluster the chunks run elsewhere; sample the client between segments instead.
        result = None
        marks["start"] = marks["last_t"] = time.perf_counter()
        with executor:
            done = 0
            while done < args.games:
                n = min(step, args.games - done)
                part = run(GAME, rules, seats, n, args.seed, first_game=done, chunk=args.chunk, progress=False, executor=executor)
                done += n
                result = (
                    part
                    if result is None
                    else dataclasses.replace(
                        result, totals=result.totals.merge(part.totals), seconds=result.seconds + part.seconds
                    )
                )
                report(done)
    n = result.totals.games
    print(
        f"\n{n:,} games in {result.seconds:,.1f} s = {n / result.seconds:,.0f} games/s "
        f"(compile/load {result.compile_seconds:.1f} s excluded)"
    )
    rss = [r[1] for r in rows]
    print(f"RSS over the reports: min {min(rss):.1f}, max {max(rss):.1f} MiB; peak RSS of the process: {peak_rss_mb():.1f} MiB")
    if len(rows) >= 2:
        print(f"peak RSS growth from the first report to the last: {rows[-1][2] - rows[0][2]:+.1f} MiB")
    mean_score = result.totals.agg("seat0.score")
    print(f"check: seat 0 mean score {mean_score[1] / mean_score[0]:.4f} over {int(mean_score[0]):,} games")


if __name__ == "__main__":
    main()
