"""`distilled`: `policy` without its search terms, its weights fitted to
`trained`'s decisions (`sim luft distill`) and shipped per player count.

The bot is the policy's own kernel with planner's and rollout's weights held
at 0: it decides from the features of the seat's view (air, depth, loads,
expected air burned, chances to get home, score lead, greedy-value's terms
for turning back, picking up and dropping),
so it solves no plan and plays no continuation, and a decision costs what a
heuristic's does. `choices` gives, for one decision, the features each option
adds to its score (the fit's design matrix): the policy acts iff that score
is positive, so "act" is an option with the features and "do not" one with
zeros.
"""

from dataclasses import replace

import numpy as np

from sim.games.luft import forecast, layout
from sim.strong.distill import register_choices
from strategies.luft.policy import (
    BLOCK,
    DROP_PLAN,
    DROP_ROLL,
    DROP_W,
    DROP_X,
    LAYOUT,
    N_EXTRA,
    N_FEATURES,
    PICK_UP_PLAN,
    PICK_UP_ROLL,
    PICK_UP_W,
    PICK_UP_X,
    TURN_BACK_PLAN,
    TURN_BACK_ROLL,
    TURN_BACK_W,
    TURN_BACK_X,
    drop_features,
    features,
    pick_up_features,
    policy,
    stay_down_features,
)
from strategies.luft.registry import register

SEARCH = (TURN_BACK_PLAN, PICK_UP_PLAN, DROP_PLAN, TURN_BACK_ROLL, PICK_UP_ROLL, DROP_ROLL)

DISTILLED = replace(LAYOUT, shipped="distilled", fixed=SEARCH)

register(
    "distilled",
    options=DISTILLED.trained_vector,
    builtin_id=12,
    doc="policy without its search terms (no plan, no continuation: features of the seat's view only), "
    "fitted to trained's decisions and fine-tuned against the target field; "
    "a decision costs what a heuristic's does. " + DISTILLED.trained_doc(),
)(policy)


@register_choices("luft")
def choices(phase, seat, st, action):
    """The options of one decision as (design matrix, index of ``action``):
    row 0 is "do not act" (score 0), row 1 the act the distilled policy weighs
    here; None when the policy without search has no choice here or could
    not take ``action`` (a drop heading down, or at a field it declines)."""
    load = st[layout.N_CARRIED + seat]
    row = np.zeros(BLOCK)
    if phase == layout.PHASE_TURN_BACK:
        if not layout.can_turn_back(st, seat):
            return None
        row[TURN_BACK_W : TURN_BACK_W + N_FEATURES] = features(st, seat, load, True)
        row[TURN_BACK_X : TURN_BACK_X + N_EXTRA] = stay_down_features(st, seat)
        acted = action == layout.TURN_BACK
    elif layout.can_pick_up(st, seat):
        if action >= layout.DROP:
            return None
        row[PICK_UP_W : PICK_UP_W + N_FEATURES] = features(st, seat, load + 1, False)
        row[PICK_UP_W + N_FEATURES] = forecast.item_value(st[layout.PATH + st[layout.POS + seat] - 1]) / 14.0
        row[PICK_UP_X : PICK_UP_X + 2] = pick_up_features(st, seat)
        acted = action == layout.PICK_UP
    elif st[layout.HEADING_UP + seat] == 1 and layout.can_drop(st, seat):
        k = forecast.cheapest_carried(st, seat)
        if action >= layout.DROP and action != layout.DROP + k:
            return None
        row[DROP_W : DROP_W + N_FEATURES] = features(st, seat, load - 1, False)
        row[DROP_W + N_FEATURES] = forecast.item_value(st[layout.CARRIED + seat * layout.MAX_PATH + k]) / 14.0
        row[DROP_X : DROP_X + 2] = drop_features(st, seat, k)
        acted = action >= layout.DROP
    else:
        return None
    return np.stack([np.zeros(BLOCK), row]), int(acted)
