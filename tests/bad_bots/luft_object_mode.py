"""A Geteilte Luft user bot that drops into numba's object mode, where plain
Python could walk the call stack and read the engine's hidden state."""

import numba
from numba import njit

from sim.games.luft import layout as v
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
        return v.PICK_UP
    return v.NOTHING if phase == v.PHASE_TREASURE else v.STAY_DOWN
