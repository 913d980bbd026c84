"""A Land unter user bot written as plain Python (no @njit): the compiled engine cannot call it."""

from sim.games.landunter import layout as L
from strategies.landunter.registry import register


@register("bad-lu-plain-python")
def bad_lu_plain_python(seat, st, params, u):
    return L.hand_low(st, seat)
