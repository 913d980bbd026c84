"""A Land unter user bot that plays a card nobody holds now and then."""

from numba import njit

from sim.games.landunter import layout
from strategies.landunter.registry import register


@register("bad-lu-illegal")
@njit(cache=True)
def bad_lu_illegal(seat, st, params, u):
    if u < 0.001:
        return 99
    return layout.hand_low(st, seat)
