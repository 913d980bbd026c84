"""A Land unter user bot that returns a string: it cannot compile."""

from numba import njit

from strategies.landunter.registry import register


@register("bad-lu-wrong-type")
@njit(cache=True)
def bad_lu_wrong_type(seat, st, params, u):
    return "lowest"
