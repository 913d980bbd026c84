"""A tuned single-purpose Geteilte Luft kernel, the yardstick of the tuned-kernel speed target.

    .venv/bin/python benchmarks/tuned_luft.py [--games N] [--repeat R]

The speed target asks the engine to reach "a tuned single-purpose kernel for the same
games, measured alternately with the CLI in the same run". That kernel was
not kept, and this VM's speed wanders by 1.2-1.5x between days, so its
figures (1.9M games/s on 2 threads) cannot be compared with a later day's.
This file is such a kernel, timed by `yardstick.py`: 4 players, every
seat `threshold:t=2`, the default rules, nothing else. Everything the general
engine keeps for other rules, bots and reports is gone: no public state view
(the state lives in a few small arrays and scalars), no bot call (the
threshold rule is two compares), no per-game outputs, air curves, rule-hole
flags or chunk sums; each work unit only adds up wins and points per seat.
It draws the same random stream in the same order (sim.rng; the rule
primitives `core.swim` and the PDEP bit helpers are the engine's own), so it
plays the very same games: the script checks its wins and points against
`engine.play_batch` before timing (tests/test_tuned_yardstick.py too).

It prints games/s of the tuned kernel, of the engine's kernel and of
`simulate --json` end to end, alternately, on 1 and 2 threads, and their
ratios: item 2 asks end to end for at least the tuned kernel's speed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from numba import njit

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.yardstick import UNITS, play_units  # noqa: E402  (after the path fix-up)
from sim import rng  # noqa: E402
from sim.games.luft import core  # noqa: E402
from sim.games.luft.rules import Rules  # noqa: E402

N = 4  # players
T = 2  # threshold: treasures to carry before turning back
CARDS = 8  # per level
DIVES = 3
AIR = 25
STACK = 3


@njit(cache=True)
def _play(values, seed, g0, g1, out):
    """Games g0 .. g1-1 of master ``seed``; adds each seat's win share x 60
    to out[0, s] and its points to out[1, s]."""
    vals = np.empty(4 * CARDS, np.int64)
    drawn = np.empty(4, np.int64)  # value cards drawn so far, per level
    path = np.zeros(64, np.int64)  # item on field f + 1
    carried = np.zeros((N, T), np.int64)
    pos = np.zeros(N, np.int64)
    load = np.zeros(N, np.int64)
    score = np.zeros(N, np.int64)
    home = np.zeros((N, 4), np.int64)
    order = np.zeros(N, np.int64)
    for g in range(g0, g1):
        state = rng.game_stream(seed, g)
        for lv in range(4):  # the value decks, shuffled as core.new_game does
            for i in range(CARDS):
                vals[lv * CARDS + i] = values[lv * CARDS + i]
            for i in range(CARDS - 1, 0, -1):
                state, j = rng.randbelow(state, i + 1)
                tmp = vals[lv * CARDS + i]
                vals[lv * CARDS + i] = vals[lv * CARDS + j]
                vals[lv * CARDS + j] = tmp
            drawn[lv] = 0
        for f in range(4 * CARDS):
            path[f] = f // CARDS + 1
        path_len = 4 * CARDS
        for s in range(N):
            score[s] = 0
            for lv in range(4):
                home[s, lv] = 0
        start = 0
        for dive in range(DIVES):
            for s in range(N):
                pos[s] = 0
                load[s] = 0
            up = 0  # bit s: heading up
            water = (1 << N) - 1  # bit s: still in the water
            occ = np.int64(0)
            air = AIR
            in_water = N
            last_back = -1
            idle = 0
            s = start
            while True:
                if (water >> s) & 1:
                    ld = load[s]
                    air_out = False
                    if ld > 0:  # breathe
                        air_out = air <= ld
                        air = max(0, air - ld)
                        if ld >= T:  # turn back (only a choice heading down, with a treasure)
                            up |= 1 << s
                    heading_up = (up >> s) & 1
                    state, k = rng.randbelow(state, 9)
                    steps = ((core.SWIM_NIBBLES >> (4 * k)) & 15) - ld
                    before = pos[s]
                    p = before
                    if steps > 0:
                        occ &= ~(np.int64(1) << p)
                        p = core.swim(occ, p, heading_up, steps, path_len)
                        pos[s] = p
                        occ |= (np.int64(1) << p) & ~np.int64(1)
                    acted = False
                    if p == 0:
                        if heading_up == 1:  # back in the submarine
                            water ^= 1 << s
                            in_water -= 1
                            last_back = s
                            acted = True
                    elif heading_up == 0 and ld < T and path[p - 1] != 0:  # pick up
                        carried[s, ld] = path[p - 1]
                        load[s] = ld + 1
                        path[p - 1] = 0
                        acted = True
                    idle = idle + 1 if ld == 0 and p == before and not acted else 0
                    if air_out or in_water == 0:
                        break
                    if idle >= in_water:  # stalemate: a whole round without action
                        break
                s = s + 1 if s + 1 < N else 0
            # score: divers back, seat order, carried order, stack order
            for s in range(N):
                if not (water >> s) & 1:
                    for i in range(load[s]):
                        item = carried[s, i]
                        while item > 0:
                            lv = (item & 7) - 1
                            score[s] += vals[lv * CARDS + drawn[lv]]
                            drawn[lv] += 1
                            home[s, lv] += 1
                            item >>= 3
            kept = 0  # close the gaps
            for f in range(path_len):
                item = path[f]
                path[kept] = item
                kept += item != 0
            path_len = kept
            m = 0  # the drowned, nearest first, ties by lower seat
            for s in range(N):
                if (water >> s) & 1:
                    j = m
                    while j > 0 and pos[order[j - 1]] > pos[s]:
                        order[j] = order[j - 1]
                        j -= 1
                    order[j] = s
                    m += 1
            stack = 0
            in_stack = 0
            for i in range(m):
                s = order[i]
                for c in range(load[s]):
                    item = carried[s, c]
                    while item > 0:
                        stack |= (item & 7) << (3 * in_stack)
                        in_stack += 1
                        item >>= 3
                        if in_stack == STACK:
                            path[path_len] = stack
                            path_len += 1
                            stack = 0
                            in_stack = 0
            if in_stack > 0:
                path[path_len] = stack
                path_len += 1
            if last_back >= 0:
                start = last_back
            else:  # nobody returned: the deepest diver, ties by lower seat
                start = 0
                for s in range(1, N):
                    if pos[s] > pos[start]:
                        start = s
        best = -1  # the standing: points, then level 4, 3, 2 cards
        k = 0
        for s in range(N):
            key = ((score[s] * 64 + home[s, 3]) * 64 + home[s, 2]) * 64 + home[s, 1]
            if key > best:
                best, k = key, 1
            elif key == best:
                k += 1
        for s in range(N):
            key = ((score[s] * 64 + home[s, 3]) * 64 + home[s, 2]) * 64 + home[s, 1]
            if key == best:
                out[0, s] += 60 // k
            out[1, s] += score[s]


def _values() -> np.ndarray:
    rules = Rules()
    return np.array([v for level in range(1, 5) for v in rules.values(level)], np.int64)


def play(seed: int, first_game: int, n_games: int) -> np.ndarray:
    """[win share x 60, points] summed per seat over the games: shape (2, 4)."""
    out = np.zeros((UNITS, 2, N), np.int64)
    play_units(_play, _values(), np.uint64(seed), np.int64(first_game), np.int64(n_games), out)
    return out.sum(axis=0)


def engine_sums(seed: int, first_game: int, n_games: int) -> np.ndarray:
    """The same sums from the general engine (`engine.play_batch`)."""
    from sim.games.luft import engine
    from sim.games.luft.outputs import S_SCORE, S_WIN60
    from strategies.luft import LUFT_BOTS

    batch = engine.play_batch(Rules(players=N), LUFT_BOTS.parse_seats(f"threshold:t={T}", N), seed, first_game, n_games)
    return np.stack([batch.seat[:, :, S_WIN60].sum(axis=0), batch.seat[:, :, S_SCORE].sum(axis=0)]).astype(np.int64)


def main(argv=None) -> None:
    from benchmarks.yardstick import compare

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2_000_000, help="games per timed run")
    ap.add_argument("--repeat", type=int, default=3, help="alternating rounds (medians are printed)")
    args = ap.parse_args(argv)
    compare("luft", f"threshold:t={T}", N, play, engine_sums, args.games, args.repeat)


if __name__ == "__main__":
    main()
