"""A custom Land unter bot, written the way a user would: one file, outside
``sim/``, registered by name with its parameters, loaded with ``--bot-file``::

    sim landunter simulate --bot-file strategies/examples/second_best.py \\
        --players 4 --bots second-best,low,mid,random --games 100000

A Land unter bot is an ``@njit`` function ``(seat, st, params, u) -> int``
that returns the value of the weather card to play (all players choose at
once):

* ``st``: the read-only state view, an int64 array laid out in
  ``sim/games/landunter/layout.py`` (flood cards on offer, rings, top flood
  cards, every card played so far, the own hand — no other hand is in it);
* ``params[i]``: this seat's value of the i-th ``Param`` below (a read-only
  1-d vector, as in Geteilte Luft; changing it never
  recompiles);
* ``u``: a uniform random number in [0, 1) from the seat's own stream, which
  says nothing about the cards.

No ``builtin_id``: the engine calls it as a first-class function. A card not
in the hand, or a write to ``st`` or ``params``, stops the run with an error
naming the bot.
"""

from numba import njit

from sim.games.landunter import layout
from sim.registry import Param
from strategies.landunter.registry import register


@register(
    "second-best",
    params=[
        Param("flood", 6, 1, 12, integer=True, doc="highest lower flood card worth bidding high for"),
    ],
)
@njit(cache=True)
def second_best(seat, st, params, u):
    """Plays its second-highest card when the lower flood card on offer is at
    most `flood` (a cheap card to take), else its lowest card."""
    m = layout.hand_n(st, seat)
    if st[layout.S_FLOOD_LO] <= params[0]:
        return layout.hand_card(st, seat, m - 2 if m >= 2 else 0)
    return layout.hand_low(st, seat)
