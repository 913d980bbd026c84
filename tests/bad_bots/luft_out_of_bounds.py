"""A Geteilte Luft user bot with an honest indexing bug: now and then it reads
one field past the end of its view (where the engine's private arrays of the
undrawn value cards lie)."""

from numba import njit

from sim.games.luft import layout
from strategies.luft.registry import register


@register("bad-luft-out-of-bounds")
@njit(cache=True)
def bad_luft_out_of_bounds(phase, seat, st, params, u):
    i = layout.SIZE + 3 if u < 0.01 else layout.AIR
    if st[i] > 1000:
        return layout.NOTHING if phase == layout.PHASE_TREASURE else layout.STAY_DOWN
    return layout.NOTHING if phase == layout.PHASE_TREASURE else layout.STAY_DOWN
