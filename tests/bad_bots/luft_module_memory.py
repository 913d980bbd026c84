"""A Geteilte Luft user bot that keeps memory in a module-level array (numba
freezes it as a read-only constant: the bot is refused, naming the array)."""

import numpy as np
from numba import njit

from sim.games.luft import layout
from strategies.luft.registry import register

SEEN = np.zeros(8, np.int64)


@register("bad-luft-module-memory")
@njit(cache=True)
def bad_luft_module_memory(phase, seat, st, params, u):
    SEEN[seat] += 1
    return layout.NOTHING if phase == layout.PHASE_TREASURE else layout.STAY_DOWN
