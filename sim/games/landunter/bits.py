"""Hands as bit masks.

A hand is two int64 words: ``lo`` holds cards 1..60 (card c at bit c-1) and
``hi`` cards 61..72 (bit c-61), so bit 63 is never used and all arithmetic
stays in positive int64. The bit helpers that read them (popcount,
lowest/highest/k-th set bit) are the shared ones in `sim.nb`.
"""

LO_CARDS = 60


def masks_of(cards) -> tuple[int, int]:
    """Plain-Python (lo, hi) masks of a collection of cards (for the reference engine)."""
    lo = hi = 0
    for c in cards:
        if c <= LO_CARDS:
            lo |= 1 << (c - 1)
        else:
            hi |= 1 << (c - LO_CARDS - 1)
    return lo, hi
