"""`ring-keeper`: saves its strong cards while it has rings, spends them when
its rings run low."""
from numba import njit

from sim.games.landunter.layout import (
    S_FLOOD_HI, S_FLOOD_LO, S_RINGS, S_TOP, hand_high, hand_low, max_other_top,
)
from sim.registry import Param
from strategies.landunter.registry import register


@register("ring-keeper",
          params=[Param("t", 1, 0, 12, integer=True,
                        doc="rings left at or below which strong cards are spent")],
          builtin_id=5)
@njit(cache=True)
def ring_keeper(seat, st, params, u):
    """With more than t rings left, play the lowest card. With t or fewer:
    play the highest card if taking the lower flood card would leave our top
    flood card below the others' highest after this round (the highest top
    among the other players still in, or the higher flood card on offer,
    whichever is higher) and our current top is not already below it and
    lower than the offered card; otherwise play the lowest card."""
    low_card = hand_low(st, seat)
    if st[S_RINGS + seat] > params[0]:
        return low_card
    others = max_other_top(st, seat)
    hi = st[S_FLOOD_HI]
    if hi > others:
        others = hi
    lo = st[S_FLOOD_LO]
    cur = st[S_TOP + seat]
    safe_now = cur < others and cur <= lo    # keeping our top is at least as good
    if lo < others and not safe_now:
        return hand_high(st, seat)
    return low_card
