"""A Geteilte Luft user bot that drops into numba's object mode, where plain
Python could walk the call stack and read the engine's hidden state."""

import numba
from numba import njit

from sim.games.luft import layout
from strategies.luft.registry import register


def _peek():
    import sys

    return len(sys._getframe(1).f_locals)


@register("bad-luft-object-mode")
@njit(cache=True)
def bad_luft_object_mode(phase, seat, st, params, u):
    with numba.objmode(n="int64"):
        n = _peek()
    if n < 0:
        return layout.PICK_UP
    return layout.NOTHING if phase == layout.PHASE_TREASURE else layout.STAY_DOWN
