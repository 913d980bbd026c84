"""Latency of the web table under load: ten tables on one server (Uvicorn,
in this process), ten clients each playing its table's people through the
JSON API at once, bots seated; every move's round trip timed (the bots'
moves until the next person's decision included, as a player waits for them).

    .venv/bin/python benchmarks/bench_serve.py [--game luft] [--tables 10] [--moves 40] [--seats ...]

Target (the web table's issue): the median answer under 100 ms. Compile
time is excluded (one warm-up game first). The load average is printed:
other processes on a 2-core machine lengthen every figure.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SEATS = {"luft": "human,human,trained,rollout:k=32", "landunter": "human,human,trained,dodge"}


def play(client, base: str, session, moves: int, times: list[float]):
    """Make up to ``moves`` moves at one table (any person's turn: the host's link), timing each."""
    url = f"{base}/t/{session.tokens['host']}/api"
    state = client.get(f"{url}/state").json()
    for _ in range(moves):
        if state["finished"]:
            return
        t0 = time.perf_counter()
        answer = client.post(f"{url}/act", json={"n": state["n"], "action": state["choices"][0]["action"]})
        times.append(time.perf_counter() - t0)
        answer.raise_for_status()
        state = answer.json()


def main():
    import httpx

    from sim.web.server import new_tables
    from tests.web.conftest import Served

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="luft", choices=sorted(SEATS))
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--moves", type=int, default=40, help="moves per table")
    parser.add_argument("--seats", default=None)
    args = parser.parse_args()
    seats = args.seats or SEATS[args.game]
    with tempfile.TemporaryDirectory() as out:
        warm = new_tables(args.game, seats, {}, 1, 999, Path(out) / "warm-up")
        served = Served(warm)
        with httpx.Client(timeout=600) as client:  # the bots compile on their first move
            play(client, served.base, warm[0], 10**6, [])
        served.stop()

        sessions = new_tables(args.game, seats, {}, args.tables, 1, Path(out))
        served = Served(sessions)
        times: list[list[float]] = [[] for _ in sessions]
        clients = [httpx.Client(timeout=60) for _ in sessions]
        threads = [
            threading.Thread(target=play, args=(c, served.base, s, args.moves, t)) for c, s, t in zip(clients, sessions, times)
        ]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
        served.stop()
        for c in clients:
            c.close()
    every = sorted(x for t in times for x in t)
    q = statistics.quantiles(every, n=10)
    print(
        f"{args.game}: {args.tables} tables ({seats}), {len(every)} moves in {wall:.1f} s; "
        f"answer to a move: median {1000 * statistics.median(every):.1f} ms, "
        f"90th percentile {1000 * q[-1]:.1f} ms, slowest {1000 * every[-1]:.1f} ms "
        f"(load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs)"
    )


if __name__ == "__main__":
    main()
