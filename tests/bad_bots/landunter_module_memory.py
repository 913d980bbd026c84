"""A Land unter user bot that keeps memory in a module-level array (numba
freezes it as a read-only constant: the bot is refused, naming the array)."""

import numpy as np
from numba import njit

from sim.games.landunter import layout
from strategies.landunter.registry import register

PLAYED = np.zeros(8, np.int64)


@register("bad-lu-module-memory")
@njit(cache=True)
def bad_lu_module_memory(seat, st, params, u):
    PLAYED[seat] = PLAYED[seat] + 1
    return layout.hand_low(st, seat)
