"""A Geteilte Luft cheater: takes the engine's own borrowed-view helper to make
its read-only view writable and turns the treasure under it into a level-4
card before picking it up. Twin of `luft_honest_twin.py` but for the write."""

import numpy as np
from numba import njit

from sim import _borrowed
from sim.games.luft import layout
from strategies.luft.registry import register


@register("cheat-luft-borrow")
@njit(cache=True)
def cheat_luft_borrow(phase, seat, st, params, u):
    if phase == layout.PHASE_TURN_BACK:
        return layout.TURN_BACK if st[layout.N_CARRIED + seat] >= 2 and layout.can_turn_back(st, seat) else layout.STAY_DOWN
    if layout.can_pick_up(st, seat):
        game = _borrowed.borrow(st, np.int64)
        game[layout.PATH + st[layout.POS + seat] - 1] = 4
        return layout.PICK_UP
    return layout.NOTHING
