"""A Geteilte Luft user bot that now and then never answers (an endless loop)."""

from numba import njit

from sim.games.luft import layout
from strategies.luft.registry import register


@register("bad-luft-hangs")
@njit(cache=True)
def bad_luft_hangs(phase, seat, st, params, u):
    if u < 0.05:
        i = 0
        while st[layout.AIR] + i >= 0:
            i += 1
    return layout.NOTHING if phase == layout.PHASE_TREASURE else layout.STAY_DOWN
