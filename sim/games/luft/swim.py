"""Swim values: exact distributions of every swim source and fast bulk draws.

`count_draws` tallies millions of swim values for the dice check, drawn by the
engine's own `core.draw_swim` (the same stream order as the reference
engine's `Game.draw_swim`).
"""

from fractions import Fraction
from itertools import product

import numpy as np
from numba import njit, prange

from sim import rng
from sim.games.luft import core
from sim.games.luft.rules import SWIM_DECK, SWIM_SOURCES

VALUES = tuple(range(2, 7))


def exact_pmf(source: str) -> dict[int, Fraction]:
    """P(swim value) as exact fractions, by enumerating the source's outcomes."""
    if source in ("deck", "deck-no-reshuffle"):  # one card of nine (marginally)
        outcomes = list(SWIM_DECK)
    elif source == "d3":
        outcomes = [a + b for a, b in product((1, 2, 3), repeat=2)]
    elif source == "d6-mapped":
        mapped = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
        outcomes = [mapped[a] + mapped[b] for a, b in product(range(1, 7), repeat=2)]
    else:
        raise ValueError(f"unknown swim source {source!r}; choose one of: {', '.join(SWIM_SOURCES)}")
    return {v: Fraction(outcomes.count(v), len(outcomes)) for v in VALUES}


@njit(cache=True, parallel=True)
def _count(seed, mode, streams, per_stream):
    counts = np.zeros((streams, 7), np.int64)
    for k in prange(streams):
        state = rng.game_stream(seed, k)
        deck = np.zeros(9, np.int64)
        left = 0
        for _ in range(per_stream):
            state, value, left = core.draw_swim(state, mode, deck, left)
            counts[k, value] += 1
    return counts


def count_draws(source: str, n: int, seed: int = 0, streams: int = 64) -> np.ndarray:
    """Counts of swim values 2..6 over about ``n`` draws from ``streams`` game streams."""
    per_stream = -(-n // streams)
    counts = _count(np.uint64(seed), SWIM_SOURCES.index(source), streams, per_stream).sum(axis=0)
    return counts[2:7]
