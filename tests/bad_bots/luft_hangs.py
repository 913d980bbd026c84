"""A Geteilte Luft user bot that now and then never answers (an endless loop)."""

from numba import njit

from sim.games.luft import layout as v
from strategies.luft.registry import register


@register("bad-luft-hangs")
@njit(cache=True)
def bad_luft_hangs(phase, seat, st, params, u):
    if u < 0.05:
        i = 0
        while st[v.AIR] + i >= 0:
            i += 1
    return v.NOTHING if phase == v.PHASE_TREASURE else v.STAY_DOWN
