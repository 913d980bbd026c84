"""`policy` and `trained`: roll while a linear score over the position is
positive; its weights trained (`sim pig train`), loaded from a weight file or
a shipped preset.

The position, in units of the goal G: 1, turn total k/G, own score i/G, the
best other score j/G, how far each of the two is past 70% of the goal in
tenths of it (10·max(0, j/G - 0.7), 10·max(0, i/G - 0.7): the race at the
end, where rolling on pays) and k·j/G². Roll when w · features > 0, else
hold. The untrained start holds at a fifth of the goal (20 of 100).

The end-race terms are counted in tenths so that a weight of about 1 (the
size of the others) makes them a switch ("past 72 of 100, roll on"); in
units of the goal the trainer had to grow their weights to ~100 times the
others', hundreds of initial step sizes away, and stopped short of it.
"""

from pathlib import Path

import numpy as np
from numba import njit

from sim.games.pig.layout import HOLD, MAXP, ROLL, S_GOAL, S_PLAYERS, S_SCORE, S_TURN_TOTAL, other_best
from sim.strong.weights import PolicyLayout
from strategies.pig.registry import register

N_FEATURES = 7
END_RACE = 10.0  # the end-race terms in tenths of the goal (module doc)
FIRST_PLAYERS = 2
_START = np.zeros(N_FEATURES)
_START[0], _START[1] = 0.2, -1.0

LAYOUT = PolicyLayout(
    "pig",
    N_FEATURES,
    tuple(range(FIRST_PLAYERS, MAXP + 1)),
    tuple(_START),
    Path(__file__).with_name("presets"),
)


@njit(cache=True)
def features(seat, st):
    g = st[S_GOAL] * 1.0
    i, j, k = st[S_SCORE + seat] / g, other_best(st, seat) / g, st[S_TURN_TOTAL] / g
    return (1.0, k, i, j, END_RACE * max(0.0, j - 0.7), END_RACE * max(0.0, i - 0.7), k * j)


@register("policy", options=LAYOUT.options, builtin_id=3)
@njit(cache=True)
def policy(seat, st, params, u):
    """Roll while a linear score over the position (turn total, own score, best
    other score, how near the end each of the two is, all per goal) is positive. Weights per player
    count: policy (the untrained start: hold at a fifth of the goal),
    policy:file=PATH (a weight file from `sim pig train`) or
    policy:preset=NAME (shipped: strategies/pig/presets)."""
    at = (min(max(st[S_PLAYERS], FIRST_PLAYERS), MAXP) - FIRST_PLAYERS) * N_FEATURES
    t = features(seat, st)
    total = 0.0
    for f in range(N_FEATURES):
        total += params[at + f] * t[f]
    return ROLL if total > 0.0 else HOLD


register("trained", options=LAYOUT.trained_vector, builtin_id=4, doc=LAYOUT.trained_doc())(policy)
