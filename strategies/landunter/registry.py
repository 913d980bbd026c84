"""The Land unter bot registry; third-party packages add bots through the
entry-point group ``deepsim.landunter_bots``.

Decision function signature (fixed)::

    @njit(cache=True)
    def decide(seat, st, params, u) -> int64   # the weather card value to play

``seat`` own seat index, ``st`` the read-only int64 state view (layout:
`sim.games.landunter.layout`; it holds the public record and the seat's own
hand only), ``params`` the read-only float64 parameter vector (registry
Params in order), ``u`` a uniform [0, 1) drawn for this decision from the
seat's own bot stream (`sim.rng.bot_stream`, apart from the card draws). The
engine checks the card is in the hand and fails loudly, naming the bot,
otherwise; a bot that writes ``st`` or ``params`` is refused, naming it.
"""

from sim.registry import Registry

LANDUNTER_BOTS = Registry("landunter", "deepsim.landunter_bots")
register = LANDUNTER_BOTS.register
