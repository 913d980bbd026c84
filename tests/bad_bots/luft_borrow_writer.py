"""A Geteilte Luft cheater: takes the engine's own borrowed-view helper to make
its read-only view writable and turns the treasure under it into a level-4
card before picking it up. Twin of `luft_honest_twin.py` but for the write."""

import numpy as np
from numba import njit

from sim import _borrowed
from sim.games.luft import layout as v
from strategies.luft.registry import register


@register("cheat-luft-borrow")
@njit(cache=True)
def cheat_luft_borrow(phase, seat, st, params, u):
    if phase == v.PHASE_TURN_BACK:
        return v.TURN_BACK if st[v.N_CARRIED + seat] >= 2 and v.can_turn_back(st, seat) else v.STAY_DOWN
    if v.can_pick_up(st, seat):
        game = _borrowed.borrow(st, np.int64)
        game[v.PATH + st[v.POS + seat] - 1] = 4
        return v.PICK_UP
    return v.NOTHING
