"""Swim values: exact distributions of every swim source and fast bulk draws.

`draw` is the compiled draw of one swim value, in the same stream order as the
reference engine's `Game.draw_swim`; `count_draws` tallies millions of them
for the dice check.
"""
from fractions import Fraction
from itertools import product

import numpy as np
from numba import njit, prange

from sim import rng
from sim.games.luft.reference import SWIM_DECK
from sim.games.luft.rules import SWIM_SOURCES

_DECK = np.array(SWIM_DECK, dtype=np.int64)
VALUES = tuple(range(2, 7))


def exact_pmf(source: str) -> dict[int, Fraction]:
    """P(swim value) as exact fractions, by enumerating the source's outcomes."""
    if source in ("deck", "deck-no-reshuffle"):      # one card of nine (marginally)
        outcomes = list(SWIM_DECK)
    elif source == "d3":
        outcomes = [a + b for a, b in product((1, 2, 3), repeat=2)]
    elif source == "d6-mapped":
        mapped = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
        outcomes = [mapped[a] + mapped[b] for a, b in product(range(1, 7), repeat=2)]
    else:
        raise ValueError(f"unknown swim source {source!r}; choose one of: {', '.join(SWIM_SOURCES)}")
    return {v: Fraction(outcomes.count(v), len(outcomes)) for v in VALUES}


@njit(cache=True, inline="always")
def draw(state, mode, deck, left):
    """One swim value for SWIM_SOURCES[mode]; ``deck``/``left`` carry the
    no-reshuffle deck between draws. Returns (state, value, left)."""
    if mode == 0:
        state, i = rng.randbelow(state, 9)
        return state, _DECK[i], left
    if mode == 1:
        state, a = rng.randbelow(state, 3)
        state, b = rng.randbelow(state, 3)
        return state, a + b + 2, left
    if mode == 2:
        state, a = rng.randbelow(state, 6)
        state, b = rng.randbelow(state, 6)
        return state, a // 2 + b // 2 + 2, left
    if left == 0:
        for k in range(9):
            deck[k] = _DECK[k]
        state = rng.shuffle(state, deck, 9)
        left = 9
    return state, deck[9 - left], left - 1


@njit(cache=True, parallel=True)
def _count(seed, mode, streams, per_stream):
    counts = np.zeros((streams, 7), np.int64)
    for k in prange(streams):
        state = rng.game_stream(seed, k)
        deck = np.zeros(9, np.int64)
        left = 0
        for _ in range(per_stream):
            state, value, left = draw(state, mode, deck, left)
            counts[k, value] += 1
    return counts


def count_draws(source: str, n: int, seed: int = 0, streams: int = 64) -> np.ndarray:
    """Counts of swim values 2..6 over about ``n`` draws from ``streams`` game streams."""
    per_stream = -(-n // streams)
    counts = _count(np.uint64(seed), SWIM_SOURCES.index(source), streams, per_stream).sum(axis=0)
    return counts[2:7]
