"""A Geteilte Luft user bot that raises now and then (when its uniform is below 0.003)."""

from numba import njit

from sim.games.luft import layout as v
from strategies.luft.registry import register


@register("bad-luft-raises")
@njit(cache=True)
def bad_luft_raises(phase, seat, st, params, u):
    if u < 0.003:
        raise ValueError("bad-luft-raises gave up")
    return v.NOTHING if phase == v.PHASE_TREASURE else v.STAY_DOWN
