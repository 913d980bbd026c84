"""The Pig bot registry; third-party packages add bots through the
entry-point group ``deepsim.pig_bots``.

Decision function signature (fixed)::

    @njit(cache=True)
    def decide(seat, st, params, u) -> int64   # 1 roll, 0 hold

``seat`` own seat index, ``st`` the read-only int64 state view (layout:
`sim.games.pig.layout`: every banked score, the turn total, the goal),
``params`` the read-only float64 parameter vector (registry Params in
order), ``u`` a uniform [0, 1) drawn for this decision from the seat's own
bot stream. A bot is asked after every roll of 2..6 that does not reach the
goal; the engines fail loudly, naming the bot, on any answer but 0 or 1.
"""

from sim.registry import Registry

PIG_BOTS = Registry("pig", "deepsim.pig_bots")
register = PIG_BOTS.register
