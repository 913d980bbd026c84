"""A Land unter user bot with an honest indexing bug: it reads one field past
the end of its view (where the engine's private hands and flood deck lie) and
plays its lowest card."""

from numba import njit

from sim.games.landunter import layout
from strategies.landunter.registry import register


@register("bad-lu-out-of-bounds")
@njit(cache=True)
def bad_lu_out_of_bounds(seat, st, params, u):
    if st[layout.STATE_SIZE + 2] == -12345:
        return layout.hand_high(st, seat)
    return layout.hand_low(st, seat)
