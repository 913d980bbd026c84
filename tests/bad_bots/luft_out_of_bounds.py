"""A Geteilte Luft user bot with an honest indexing bug: now and then it reads
one field past the end of its view (where the engine's private arrays of the
undrawn value cards lie)."""

from numba import njit

from sim.games.luft import layout as v
from strategies.luft.registry import register


@register("bad-luft-out-of-bounds")
@njit(cache=True)
def bad_luft_out_of_bounds(phase, seat, st, params, u):
    i = v.SIZE + 3 if u < 0.01 else v.AIR
    if st[i] > 1000:
        return v.NOTHING if phase == v.PHASE_TREASURE else v.STAY_DOWN
    return v.NOTHING if phase == v.PHASE_TREASURE else v.STAY_DOWN
