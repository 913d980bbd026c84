"""A Land unter user bot written as plain Python (no @njit): the compiled engine cannot call it."""

from sim.games.landunter import layout
from strategies.landunter.registry import register


@register("bad-lu-plain-python")
def bad_lu_plain_python(seat, st, params, u):
    return layout.hand_low(st, seat)
