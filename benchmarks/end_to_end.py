"""Kernel-only against end-to-end games/s on 1 and 2 threads, measured alternately.

End to end is what ``sim <game> simulate --json`` reports: `sim.api.simulate`
(chunks, compiled aggregation, folding, summary), its ``seconds`` (the whole
run, compile excluded). Kernel-only is `GameSpec.play_batch` over the same games in
the runner's chunks (`play_in_chunks`; its work units also count their games
into the chunk sums, `sim/games/<game>/chunk_sums.py`, as in a run). Each repetition runs both,
alternately, at each thread count, so a busy machine disturbs both alike
(`outside_kernel.py` measures the host's share inside one run, which a
loaded machine disturbs less still); the table shows medians, the
end-to-end/kernel ratio (median of the per-repetition ratios) and the 1 -> 2
thread scaling. The load average is printed with the figures: on a shared
machine read the ratios, not the absolute rates. The CPU columns divide by
the process's CPU time (all threads) instead: games per CPU-second of the
kernel and of the whole run, and the share of the run's CPU time spent
outside the kernel (host aggregation, chunk set-up, summary), which other
processes on the machine disturb far less than the wall clock.
"""

from __future__ import annotations

import os
import statistics
import time


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min)"


def play_in_chunks(play_batch, rules, seats, seed: int, games: int) -> None:
    """Kernel-only: the games as `sim.runner` has them played, one kernel call
    per chunk of `DEFAULT_CHUNK` games. One call over all the games (before)
    allocated per-game outputs for the whole run (344 MB for 2M Luft games,
    faulted in inside the kernel) and had each work unit count its games back
    from far beyond the cache, so it ran slower than the CLI's chunks did."""
    from sim.runner import DEFAULT_CHUNK

    for first in range(0, games, DEFAULT_CHUNK):
        play_batch(rules, seats, seed, first, min(DEFAULT_CHUNK, games - first))


def compare(game_name: str, bots: str, games: int, repeat: int, players: int = 4) -> dict:
    """Print the table; return {threads: (kernel games/s, end-to-end games/s, ratio)}."""
    import numba

    from sim import api
    from sim.games import get_game

    game = get_game(game_name)
    rules = game.rules_cls.from_strings({}, players=players)
    seats = game.registry.parse_seats(bots, players)
    threads = sorted({1, min(2, numba.config.NUMBA_NUM_THREADS)})
    api.simulate(game_name, None, bots, players=players, games=1000, progress=False)  # compile
    kernel = {t: [] for t in threads}
    e2e = {t: [] for t in threads}
    cpu = {t: [] for t in threads}  # (kernel, end to end) CPU seconds per game
    print(f"{game.title}, {players} players, {bots}: {games:,} games per run, {repeat} repetitions; {_load()} before")
    for rep in range(repeat):
        for t in threads:
            numba.set_num_threads(t)
            w0, c0 = time.perf_counter(), time.process_time()
            play_in_chunks(game.play_batch, rules, seats, rep, games)
            kernel[t].append(games / (time.perf_counter() - w0))
            c1 = time.process_time()
            run = api.simulate(
                game_name, None, bots, players=players, games=games, seed=rep, threads=t, cache=False, progress=False
            )
            e2e[t].append(games / run.summary["seconds"])
            cpu[t].append(((c1 - c0) / games, (time.process_time() - c1) / games))
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    out = {}
    print(
        f"{'threads':>8}{'kernel games/s':>16}{'end-to-end':>14}{'e2e/kernel':>12}"
        f"{'kernel /CPU-s':>15}{'e2e /CPU-s':>13}{'outside kernel':>16}"
    )
    for t in threads:
        ratio = statistics.median(e / k for e, k in zip(e2e[t], kernel[t]))
        out[t] = (statistics.median(kernel[t]), statistics.median(e2e[t]), ratio)
        k_cpu = statistics.median(k for k, _ in cpu[t])
        e_cpu = statistics.median(e for _, e in cpu[t])
        outside = statistics.median((e - k) / e for k, e in cpu[t])
        print(f"{t:>8}{out[t][0]:>16,.0f}{out[t][1]:>14,.0f}{ratio:>12.3f}{1 / k_cpu:>15,.0f}{1 / e_cpu:>13,.0f}{outside:>16.1%}")
    if len(threads) == 2:
        a, b = threads
        print(
            f"scaling {a} -> {b} threads: kernel {out[b][0] / out[a][0]:.2f}x, "
            f"end to end {out[b][1] / out[a][1]:.2f}x (target >= 1.9x)"
        )
    print(f"{_load()} after")
    return out
