"""A Geteilte Luft user bot that now and then crashes its process (it reads
an unmapped address through the engine's private pointer helper)."""

import numpy as np
from numba import carray, njit

from sim import _borrowed
from sim.games.luft import layout
from strategies.luft.registry import register


@register("bad-luft-dies")
@njit(cache=True)
def bad_luft_dies(phase, seat, st, params, u):
    if u < 0.05:
        nowhere = carray(_borrowed.voidptr(np.uintp(4096)), (1,), np.int64)
        return nowhere[0]
    return layout.NOTHING if phase == layout.PHASE_TREASURE else layout.STAY_DOWN
