"""The Geteilte Luft bot registry; third-party packages add bots through the
entry-point group ``deepsim.luft_bots``."""

from sim.games.luft.old_bots import adapt
from sim.registry import Registry

LUFT_BOTS = Registry("luft", "deepsim.luft_bots", adapt=adapt)
register = LUFT_BOTS.register
