"""`ring-keeper`: saves its strong cards while it has rings, spends them when
its rings run low."""

from numba import njit

from sim.games.landunter.layout import (
    S_FLOOD_HI,
    S_FLOOD_LO,
    S_RINGS,
    S_TOP,
    hand_high,
    hand_low,
    max_other_top,
)
from sim.registry import Param
from strategies.landunter.registry import register


@register(
    "ring-keeper",
    params=[Param("t", 1, 0, 12, integer=True, doc="rings left at or below which strong cards are spent")],
    builtin_id=5,
)
@njit(cache=True)
def ring_keeper(seat, st, params, u):
    """With more than t rings left, play the lowest card (save the strong
    ones). With t or fewer, let others = the higher of the highest top flood
    card among the other players still in and the higher flood card on
    offer: play the highest card if the lower flood card is below others
    (taking it leaves us safe), unless our current top is already below
    others and no higher than the lower card (keeping it is as good); else
    play the lowest card."""
    low_card = hand_low(st, seat)
    if st[S_RINGS + seat] > params[0]:
        return low_card
    others = max_other_top(st, seat)
    hi = st[S_FLOOD_HI]
    if hi > others:
        others = hi
    lo = st[S_FLOOD_LO]
    cur = st[S_TOP + seat]
    safe_now = cur < others and cur <= lo  # keeping our top is at least as good
    if lo < others and not safe_now:
        return hand_high(st, seat)
    return low_card
