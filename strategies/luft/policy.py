"""`policy` and `trained`: a linear policy over public features, its weights
trained (`sim luft train`), loaded from a weight file or a shipped preset.

Every decision scores a weighted sum of the features below and acts when it
is positive. Features at a load L (`features`): 1, air left / air at the
start, depth / 32, L / 4, others' load / 8, expected air burned before home
carrying L (forecast.air_burn, over the swim distribution) / air left (at
most 4), share of the other divers still down, score lead (own score minus
the best other) / 30, dive / (dives - 1), value carried / 30, chance of NOT
getting home carrying L heading up from now (forecast.p_home).

The turn-back score adds greedy-value's terms (greedy_value.stay_down_terms),
which weigh one more turn down as the bots that beat the policy do: the
expected points of the treasure landed on if the diver stays one more turn
times its chance to get home with it, the value carried times the chance to get
home it gives up by staying (both / 10, near 1 like the other features, so the
training's step suits them), and the chance to get home after staying. They
sit at the end of each block (`TURN_BACK_X`), so weight files written before
them load with those weights 0 and play as they did; the bot only computes
them when one of their weights is not 0.

Then in each block, `planner`'s own values (planner.plan_gain and drop_gain,
extra=3, / 10): at the turn-back step the expected points turning back gains
over staying down, at the pick-up the points the item gains, heading up the
points dropping the cheapest item gains. With weight +1 (and a bias of 1e-9,
as planner turns back on a tie) the policy decides as planner does. Like
planner, a policy with the drop term weighed may drop on a field where an
item lies and it declines it; without it, it drops only where none lies, as
before. Weight files written before them load with those weights 0; the bot
solves the plan only when their weight is not 0.

Then `rollout`'s own values (forecast.rollout_gain over all k=32
continuations, t per player count as rollout's best in the target
tournaments, / 10): at the turn-back step the mean points turning back gains
over staying down, at the pick-up the points picking up gains over leaving
it, at a blank field the points dropping the cheapest item gains (with this
weight not 0 the policy may drop heading down too, as rollout does). The
continuations draw from the decision's own ``u`` as rollout's do, so with
weight +1 (and the bias of 1e-9 for rollout's tie, which turns back) the
policy decides as rollout:k=32 at that t. Fixed k and t: the features stand
for the strongest bot of each count, and a spec option would put a second
knob beside the weights that every preset would have to record. Weight
files written before them load with those weights 0; the bot plays no
continuation when their weight is 0.

The pick-up and drop scores add greedy-value's terms for those decisions as
well (`pick_up_features`, `drop_features`): the item's points times the
chance to get home with it, and the value carried times the chance to get
home the item costs (both / 10); for a drop, the value carried times the
chance to get home dropping gains, and the dropped item's points times the
chance to get home without it. A linear score over the features alone cannot
form these products. They sit last in each block, so
every weight file written before them loads with them 0 and plays as it did;
the bot computes them only when one of their weights is not 0.
"""

from pathlib import Path

import numpy as np
from numba import njit

from sim.games.luft import forecast, layout
from sim.strong.weights import PolicyLayout
from strategies.luft.greedy_value import drop_terms, pick_up_terms, stay_down_terms
from strategies.luft.planner import drop_gain, plan_gain
from strategies.luft.registry import register

N_FEATURES = 11
TURN_BACK_W = 0  # weights of the turn-back score: features at the load now
PICK_UP_W = N_FEATURES  # pick-up score: features at load + 1, then the item's value / 14
DROP_W = 2 * N_FEATURES + 1  # drop score: features at load - 1, then the cheapest item's value / 14
TURN_BACK_X = 3 * N_FEATURES + 2  # turn-back score, greedy-value's terms (`stay_down_features`)
N_EXTRA = 3
TURN_BACK_PLAN = TURN_BACK_X + N_EXTRA  # turn-back score, planner's gain from turning back / 10
PICK_UP_PLAN = TURN_BACK_PLAN + 1  # pick-up score, planner's gain from the item / 10
DROP_PLAN = PICK_UP_PLAN + 1  # drop score, planner's gain from dropping the cheapest item / 10
PLAN_EXTRA = 3  # the planner's `extra` the features solve with (its default)
TURN_BACK_ROLL = DROP_PLAN + 1  # turn-back score, rollout's gain from turning back / 10
PICK_UP_ROLL = TURN_BACK_ROLL + 1  # pick-up score, rollout's gain from the item / 10
DROP_ROLL = PICK_UP_ROLL + 1  # drop score, rollout's gain from dropping the cheapest item / 10
ROLL_K = 32  # continuations of the rollout features: rollout's best k
ROLL_T = np.array([2, 2, 3, 3, 2])  # their default policy's t at 2..6 players: rollout's best t there
PICK_UP_X = DROP_ROLL + 1  # pick-up score, greedy-value's pick-up terms (`pick_up_features`)
DROP_X = PICK_UP_X + 2  # drop score, greedy-value's drop terms (`drop_features`)
BLOCK = DROP_X + 2
# weight files from before the greedy-value / planner / rollout / greedy-value
# pick-up and drop terms: padded with 0
OLDER_BLOCKS = (TURN_BACK_X, TURN_BACK_PLAN, TURN_BACK_ROLL, PICK_UP_X)
FIRST_PLAYERS = 2

# Untrained start: turn back when the trip home burns more than half the air
# left; pick up when the item's value outweighs the burn with it; never drop.
_START = np.zeros(BLOCK)
_START[TURN_BACK_W + 0], _START[TURN_BACK_W + 5] = -0.5, 1.0
_START[PICK_UP_W + 0], _START[PICK_UP_W + 5], _START[PICK_UP_W + N_FEATURES] = 0.3, -1.0, 1.0
_START[DROP_W + 0] = -1.0

LAYOUT = PolicyLayout(
    "luft",
    BLOCK,
    tuple(range(FIRST_PLAYERS, layout.MAX_SEATS + 1)),
    tuple(_START),
    Path(__file__).with_name("presets"),
    older=OLDER_BLOCKS,
)


@njit(cache=True)
def features(st, seat, load, now):
    """The feature tuple at load ``load``; ``now``: asked at the turn-back step
    (this turn's swim still to come)."""
    air = st[layout.AIR]
    n = st[layout.N_PLAYERS]
    lo = forecast.others_load(st, seat)
    d = forecast.dist_home(st, seat, st[layout.POS + seat])
    burn = min(forecast.air_burn(d, load, lo, forecast.SWIM_P, now) / max(air, 1), 4.0)
    swims = forecast.turns_left(air, load, lo) + (1 if now else 0)
    risk = 1.0 - forecast.p_home(d, swims, load, forecast.SWIM_P, forecast.SWIM_P)
    down = 0
    best_other = 0
    for s in range(n):
        if s != seat:
            down += 1 - st[layout.BACK + s]
            best_other = max(best_other, st[layout.SCORE + s])
    return (
        1.0,
        air / max(st[layout.MAX_AIR], 1),
        st[layout.POS + seat] / 32.0,
        load / 4.0,
        lo / 8.0,
        burn,
        down / max(n - 1, 1),
        (st[layout.SCORE + seat] - best_other) / 30.0,
        st[layout.DIVE] / max(st[layout.DIVES] - 1, 1),
        forecast.carried_value(st, seat) / 30.0,
        risk,
    )


@njit(cache=True)
def stay_down_features(st, seat):
    """Greedy-value's turn-back terms: (expected points of the treasure landed on
    x chance to get home with it) / 10, (value carried x chance to get home lost
    by staying) / 10, chance to get home after staying one more turn."""
    gain, p_stay = stay_down_terms(st, seat)
    p_back = forecast.p_home_seat(st, seat, st[layout.N_CARRIED + seat], True, forecast.SWIM_P)
    return gain / 10.0, forecast.carried_value(st, seat) * (p_back - p_stay) / 10.0, p_stay


@njit(cache=True)
def pick_up_features(st, seat):
    """Greedy-value's pick-up terms: (the item's points x chance to get home
    with it) / 10, (value carried x chance to get home the item costs) / 10."""
    gain, w_now, lost = pick_up_terms(st, seat)
    return gain / 10.0, w_now * lost / 10.0


@njit(cache=True)
def drop_features(st, seat, k):
    """Greedy-value's drop terms for carried item ``k``: (value carried x chance
    to get home dropping it gains) / 10, (its points x chance to get home
    without it) / 10."""
    kept, w_now, gained = drop_terms(st, seat, k)
    return w_now * gained / 10.0, kept / 10.0


@njit(cache=True)
def pair_term(params, at, terms):
    """Weights params[at], params[at + 1] times the two ``terms``."""
    return params[at] * terms[0] + params[at + 1] * terms[1]


@njit(cache=True)
def turn_back_score(params, at, st, seat, load, u):
    """The turn-back score: the features at the load now, plus greedy-value's,
    planner's and rollout's terms when their weights are not 0 (else they add
    exactly 0)."""
    total = score(params, at + TURN_BACK_W, features(st, seat, load, True))
    x = at + TURN_BACK_X
    if params[x] != 0.0 or params[x + 1] != 0.0 or params[x + 2] != 0.0:
        g, lost, p_stay = stay_down_features(st, seat)
        total += params[x] * g + params[x + 1] * lost + params[x + 2] * p_stay
    total += plan_term(params, at + TURN_BACK_PLAN, layout.PHASE_TURN_BACK, st, seat)
    return total - roll_term(params, at + TURN_BACK_ROLL, layout.PHASE_TURN_BACK, st, seat, u)


@njit(cache=True)
def plan_term(params, at, phase, st, seat):
    """Weight params[at] times planner's gain from acting at this decision / 10;
    exactly 0 without solving the plan when the weight is 0."""
    if params[at] == 0.0:
        return 0.0
    return params[at] * plan_gain(phase, seat, st, PLAN_EXTRA) / 10.0


@njit(cache=True)
def roll_term(params, at, phase, st, seat, u):
    """Weight params[at] times rollout's gain of its second candidate over its
    first / 10 (forecast.rollout_gain; at the turn-back step staying down over
    turning back); exactly 0 without a continuation when the weight is 0."""
    if params[at] == 0.0:
        return 0.0
    t = ROLL_T[min(max(st[layout.N_PLAYERS] - FIRST_PLAYERS, 0), len(ROLL_T) - 1)]
    return params[at] * forecast.rollout_gain(phase, seat, st, ROLL_K, t, u) / 10.0


@njit(cache=True)
def score(params, at, f):
    """Weights params[at .. at + N_FEATURES) times the features f."""
    total = 0.0
    for i in range(N_FEATURES):
        total += params[at + i] * f[i]
    return total


@register("policy", options=LAYOUT.options, builtin_id=10)
@njit(cache=True)
def policy(phase, seat, st, params, u):
    """Linear policy over public features (air, depth, loads, expected air
    burned before home, chance to get home, divers down, score lead, dive;
    turning back, picking up and dropping also greedy-value's gain and loss;
    turning back, picking up and dropping also planner's and rollout's gain
    from it):
    turn back, pick up, drop the cheapest item iff its weighted sum is
    positive (drops only heading up). Weights per player count: policy (the
    untrained start), policy:file=PATH (a weight file from `sim luft train`)
    or policy:preset=NAME (shipped: strategies/luft/presets)."""
    at = min(max(st[layout.N_PLAYERS] - FIRST_PLAYERS, 0), layout.MAX_SEATS - FIRST_PLAYERS) * BLOCK
    load = st[layout.N_CARRIED + seat]
    if phase == layout.PHASE_TURN_BACK:
        if layout.can_turn_back(st, seat) and turn_back_score(params, at, st, seat, load, u) > 0.0:
            return layout.TURN_BACK
        return layout.STAY_DOWN
    if layout.can_pick_up(st, seat):
        value = forecast.item_value(st[layout.PATH + st[layout.POS + seat] - 1]) / 14.0
        s = score(params, at + PICK_UP_W, features(st, seat, load + 1, False))
        s += params[at + PICK_UP_W + N_FEATURES] * value
        if params[at + PICK_UP_X] != 0.0 or params[at + PICK_UP_X + 1] != 0.0:
            s += pair_term(params, at + PICK_UP_X, pick_up_features(st, seat))
        s += plan_term(params, at + PICK_UP_PLAN, layout.PHASE_TREASURE, st, seat)
        if s + roll_term(params, at + PICK_UP_ROLL, layout.PHASE_TREASURE, st, seat, u) > 0.0:
            return layout.PICK_UP
        if params[at + DROP_PLAN] == 0.0:
            return layout.NOTHING
    if (st[layout.HEADING_UP + seat] == 1 or params[at + DROP_ROLL] != 0.0) and layout.can_drop(st, seat):
        k = forecast.cheapest_carried(st, seat)
        value = forecast.item_value(st[layout.CARRIED + seat * layout.MAX_PATH + k]) / 14.0
        s = score(params, at + DROP_W, features(st, seat, load - 1, False))
        s += params[at + DROP_W + N_FEATURES] * value
        if params[at + DROP_X] != 0.0 or params[at + DROP_X + 1] != 0.0:
            s += pair_term(params, at + DROP_X, drop_features(st, seat, k))
        if params[at + DROP_PLAN] != 0.0:
            s += params[at + DROP_PLAN] * drop_gain(st, seat) / 10.0
        if s + roll_term(params, at + DROP_ROLL, layout.PHASE_TREASURE, st, seat, u) > 0.0:
            return layout.DROP + k
    return layout.NOTHING


register("trained", options=LAYOUT.trained_vector, builtin_id=11, doc=LAYOUT.trained_doc())(policy)
