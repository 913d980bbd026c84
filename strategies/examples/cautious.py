"""A custom Geteilte Luft bot, written the way a user would: one file, outside
``sim/``, registered by name with its parameters, loaded with ``--bot-file``::

    sim luft simulate --bot-file strategies/examples/cautious.py \\
        --players 2 --bots cautious,threshold:t=2 --games 10000

    sim luft simulate --bot-file strategies/examples/cautious.py \\
        --bots cautious:level=3:spare=4,threshold:t=2,greedy-value,air

A bot is an ``@njit`` function ``(phase, seat, st, params, u) -> int``:

* ``phase``: ``v.PHASE_TURN_BACK`` (answer ``v.STAY_DOWN`` or ``v.TURN_BACK``;
  only asked when turning back is allowed) or ``v.PHASE_TREASURE`` (answer
  ``v.NOTHING``, ``v.PICK_UP`` or ``v.DROP + k``; only asked when picking up
  or dropping is possible);
* ``st``: the public state, an int64 array laid out in
  ``sim/games/luft/layout.py`` (air, positions, loads, the path, scores, ...);
* ``params[i]``: this seat's value of the i-th ``Param`` below (a
  parameter change never recompiles anything);
* ``u``: a uniform random number in [0, 1) from the game's own stream (use it
  instead of ``np.random`` so games stay reproducible).

No ``builtin_id``: the engine calls it as a first-class function. The engine
checks every answer and stops with an error naming the bot on an illegal one.
"""

from numba import njit

from sim.games.luft import forecast, layout
from sim.registry import Param
from strategies.luft.registry import register


@register(
    "cautious",
    params=[
        Param("level", 2, 1, 4, integer=True, doc="lowest treasure level worth taking"),
        Param("spare", 3, 0, 25, doc="air to keep in hand beyond the expected burn home"),
    ],
)
@njit(cache=True)
def cautious(phase, seat, st, params, u):
    """Takes one treasure of level >= `level` (the first it lands on, heading
    down) and turns back at once; heads home early anyway when the air left
    is at most the expected burn home + `spare` (forecast.air_burn). Never
    takes a second treasure, never drops."""
    level = params[0]
    spare = params[1]
    load = st[layout.N_CARRIED + seat]
    if phase == layout.PHASE_TURN_BACK:
        if load >= 1:
            return layout.TURN_BACK
        d = forecast.dist_home(st, seat, st[layout.POS + seat])
        burn = forecast.air_burn(d, load, forecast.others_load(st, seat), forecast.SWIM_P, True)
        return layout.TURN_BACK if st[layout.AIR] <= burn + spare else layout.STAY_DOWN
    if (
        load == 0
        and st[layout.HEADING_UP + seat] == 0
        and layout.can_pick_up(st, seat)
        and layout.item_top_level(layout.field_item(st, seat)) >= level
    ):
        return layout.PICK_UP
    return layout.NOTHING
