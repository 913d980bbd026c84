"""A Geteilte Luft user bot that answers 99 (illegal) now and then."""

from numba import njit

from sim.games.luft import layout
from strategies.luft.registry import register


@register("bad-luft-illegal")
@njit(cache=True)
def bad_luft_illegal(phase, seat, st, params, u):
    if u < 0.003:
        return 99
    return layout.NOTHING if phase == layout.PHASE_TREASURE else layout.STAY_DOWN
