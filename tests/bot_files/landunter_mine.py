"""A user's Land unter bot, outside the project: plays its highest card when
the lower flood card on offer is at most ``flood``, else its lowest."""

from numba import njit

from sim.games.landunter import layout
from sim.registry import Param
from strategies.landunter.registry import register


@register("mine", params=[Param("flood", 6, 1, 12, integer=True, doc="highest lower flood card worth bidding high for")])
@njit(cache=True)
def mine(seat, st, params, u):
    """Its highest card for a cheap flood card, else its lowest."""
    m = layout.hand_n(st, seat)
    if st[layout.S_FLOOD_LO] <= params[0]:
        return layout.hand_card(st, seat, m - 1)
    return layout.hand_low(st, seat)
