"""A Geteilte Luft user bot that raises from its second turn on, in every game."""

from numba import njit

from sim.games.luft import layout
from strategies.luft.registry import register


@register("bad-luft-always-raises")
@njit(cache=True)
def bad_luft_always_raises(phase, seat, st, params, u):
    if st[layout.TURN] >= 1:
        raise RuntimeError("bad-luft-always-raises is not written yet")
    return layout.NOTHING if phase == layout.PHASE_TREASURE else layout.STAY_DOWN
