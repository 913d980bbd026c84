"""A tuned single-purpose Land unter kernel, the yardstick of the tuned-kernel speed target.

    .venv/bin/python benchmarks/tuned_landunter.py [--games N] [--repeat R]

The Land unter twin of `tuned_luft.py` (read that first), timed by
`yardstick.py`: 4 players, seats `high,low,mid,random` (the target's mix),
the default rules, nothing else. The hands live in a few masks; each seat's
rule is hard-wired, and only the random seat draws uniforms (the others never
read theirs); no card memory, no sealed view filled and cleared per
decision, no per-game outputs, rule-hole flags, error rows or chunk sums.
Each work unit only adds up wins and points per seat. The flood award, the
flip step with its cascade and the deal's scoring are the engine's own rule
primitives (`core.award_flood`, `core.flip_step`, `core.score_deal`) on a
small state array; the random stream is drawn in the same order, so it plays
the very games the engine plays (checked before timing, and by
tests/test_tuned_yardstick.py).
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
from sim.games.landunter import core  # noqa: E402
from sim.games.landunter.bits import LO_CARDS  # noqa: E402
from sim.games.landunter.layout import (  # noqa: E402
    FLOOD_CARDS,
    HAND_SIZE,
    RULE_FLAGS,
    S_IN,
    S_N_IN,
    S_RINGS,
    S_TOP,
    STATE_SIZE,
    mask_card,
)
from sim.games.landunter.rules import Rules  # noqa: E402
from sim.nb import highest_bit, lowest_bit  # noqa: E402

N = 4  # players: seat 0 high, 1 low, 2 mid, 3 random
BOTS = "high,low,mid,random"
CARDS = 60


@njit(cache=True)
def _play(flags, seed, g0, g1, out):
    """Games g0 .. g1-1 of master ``seed``; adds each seat's win share x 60
    to out[0, p] and its points to out[1, p]. ``flags``: (state index, value)
    of each rule option, as the engine sets them."""
    st = np.zeros(STATE_SIZE, np.int64)
    for i in range(flags.shape[0]):
        st[flags[i, 0]] = flags[i, 1]
    deck = np.empty(CARDS, np.int64)
    flood = np.empty(FLOOD_CARDS, np.int64)
    hand_masks_lo = np.empty(N, np.int64)
    hand_masks_hi = np.empty(N, np.int64)
    hand_strengths = np.empty(N, np.int64)
    hand_ring_counts = np.empty(N, np.int64)
    lo = np.empty(N, np.int64)
    hi = np.empty(N, np.int64)
    left = np.empty(N, np.int64)
    plays = np.zeros(N, np.int64)
    pts = np.zeros(N, np.int64)
    score = np.zeros(N, np.int64)
    for g in range(g0, g1):
        state = rng.game_stream(seed, np.uint64(g))
        ustate = rng.bot_stream(seed, np.uint64(g), np.uint64(N - 1))  # the random seat's
        state = core.deal_hands(state, deck, N, CARDS, hand_masks_lo, hand_masks_hi, hand_strengths, hand_ring_counts)
        for p in range(N):
            score[p] = 0
        for d in range(N):
            st[S_N_IN] = N
            for p in range(N):
                hid = (p - d) % N
                lo[p] = hand_masks_lo[hid]
                hi[p] = hand_masks_hi[hid]
                left[p] = HAND_SIZE
                st[S_RINGS + p] = hand_ring_counts[hid]
                st[S_TOP + p] = 0
                st[S_IN + p] = 1
            for i in range(FLOOD_CARDS):
                flood[i] = i // 2 + 1
            state = rng.shuffle(state, flood, FLOOD_CARDS)
            ended = False
            r = 0
            while not ended and r < HAND_SIZE:
                a = flood[2 * r]
                b = flood[2 * r + 1]
                for p in range(N):
                    if st[S_IN + p] == 1:
                        if p == 0:  # high
                            c = highest_bit(hi[p]) + LO_CARDS + 1 if hi[p] != 0 else highest_bit(lo[p]) + 1
                        elif p == 1:  # low
                            c = lowest_bit(lo[p]) + 1 if lo[p] != 0 else lowest_bit(hi[p]) + LO_CARDS + 1
                        elif p == 2:  # mid
                            c = mask_card(lo[p], hi[p], (left[p] - 1) // 2)
                        else:  # random
                            ustate, u = rng.uniform(ustate)
                            k = min(int(u * left[p]), left[p] - 1)
                            c = mask_card(lo[p], hi[p], k)
                        if c <= LO_CARDS:
                            lo[p] ^= np.int64(1) << (c - 1)
                        else:
                            hi[p] ^= np.int64(1) << (c - LO_CARDS - 1)
                        left[p] -= 1
                        plays[p] = c
                core.award_flood(st, N, plays, min(a, b), max(a, b))
                ended = core.flip_step(st, N)
                r += 1
            core.score_deal(st, N, pts)
            for p in range(N):
                score[p] += pts[p]
        best = score.max()
        k = 0
        for p in range(N):
            k += score[p] == best
        for p in range(N):
            if score[p] == best:
                out[0, p] += 60 // k
            out[1, p] += score[p]


def _flags() -> np.ndarray:
    rules = Rules(players=N).to_array()
    return np.array([(s, rules[r]) for r, s in RULE_FLAGS], np.int64)


def play(seed: int, first_game: int, n_games: int) -> np.ndarray:
    """[win share x 60, points] summed per seat over the games: shape (2, 4)."""
    out = np.zeros((UNITS, 2, N), np.int64)
    play_units(_play, _flags(), np.uint64(seed), np.int64(first_game), np.int64(n_games), out)
    return out.sum(axis=0)


def engine_sums(seed: int, first_game: int, n_games: int) -> np.ndarray:
    """The same sums from the general engine (`engine.play_batch`)."""
    from sim.games.landunter import engine
    from strategies.landunter import LANDUNTER_BOTS

    batch = engine.play_batch(Rules(players=N), LANDUNTER_BOTS.parse_seats(BOTS, N), seed, first_game, n_games)
    return np.stack([batch.win60.sum(axis=0), batch.score.sum(axis=0)]).astype(np.int64)


def main(argv=None) -> None:
    from benchmarks.yardstick import compare

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000_000, help="games per timed run")
    ap.add_argument("--repeat", type=int, default=3, help="alternating rounds (medians are printed)")
    args = ap.parse_args(argv)
    compare("landunter", BOTS, N, play, engine_sums, args.games, args.repeat)


if __name__ == "__main__":
    main()
