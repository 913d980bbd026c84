"""The honest twin of the cheaters in this folder: the same decisions, no
cheat (picks up what it reaches, turns back with two treasures)."""

from numba import njit

from sim.games.luft import layout
from strategies.luft.registry import register


@register("honest-luft-twin")
@njit(cache=True)
def honest_luft_twin(phase, seat, st, params, u):
    if phase == layout.PHASE_TURN_BACK:
        return layout.TURN_BACK if st[layout.N_CARRIED + seat] >= 2 and layout.can_turn_back(st, seat) else layout.STAY_DOWN
    if layout.can_pick_up(st, seat):
        return layout.PICK_UP
    return layout.NOTHING
