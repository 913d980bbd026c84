"""Geteilte Luft's part of the designer's workbench (`sim.design`): its
design metrics beyond the generic ones (tension, pace, rule holes), the
default field and the rule knobs a design study may search.

Everything is computed from the per-game outputs both engines fill
(`sim.games.luft.outputs`): per dive the sole leader after it, air-outs,
turns, divers left in the water, who returned last, whether it stalled and
the rule holes met (the ``holes`` bits).
"""

from __future__ import annotations

import numpy as np

from sim.design.knobs import Knob
from sim.design.metric_defs import Metric, lead_changes
from sim.games.luft.outputs import (
    D_AIR_OUT,
    D_DROWNED,
    D_HOLES,
    D_LAST_BACK,
    D_LEADER,
    D_STALLED,
    D_TURNS,
    HOLE_BLOCKED,
    HOLE_EMPTY_TURN_BACK,
    HOLE_SUB_TURN_BACK,
    HOLE_TIE_AT_ZERO,
    Batch,
)
from sim.games.luft.rules import (
    MAX_CARDS_PER_LEVEL,
    MAX_DIVES,
    MAX_STACK,
    SINK_ORDERS,
    SINK_WITHIN_DIVER,
    START_RULES,
    SWIM_SOURCES,
)

#: Play styles: the trained policy's strength at a heuristic's cost (`distilled`: trained's play
#: without its per-decision search, tuned under the default rules), greedy (value per air), search
#: (the planner solves its dive under the rules at hand; a game with one planner seat costs about
#: 16x one without, affordable in one seat of five), cautious (air budgeting) and the rulebook's
#: tips. The strongest come first: the exploit metric's best response plays the field's first n-1 bots.
FIELD = ("distilled", "greedy-value", "planner", "air", "rulebook-tips")
FIELD_STYLES = (
    "strong distilled (trained's play at a heuristic's cost), greedy greedy-value, search planner, "
    "cautious air, the rulebook's tips"
)
STRONG, WEAK = "greedy-value", "air"  # strong and weak in experiments/compare_turnback
#: The skill ladder, weakest first: (rung, bot). The robust verdict seats it as a field; the skill
#: curve plays each rung against the rung below.
LADDER = (("chance", "random"), ("simple heuristic", "greedy-value"), ("search", "planner"), ("trained", "trained"))
#: ``--objectives`` shorthands.
ALIASES = {"fairness": "seat_gap", "tension": "last_dive_decides", "pace": "p_air_out"}

METRICS = (
    Metric(
        "last_dive_decides",
        1,
        "tension: share of games the last dive decides — before it nobody led alone "
        "(points, then level 4, 3, 2 cards), or the sole leader then did not win (not even a share); "
        "a one-dive game always",
        share=True,
    ),
    Metric(
        "lead_changes",
        1,
        "tension: per game, the dives d >= 2 after which the sole leader differs from the "
        "sole leader after dive d-1 (a tie for the lead counts as 'no sole leader', a state of its own)",
    ),
    Metric("p_air_out", 0, "pace: share of dives in which the air runs out", share=True),
    Metric("turns", 0, "pace: turns per game (all dives; a turn is one diver's turn, skipped divers not counted)"),
    Metric("drowned_per_dive", 0, "pace: divers still in the water when a dive ends (they drown), per dive"),
    Metric(
        "hole_stalled",
        -1,
        "rule hole: share of dives ended by the [D] stalemate rule (a whole round without "
        "anyone carrying, moving, picking up or dropping)",
        share=True,
    ),
    Metric(
        "hole_nobody_back",
        -1,
        "rule hole: share of dives before the last in which nobody returned, so the "
        "[D] option start_when_nobody_returned picks who starts the next dive",
        share=True,
    ),
    Metric(
        "hole_sink_order",
        -1,
        "rule hole: share of dives ending with two or more divers in the water, so the "
        "[D] option sink_order orders their cards (an upper bound: a diver carrying nothing lays no card)",
        share=True,
    ),
    Metric(
        "hole_sub_turn_back",
        -1,
        "rule hole: share of dives in which a diver turned back in the submarine before leaving it "
        "(only without turn_back_needs_treasure); the rulebook is silent, this code brings the diver back at once",
        share=True,
    ),
    Metric(
        "hole_empty_turn_back",
        -1,
        "rule hole: share of dives in which a diver turned back carrying nothing, which only the "
        "[D] option turn_back_needs_treasure=false allows",
        share=True,
    ),
    Metric(
        "hole_blocked",
        -1,
        "rule hole: share of dives in which a diver heading down with steps to go found no free field "
        "deeper and stayed put (the reading 'the deepest free field reachable may be the current field')",
        share=True,
    ),
    Metric(
        "hole_tie_at_zero",
        -1,
        "rule hole: share of dives in which nobody returned and every diver was still at the submarine, "
        "so 'the deepest diver' is a tie broken by lowest seat",
        share=True,
    ),
)
#: Each engine-counted rule hole: its metric and its bit in the dive's holes column.
HOLE_BITS = {
    "hole_sub_turn_back": HOLE_SUB_TURN_BACK,
    "hole_empty_turn_back": HOLE_EMPTY_TURN_BACK,
    "hole_blocked": HOLE_BLOCKED,
    "hole_tie_at_zero": HOLE_TIE_AT_ZERO,
}


def columns(batch: Batch, rules) -> dict[str, np.ndarray]:
    """One value per game for each of `METRICS`."""
    from sim.games.luft.summary import last_dive_decided  # loads the tournament code: only when playing

    dive = batch.dive.astype(np.int64)
    dives = dive.shape[1]
    before_last = dive[:, :-1, D_LAST_BACK]
    return {
        "last_dive_decides": last_dive_decided(batch),
        "lead_changes": lead_changes(dive[:, :, D_LEADER]),
        "p_air_out": dive[:, :, D_AIR_OUT].mean(axis=1),
        "turns": dive[:, :, D_TURNS].sum(axis=1),
        "drowned_per_dive": dive[:, :, D_DROWNED].mean(axis=1),
        "hole_stalled": dive[:, :, D_STALLED].mean(axis=1),
        "hole_nobody_back": (before_last < 0).mean(axis=1) if dives > 1 else np.zeros(len(dive)),
        "hole_sink_order": (dive[:, :, D_DROWNED] >= 2).mean(axis=1),
        **{name: (dive[:, :, D_HOLES] & bit > 0).mean(axis=1) for name, bit in HOLE_BITS.items()},
    }


def _values(gap: float, step: float, cards: int) -> dict[str, str]:
    """Value lists from two shape knobs: level L's cards are round(gap·(L-1)) +
    round(step·k) for k = 0,0,1,1,2,2,3,3,… (pairs, as the rulebook's), so
    gap=4, step=1 is the rulebook at 8 cards per level."""
    ranks = [i // 2 for i in range(cards)]
    return {f"values_l{lv}": ",".join(str(round(gap * (lv - 1)) + round(step * k)) for k in ranks) for lv in range(1, 5)}


KNOBS = {
    "air": Knob("air", "int", (1, 999), "air chips per dive"),
    "dives": Knob("dives", "int", (1, MAX_DIVES), "dives per game"),
    "stack_size": Knob("stack_size", "int", (1, MAX_STACK), "cards per sunken stack"),
    "cards_per_level": Knob("cards_per_level", "int", (1, MAX_CARDS_PER_LEVEL), "treasure cards per level"),
    "turn_back_needs_treasure": Knob("turn_back_needs_treasure", "bool", None, "[D] turning back needs a treasure"),
    "start_when_nobody_returned": Knob(
        "start_when_nobody_returned", "choice", START_RULES, "[D] who starts the next dive when nobody returned"
    ),
    "sink_order": Knob("sink_order", "choice", SINK_ORDERS, "[D] order of the drowned divers' cards"),
    "sink_within_diver": Knob("sink_within_diver", "choice", SINK_WITHIN_DIVER, "[D] order of one diver's cards"),
    "swim": Knob("swim", "choice", SWIM_SOURCES, "swim source"),
    "value_gap": Knob("value_gap", "float", (0, 60), "value lists: step between the levels' lowest values (rulebook 4)"),
    "value_step": Knob("value_step", "float", (0, 20), "value lists: step between a level's value pairs (rulebook 1)"),
}
VALUE_KNOBS = {"value_gap": 4.0, "value_step": 1.0}
#: How the value-list knobs are printed: whole steps, so each level's values are whole numbers in
#: even pairs (value_gap=5.986 is printed as 6: levels start at 0, 6, 12, 18).
PRINTABLE = {"value_gap": 1, "value_step": 1}


def rules_for(values: dict) -> dict[str, str]:
    """Rule options (``--rules`` strings) of one point of the knob space; the
    value-list knobs become the four value lists."""
    rules = {k: str(v) for k, v in values.items() if k not in VALUE_KNOBS}
    if any(k in values for k in VALUE_KNOBS):
        shape = {k: float(values.get(k, d)) for k, d in VALUE_KNOBS.items()}
        rules.update(_values(shape["value_gap"], shape["value_step"], int(values.get("cards_per_level", 8))))
    return rules


#: The knobs `sim luft design` searches when --knobs is not given: those of
#: the committed study (experiments/design/run.sh).
DEFAULT_KNOBS = "air=10..50,dives=2..5,stack_size=1..5,turn_back_needs_treasure,value_gap=1..8"
CONSTRAINT_EXAMPLE = "p_air_out=0.5..0.9"  # a --constraint in --help
PLAYERS = (2, 6)


def at_players(players: int, rules: dict) -> dict:
    """The rules of a table of ``players``."""
    return {**rules, "players": players}
