"""A Geteilte Luft user bot that raises now and then (when its uniform is below 0.003)."""

from numba import njit

from sim.games.luft import layout
from strategies.luft.registry import register


@register("bad-luft-raises")
@njit(cache=True)
def bad_luft_raises(phase, seat, st, params, u):
    if u < 0.003:
        raise ValueError("bad-luft-raises gave up")
    return layout.NOTHING if phase == layout.PHASE_TREASURE else layout.STAY_DOWN
