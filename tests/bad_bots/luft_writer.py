"""A Geteilte Luft cheater that writes its view (puts itself back in the submarine)."""

from numba import njit

from sim.games.luft import layout as v
from strategies.luft.registry import register


@register("cheat-luft-writer")
@njit(cache=True)
def cheat_luft_writer(phase, seat, st, params, u):
    st[v.BACK + seat] = 1
    return v.NOTHING if phase == v.PHASE_TREASURE else v.STAY_DOWN
