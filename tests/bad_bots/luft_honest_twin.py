"""The honest twin of the cheaters in this folder: the same decisions, no
cheat (picks up what it reaches, turns back with two treasures)."""

from numba import njit

from sim.games.luft import layout as v
from strategies.luft.registry import register


@register("honest-luft-twin")
@njit(cache=True)
def honest_luft_twin(phase, seat, st, params, u):
    if phase == v.PHASE_TURN_BACK:
        return v.TURN_BACK if st[v.N_CARRIED + seat] >= 2 and v.can_turn_back(st, seat) else v.STAY_DOWN
    if v.can_pick_up(st, seat):
        return v.PICK_UP
    return v.NOTHING
