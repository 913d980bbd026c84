"""The Land unter bot registry; third-party packages add bots through the
entry-point group ``deepsim.landunter_bots``.

Decision function signature (fixed)::

    @njit(cache=True)
    def decide(seat, st, params, u) -> int64   # the weather card value to play

``seat`` own seat index, ``st`` the int64 state view (layout and what a bot
may read: `sim.games.landunter.layout`; a bot reads only its OWN hand),
``params`` the float64 parameter vector (registry Params in order), ``u`` a
uniform [0, 1) drawn for this decision from the game's own stream. The engine
checks the card is in the hand and fails loudly, naming the bot, otherwise.
"""
from sim.registry import Registry

LANDUNTER_BOTS = Registry("landunter", "deepsim.landunter_bots")
register = LANDUNTER_BOTS.register
