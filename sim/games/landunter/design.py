"""Land unter's part of the designer's workbench (`sim.design`): tension,
pace, hand-fairness and rule-hole metrics beyond the generic ones, the
default field and the [D] options a design study may search.

Computed from the per-game outputs both engines fill
(`sim.games.landunter.outputs.Batch`): points per deal and seat,
early ends, players out per deal, the rule holes met per deal (``holes``,
those of the flip step counted inside it, cascade included). The ring-value
gap is not a per-game figure: the regression of `sim landunter fairness`
over every hand of the field games (`pooled`).
"""

from __future__ import annotations

import numpy as np

from sim.design.knobs import Knob
from sim.design.metric_defs import Metric, decided_by_last, lead_changes
from sim.games.landunter.outputs import (
    HOLE_BOTH_BONUSES,
    HOLE_CUT_CASCADE,
    HOLE_FLOOD_TIE,
    HOLE_NO_FLOOD,
    HOLE_REPEAT_FLIPPER,
    HOLE_ZERO_RINGS,
)
from sim.stats import Estimate

#: Play styles: the trained policy (trained under the default rules), dodging, card counting,
#: ring keeping (cautious) and the plain lowest card; the strongest first (the exploit metric's best
#: response plays the first n-1). The search bot `sampler` is left out: one sampler seat makes a
#: game about 100x dearer, too much for thousands of candidates.
FIELD = ("trained", "dodge", "counter", "ring-keeper", "low")
FIELD_STYLES = (
    "trained, dodging dodge, card counting counter, cautious ring-keeper, plain low "
    "(no search bot: one sampler seat makes a game about 100x dearer)"
)
STRONG, WEAK = "dodge", "random"  # dodge tops experiments/landunter_ranking
#: The skill ladder, weakest first: (rung, bot). No search rung: one `sampler` seat makes a game
#: about 100x dearer, and the curve seats n-1 of a rung; the card counter stands between.
LADDER = (("chance", "random"), ("simple heuristic", "low"), ("card counting", "counter"), ("trained", "trained"))
ALIASES = {"fairness": "seat_gap", "tension": "last_deal_decides", "pace": "early_end"}

METRICS = (
    Metric(
        "last_deal_decides",
        1,
        "tension: share of games the last deal decides — before it nobody led alone "
        "on points, or the sole leader then did not win (not even a share)",
        share=True,
    ),
    Metric(
        "lead_changes",
        1,
        "tension: per game, the deals d >= 2 after which the sole points leader differs "
        "from the one after deal d-1 (a tie for the lead is 'no sole leader', a state of its own)",
    ),
    Metric("early_end", 0, "pace: share of deals ended by the two-or-fewer rule", share=True),
    Metric("eliminated_per_deal", 0, "pace: players out at the end of a deal, per deal"),
    Metric(
        "ring_gap",
        -1,
        "hand fairness (the ring-value gap): expected points per deal of the 90th-percentile hand minus the "
        "10th in the field games, hands ranked by the least-squares fit of points on hand strength and rings "
        "over every hand played (the regression of `sim landunter fairness`); 0: the ring count makes up for "
        "weak cards. CI clustered by game; n counts hands",
    ),
    Metric(
        "hole_repeat_flipper",
        -1,
        "rule hole: share of deals in which a cascade flip after an elimination finds the highest flood card "
        "held by a player who already flipped in this step, so [D1] (flip again, or be passed over) decides",
        share=True,
    ),
    Metric(
        "hole_flood_tie",
        -1,
        "rule hole: share of deals with a flip (a round's, or a cascade's after an elimination) at which two "
        "or more players tie for the highest flood card and one of them has no ring left, so [D2] (out at "
        "once, or one after another) decides",
        share=True,
    ),
    Metric(
        "hole_cut_cascade",
        -1,
        "rule hole: share of deals in which an elimination leaves two or fewer players while one still in "
        "may still flip in this step (the cascade's next flipper, or a later tied player in seat order), "
        "so [D3] (the deal ends at once, or after the flips) decides",
        share=True,
    ),
    Metric(
        "hole_one_left",
        -1,
        "rule hole: share of deals ending with one player or none still in, a case the "
        "rules settle only by decision [D4] ('two remain' means two or fewer)",
        share=True,
    ),
    Metric(
        "hole_no_flood",
        -1,
        "rule hole: share of deals with a cascade flip after an elimination while nobody still in holds a "
        "flood card, so nobody flips by [D5] (at a round's flip someone has just taken one)",
        share=True,
    ),
    Metric(
        "hole_both_bonuses",
        -1,
        "rule hole: share of deals scored while a player still in has no flood card and another "
        "holds one, so [D6] decides who gets the lowest-flood bonus",
        share=True,
    ),
    Metric(
        "hole_zero_rings",
        -1,
        "rule hole: share of deals ending with a player still in with no ring left, who scores 0 by [D7] (not -1)",
        share=True,
    ),
)
#: Each engine-counted rule hole: its metric and its bit in the deal's holes.
HOLE_BITS = {
    "hole_flood_tie": HOLE_FLOOD_TIE,
    "hole_both_bonuses": HOLE_BOTH_BONUSES,
    "hole_zero_rings": HOLE_ZERO_RINGS,
    "hole_repeat_flipper": HOLE_REPEAT_FLIPPER,
    "hole_cut_cascade": HOLE_CUT_CASCADE,
    "hole_no_flood": HOLE_NO_FLOOD,
}


def sole_leaders(points: np.ndarray) -> np.ndarray:
    """[game, deal] the seat alone in the lead on points after each deal (-1 on a tie)."""
    total = np.cumsum(points.astype(np.int64), axis=1)
    best = total.max(axis=2, keepdims=True)
    tied = (total == best).sum(axis=2)
    return np.where(tied == 1, total.argmax(axis=2), -1)


def columns(batch, rules) -> dict[str, np.ndarray]:
    """One value per game for each of `METRICS` but those `pooled` gives."""
    leaders = sole_leaders(batch.deal_points)
    players = batch.score.shape[1]
    decides = decided_by_last(leaders[:, -2], batch.win60) if leaders.shape[1] > 1 else np.ones(len(leaders), np.int8)
    out = batch.n_eliminated.astype(np.int64)
    return {
        "last_deal_decides": decides,
        "lead_changes": lead_changes(leaders),
        "early_end": batch.early_end.mean(axis=1),
        "eliminated_per_deal": out.mean(axis=1),
        "hole_one_left": (players - out <= 1).mean(axis=1),
        **{name: (batch.holes & bit > 0).mean(axis=1) for name, bit in HOLE_BITS.items()},
    }


def pooled(totals) -> dict[str, Estimate]:
    """The metrics computed over all field games at once (``totals``: their
    summed `sim.runner.Totals`): ``ring_gap``, the fairness regression's spread."""
    # deferred: loads matplotlib, numba and pandas, slow to import (python -X importtime), for this path only
    from sim.games.landunter.analyses.fairness import HIST, MOMENTS, regression

    hands = int(totals.hists[HIST].sum())
    try:
        with np.errstate(divide="ignore", invalid="ignore"):  # a degenerate tiny run: nan, not a warning
            spread = regression(totals.hists[HIST], totals.hists[MOMENTS])["spread"]
    except ValueError:  # too few hands to fit (a tiny run): no figure
        spread = Estimate(float("nan"), float("nan"), float("nan"), hands)
    return {"ring_gap": spread}


KNOBS = {
    name: Knob(name, "bool", None, f"[{tag}] {name}")
    for name, tag in (
        ("cascade_may_repeat_flipper", "D1"),
        ("tie_simultaneous", "D2"),
        ("end_before_cascade", "D3"),
        ("no_flood_counts_as_lowest", "D6"),
    )
}


def rules_for(values: dict) -> dict[str, str]:
    """Rule options of one point of the knob space (every knob is a rule option)."""
    return {k: str(v) for k, v in values.items()}


#: The knobs `sim landunter design` searches when --knobs is not given: those of
#: the committed study (experiments/design/run.sh).
DEFAULT_KNOBS = "cascade_may_repeat_flipper,tie_simultaneous,end_before_cascade,no_flood_counts_as_lowest"
CONSTRAINT_EXAMPLE = "early_end=0..0.3"  # a --constraint in --help
PLAYERS = (3, 6)


def at_players(players: int, rules: dict) -> dict:
    """The rules of a table of ``players`` (6 needs the allow_six option)."""
    # deferred: loads numba, slow to import (python -X importtime), for this path only
    from sim.games.landunter.analyses.common import rules_for as table_rules

    return table_rules(players, rules)
