"""Bit tricks for hands stored as bit masks (compiled; callable from Python too).

A hand is two int64 words: ``lo`` holds cards 1..60 (card c at bit c-1) and
``hi`` cards 61..72 (bit c-61), so bit 63 is never used and all arithmetic
stays in positive int64. The LLVM intrinsics below compile to single
instructions (popcnt, tzcnt, lzcnt).
"""
import numpy as np
from numba import njit, types
from numba.extending import intrinsic

LO_CARDS = 60


@intrinsic
def popcount(typingctx, x):
    """Number of set bits of an int64."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return sig, codegen


@intrinsic
def lowest_bit(typingctx, x):
    """Index of the lowest set bit of a non-zero int64."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], context.get_constant(types.boolean, True))
    return sig, codegen


@intrinsic
def highest_bit(typingctx, x):
    """Index of the highest set bit of a non-zero int64."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        lz = builder.ctlz(args[0], context.get_constant(types.boolean, True))
        return builder.sub(context.get_constant(types.int64, 63), lz)
    return sig, codegen


@njit(cache=True, inline="always")
def select_bit(x, k):
    """Index of the k-th lowest set bit of x (k = 0 is the lowest; k < popcount).

    Branch-free binary search: at each width w the target lies in the upper
    half of the current 2w-bit window iff k >= popcount of its lower half.
    """
    pos = 0
    c = popcount(x & 0xFFFFFFFF)
    up = np.int64(k >= c)
    k -= up * c
    s = up << 5
    x >>= s
    pos += s
    c = popcount(x & 0xFFFF)
    up = np.int64(k >= c)
    k -= up * c
    s = up << 4
    x >>= s
    pos += s
    c = popcount(x & 0xFF)
    up = np.int64(k >= c)
    k -= up * c
    s = up << 3
    x >>= s
    pos += s
    c = popcount(x & 0xF)
    up = np.int64(k >= c)
    k -= up * c
    s = up << 2
    x >>= s
    pos += s
    c = popcount(x & 0x3)
    up = np.int64(k >= c)
    k -= up * c
    s = up << 1
    x >>= s
    pos += s
    up = np.int64(k >= (x & 1))
    return pos + up


def masks_of(cards) -> tuple[int, int]:
    """Plain-Python (lo, hi) masks of a collection of cards (for the reference engine)."""
    lo = hi = 0
    for c in cards:
        if c <= LO_CARDS:
            lo |= 1 << (c - 1)
        else:
            hi |= 1 << (c - LO_CARDS - 1)
    return lo, hi
