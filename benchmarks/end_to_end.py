"""Kernel-only against end-to-end games/s on 1 and 2 threads, measured alternately.

End to end is what ``sim <game> simulate --json`` reports: `sim.api.simulate`
(chunks, compiled aggregation, folding, summary), its ``seconds`` (the whole
run, compile excluded). Kernel-only is one `GameSpec.play_batch` call over
the same games. Each repetition runs both, alternately, at each thread count,
so a busy machine disturbs both alike; the table shows medians, the
end-to-end/kernel ratio (median of the per-repetition ratios) and the 1 -> 2
thread scaling. The load average is printed with the figures: on a shared
machine read the ratios, not the absolute rates.
"""

from __future__ import annotations

import os
import statistics
import time


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min)"


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
    print(f"{game.title}, {players} players, {bots}: {games:,} games per run, {repeat} repetitions; {_load()} before")
    for rep in range(repeat):
        for t in threads:
            numba.set_num_threads(t)
            w0 = time.perf_counter()
            game.play_batch(rules, seats, rep, 0, games)
            kernel[t].append(games / (time.perf_counter() - w0))
            run = api.simulate(
                game_name, None, bots, players=players, games=games, seed=rep, threads=t, cache=False, progress=False
            )
            e2e[t].append(games / run.summary["seconds"])
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    out = {}
    print(f"{'threads':>8}{'kernel games/s':>16}{'end-to-end':>14}{'e2e/kernel':>12}")
    for t in threads:
        ratio = statistics.median(e / k for e, k in zip(e2e[t], kernel[t]))
        out[t] = (statistics.median(kernel[t]), statistics.median(e2e[t]), ratio)
        print(f"{t:>8}{out[t][0]:>16,.0f}{out[t][1]:>14,.0f}{ratio:>12.3f}")
    if len(threads) == 2:
        a, b = threads
        print(
            f"scaling {a} -> {b} threads: kernel {out[b][0] / out[a][0]:.2f}x, "
            f"end to end {out[b][1] / out[a][1]:.2f}x (target >= 1.9x)"
        )
    print(f"{_load()} after")
    return out
