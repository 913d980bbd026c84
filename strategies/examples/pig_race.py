"""A custom Pig bot, written the way a user would: one file, outside ``sim/``,
registered by name with its parameter, loaded with ``--bot-file``::

    sim pig check-bot strategies/examples/pig_race.py
    sim pig simulate --bot-file strategies/examples/pig_race.py --bots race,optimal --games 100000

"Keep pace and end race" (Neller & Presser's simple rule): when either score
is within ``end`` of the goal, roll until the game is won; otherwise hold at
21 plus an eighth of the other's lead.
"""

from numba import njit

from sim.games.pig import layout
from sim.registry import Param
from strategies.pig.registry import register


@register("race", params=(Param("end", 29, 0, 100, integer=True, doc="points from the goal at which to race"),))
@njit(cache=True)
def race(seat, st, params, u):
    """Roll on near the end; else hold at 21 + (other's score - own) / 8."""
    own, other, goal = st[layout.S_SCORE + seat], layout.other_best(st, seat), st[layout.S_GOAL]
    if own >= goal - params[0] or other >= goal - params[0]:
        return layout.ROLL
    return layout.HOLD if st[layout.S_TURN_TOTAL] >= 21 + round((other - own) / 8) else layout.ROLL
