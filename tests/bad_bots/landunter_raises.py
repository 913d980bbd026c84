"""A Land unter user bot that raises now and then (when its uniform is below 0.001)."""

from numba import njit

from sim.games.landunter import layout
from strategies.landunter.registry import register


@register("bad-lu-raises")
@njit(cache=True)
def bad_lu_raises(seat, st, params, u):
    if u < 0.001:
        raise ValueError("bad-lu-raises gave up")
    return layout.hand_low(st, seat)
