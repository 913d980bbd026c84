"""A Land unter user bot that gives up (raises) at three decisions in ten:
nearly every game it sits in is forfeited part way through."""

from numba import njit

from sim.games.landunter import layout
from strategies.landunter.registry import register


@register("bad-lu-quits")
@njit(cache=True)
def bad_lu_quits(seat, st, params, u):
    if u < 0.3:
        raise RuntimeError("bad-lu-quits gave up")
    return layout.hand_low(st, seat)
