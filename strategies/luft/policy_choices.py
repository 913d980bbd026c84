"""The `policy` bot's three scores as features for a fit to people's choices
(`sim luft humans`): turning back, picking up, dropping (heading up) — each
a weighted sum of the bot's own features, acted on when positive. A person
is modelled as acting with probability 1 / (1 + exp(-score)) (a logit; the
bot acts when that is above one half). Only the terms the bot computes
without a search are fitted (the planner's and rollout's gains stay 0)."""

from __future__ import annotations

import numpy as np

from sim.games.luft import forecast, layout
from strategies.luft.policy import (
    DROP_W,
    DROP_X,
    LAYOUT,
    N_FEATURES,
    PICK_UP_W,
    PICK_UP_X,
    TURN_BACK_W,
    TURN_BACK_X,
    drop_features,
    features,
    pick_up_features,
    stay_down_features,
)

DECISIONS = {
    "turn back": "turn back or keep diving down",
    "pick up": "pick up the treasure here",
    "drop": "drop a treasure heading up",
}
WEIGHTS = {
    "turn back": np.r_[TURN_BACK_W : TURN_BACK_W + N_FEATURES, TURN_BACK_X : TURN_BACK_X + 3],
    "pick up": np.r_[PICK_UP_W : PICK_UP_W + N_FEATURES + 1, PICK_UP_X : PICK_UP_X + 2],
    "drop": np.r_[DROP_W : DROP_W + N_FEATURES + 1, DROP_X : DROP_X + 2],
}
__all__ = ["DECISIONS", "LAYOUT", "WEIGHTS", "choices"]


def choices(phase: int, seat: int, st: np.ndarray, action: int) -> tuple[str, np.ndarray, int] | None:
    """(decision type, the rows of not acting (0) and acting, 1 if it acted);
    None for a decision the bot does not score (no turning back allowed, a
    drop heading down)."""
    load = int(st[layout.N_CARRIED + seat])
    if phase == layout.PHASE_TURN_BACK:
        if not layout.can_turn_back(st, seat):
            return None
        x = np.array(features(st, seat, load, True) + stay_down_features(st, seat))
        return "turn back", np.vstack([np.zeros_like(x), x]), int(action == layout.TURN_BACK)
    if layout.can_pick_up(st, seat):
        value = forecast.item_value(st[layout.PATH + st[layout.POS + seat] - 1]) / 14.0
        x = np.array(features(st, seat, load + 1, False) + (value,) + pick_up_features(st, seat))
        return "pick up", np.vstack([np.zeros_like(x), x]), int(action == layout.PICK_UP)
    if st[layout.HEADING_UP + seat] == 1 and layout.can_drop(st, seat):
        k = forecast.cheapest_carried(st, seat)
        value = forecast.item_value(st[layout.CARRIED + seat * layout.MAX_PATH + k]) / 14.0
        x = np.array(features(st, seat, load - 1, False) + (value,) + drop_features(st, seat, k))
        return "drop", np.vstack([np.zeros_like(x), x]), int(action >= layout.DROP)
    return None
