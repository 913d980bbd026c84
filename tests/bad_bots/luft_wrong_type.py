"""A Geteilte Luft user bot that returns a string: it cannot compile."""

from numba import njit

from strategies.luft.registry import register


@register("bad-luft-wrong-type")
@njit(cache=True)
def bad_luft_wrong_type(phase, seat, st, params, u):
    return "stay down"
