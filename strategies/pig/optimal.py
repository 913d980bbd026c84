"""`optimal`: the 2-player policy that maximises the chance to win, by value
iteration (`sim.games.pig.solve`), solved once per goal and cached.

The compiled engine reads the solved roll/hold table, handed to the kernel
beside the bots' parameters; the reference engine reads the same table here.
"""

import numpy as np
from numba import njit

from sim.games.pig.layout import S_GOAL, S_SCORE, S_TURN_TOTAL
from sim.registry import MAX_PARAMS, BotError
from strategies.pig.registry import register

OPTIMAL_ID = 2


def _only_two(values: dict, players: int | None):
    if values:
        raise BotError(f"optimal takes no parameters; got {', '.join(sorted(values))}")
    if players is not None and players != 2:
        raise BotError(f"optimal is solved for 2 players only, not {players}; play it with --players 2")
    return np.zeros(MAX_PARAMS)


@njit(cache=True)
def optimal_move(seat, st, table):
    """The solved decision for (own score, other's score, turn total)."""
    return table[st[S_SCORE + seat], st[S_SCORE + 1 - seat], st[S_TURN_TOTAL]]


@register("optimal", options=_only_two, builtin_id=OPTIMAL_ID)
def optimal(seat, st, params, u):
    """The 2-player optimal policy (Neller & Presser): roll or hold to maximise
    the chance to win, by value iteration over (own score, other's score, turn
    total); solved once per goal. 2 players only."""
    # deferred: the solver loads the numba toolkit (sim.nb), +48 ms to `import strategies.pig` (python -X importtime)
    from sim.games.pig.solve import optimal_table

    return int(optimal_move(seat, st, optimal_table(int(st[S_GOAL]))))
