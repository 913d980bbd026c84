"""`distilled`: the `policy` kernel with weights fitted to a strong bot's
decisions (`sim landunter distill`; shipped presets: fitted to `sampler`'s,
fine-tuned against it), so it plays like a search bot at a heuristic's cost.

The policy already decides from the seat's view alone (no play-outs), so the
distilled bot is the same kernel with presets of its own. `choices` gives,
for one decision, the features of each legal card (the rows its score
weighs: table feature x card term, in the weights' order) and which card was
played: the fit's design matrix.
"""

from dataclasses import replace

import numpy as np

from sim.games.landunter.layout import MAX_CARD, S_N_CARDS, hand_card, hand_n
from sim.strong.distill import register_choices
from strategies.landunter.features import flip_if, outcome_terms
from strategies.landunter.policy import LAYOUT, card_terms, cards_out_below, policy, table_features
from strategies.landunter.registry import register

DISTILLED = replace(LAYOUT, shipped="distilled")

register(
    "distilled",
    options=DISTILLED.trained_vector,
    builtin_id=10,
    doc="policy with weights fitted to a search bot's decisions and fine-tuned against it "
    "(features of the seat's view only, no play-outs). " + DISTILLED.trained_doc(),
)(policy)


@register_choices("landunter")
def choices(seat, st, card):
    """(one row per card in the hand: table features x card terms, flattened as
    the policy's weights; the index of ``card`` among them)."""
    t = np.array(table_features(seat, st))
    below = cards_out_below(seat, st)
    flips = flip_if(seat, st)
    n = hand_n(st, seat)
    rows, taken = [], None
    for k in range(n):
        c = hand_card(st, seat, k)
        x = card_terms(c, st[S_N_CARDS], below)
        y = outcome_terms(seat, st, below[c], below[MAX_CARD + 1], flips, n - 1 - k)
        rows.append(np.outer(np.concatenate([x, y]), t).ravel())
        if c == card:
            taken = k
    if taken is None or n < 2:
        return None
    return np.stack(rows), taken
