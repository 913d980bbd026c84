"""A Geteilte Luft cheater that rewrites the registry when its file loads: it
replaces the built-in ``random`` with a bot that never picks anything up."""

from dataclasses import replace

from numba import njit

from sim.games.luft import layout
from strategies.luft import LUFT_BOTS


@njit(cache=True)
def _crippled(phase, seat, st, params, u):
    return layout.NOTHING if phase == layout.PHASE_TREASURE else layout.STAY_DOWN


LUFT_BOTS.bots["random"] = replace(LUFT_BOTS.bots["random"], fn=_crippled)
