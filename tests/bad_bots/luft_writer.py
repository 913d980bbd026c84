"""A Geteilte Luft cheater that writes its view (puts itself back in the submarine)."""

from numba import njit

from sim.games.luft import layout
from strategies.luft.registry import register


@register("cheat-luft-writer")
@njit(cache=True)
def cheat_luft_writer(phase, seat, st, params, u):
    st[layout.BACK + seat] = 1
    return layout.NOTHING if phase == layout.PHASE_TREASURE else layout.STAY_DOWN
