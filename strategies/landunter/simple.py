"""The four one-line bots: random, high, low, mid. None has parameters."""

from numba import njit

from sim.games.landunter.layout import hand_card, hand_high, hand_low, hand_n
from strategies.landunter.registry import register


@register("random", builtin_id=0)
@njit(cache=True, inline="always")
def random_bot(seat, st, params, u):
    """Play a card of the hand uniformly at random: the k-th lowest card,
    k = floor(u * cards in hand)."""
    m = hand_n(st, seat)
    k = int(u * m)
    if k >= m:
        k = m - 1
    return hand_card(st, seat, k)


@register("high", builtin_id=1)
@njit(cache=True, inline="always")
def high(seat, st, params, u):
    """Always play the highest card of the hand."""
    return hand_high(st, seat)


@register("low", builtin_id=2)
@njit(cache=True, inline="always")
def low(seat, st, params, u):
    """Always play the lowest card of the hand."""
    return hand_low(st, seat)


@register("mid", builtin_id=3)
@njit(cache=True, inline="always")
def mid(seat, st, params, u):
    """Play the median card of the hand; with an even number of cards the
    lower median (the k-th lowest, k = (cards - 1) // 2, 0-based)."""
    return hand_card(st, seat, (hand_n(st, seat) - 1) // 2)
