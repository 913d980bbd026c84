"""Time a tuned single-purpose kernel against the engine, alternately, on 1 and 2 threads.

The speed target asks the engine, end to end, for "at least the tuned
kernels' speed", measured "alternately with the CLI in the same run". This
VM's speed wanders by 1.2-1.5x between days, so the target's own figures
cannot be set against a later day's; `tuned_luft.py` and
`tuned_landunter.py` are such kernels, kept beside the engine, and this
module times them in one process with the engine's kernel (the runner's
chunks, `end_to_end.play_in_chunks`) and with `simulate --json` (its own
``seconds``), each round in that order, at each thread count.
"""

from __future__ import annotations

import statistics
import time

import numba
import numpy as np
from numba import njit, prange

UNITS = 64  # parallel work units of a tuned kernel's batch, as the engines have


@njit(cache=True, parallel=True)
def play_units(play, data, seed, first_game, n_games, out):
    """A tuned kernel's batch: ``play(data, seed, g0, g1, out[unit])`` for each
    work unit's share of games first_game .. first_game + n_games - 1."""
    units = out.shape[0]
    chunk = (n_games + units - 1) // units
    for c in prange(units):
        play(data, seed, first_game + c * chunk, first_game + min(n_games, (c + 1) * chunk), out[c])


def _rate(fn, games: int) -> float:
    """Games/s of ``fn()``: by its own ``seconds`` where it reports them (a
    simulate run, as `--json` does), else by the wall clock."""
    t0 = time.perf_counter()
    run = fn()
    seconds = run.summary["seconds"] if hasattr(run, "summary") else time.perf_counter() - t0
    return games / seconds


def compare(game_name: str, bots: str, players: int, tuned_play, engine_sums, games: int, repeat: int) -> dict:
    """Check that ``tuned_play(seed, first, n)`` and ``engine_sums`` agree on
    20,000 games, then print games/s of the tuned kernel, the engine's kernel
    and simulate end to end, each with its ratio to the tuned kernel; return
    {(threads, what): median games/s}."""
    from benchmarks.end_to_end import play_in_chunks
    from sim import api
    from sim.games import get_game

    if not np.array_equal(tuned_play(7, 0, 20_000), engine_sums(7, 0, 20_000)):
        raise SystemExit("error: the tuned kernel and the engine disagree on 20,000 games: fix the tuned kernel before timing it")
    game = get_game(game_name)
    rules = game.rules_cls.from_strings({}, players=players)
    seats = game.registry.parse_seats(bots, players)
    api.simulate(game_name, None, bots, players=players, games=1000, progress=False)  # compile or load
    threads = sorted({1, min(2, numba.config.NUMBA_NUM_THREADS)})
    runs = {
        "tuned kernel": lambda t: tuned_play(1, 0, games),
        "engine kernel": lambda t: play_in_chunks(game.play_batch, rules, seats, 1, games),
        "simulate --json": lambda t: api.simulate(
            game_name, None, bots, players=players, games=games, seed=1, threads=t, cache=False, progress=False
        ),
    }
    rates = {(t, name): [] for t in threads for name in runs}
    for _ in range(repeat):
        for t in threads:
            numba.set_num_threads(t)
            for name, fn in runs.items():
                rates[t, name].append(_rate(lambda: fn(t), games))
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    print(f"{game.title}, {players} players, {bots}, default rules: {games:,} games per run, median of {repeat}")
    print(f"{'threads':>7}  {'what':<16} {'games/s':>11}  {'/ tuned':>7}")
    out = {}
    for t in threads:
        tuned = statistics.median(rates[t, "tuned kernel"])
        for name in runs:
            out[t, name] = rate = statistics.median(rates[t, name])
            print(f"{t:>7}  {name:<16} {rate:>11,.0f}  {rate / tuned:>7.3f}")
    return out
